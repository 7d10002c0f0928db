import type { EntityManager } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/core';
import { unauthenticated } from './errors.js';
import type { Actor } from './actor.js';
import { toActor } from './actor.js';
import { createLoaders, type Loaders } from './loaders.js';
import { findById } from './by-id.js';
import type { RealtimeHub } from '../realtime/hub.js';
import type { SessionHandle } from '../auth/session-handle.js';
import { User } from '../modules/user/user.entity.js';
import type { AppConfig } from '../config.js';
import type { AppSessionStore } from '../auth/session-store.js';
import type { LoginLimiter } from '../auth/rate-limit.js';
import type { TaskPart } from '../modules/task/task-parts.js';
import type { ConfigKeyHolder } from '../modules/config/config-key-holders.js';
import type { WebhookInterest } from '../modules/webhook/webhook.interest.js';
import type { Readiness } from '../modules/system/system.service.js';

/**
 * What every service call receives: its own EntityManager, the actor, per-request loaders, the
 * realtime hub, the clock and the viewer's time zone. Built by createContext for HTTP, WS and REST.
 */
export interface ServiceContext {
  em: EntityManager;
  actor: Actor | null;
  loaders: Loaders;
  realtime: RealtimeHub;
  now: () => Date;
  timeZone: string;
  session: SessionHandle | null;
  /** The personal API token the request was authenticated with (Authorization: Bearer), or null for a session. */
  tokenId: string | null;
  /** The origin the request was sent to ('https://plan.example.com'), for absolute links; null on the socket. */
  origin: string | null;
  ip: string;
  app: AppRuntime;
}

/** Process-wide pieces the services may use (built once by the composition root). */
export interface AppRuntime {
  orm: MikroORM;
  config: AppConfig;
  realtime: RealtimeHub;
  sessions: AppSessionStore;
  loginLimiter: LoginLimiter;
  /** What tasks carry of other modules through a delete, restore or repeat (subtasks, comments). */
  taskParts: readonly TaskPart[];
  /** The rows that hold config keys, rewritten when a key is renamed (tasks, templates). */
  configKeyHolders: readonly ConfigKeyHolder[];
  /** Which events an enabled webhook wants (the outbox queues only those). */
  webhookInterest: WebhookInterest;
  /** Pings the database and Redis (/readyz and the admin health card). */
  readiness: () => Promise<Readiness>;
  clock?: () => Date;
}

export interface ContextInput {
  userId: string | null;
  timeZone?: string;
  session?: SessionHandle | null;
  tokenId?: string | null;
  origin?: string | null;
  ip?: string;
}

/** Forks a fresh EntityManager for one operation and resolves the signed-in user (inactive users are anonymous). */
export async function createContext(app: AppRuntime, input: ContextInput): Promise<ServiceContext> {
  const em = app.orm.em.fork();
  const loaders = createLoaders(em);
  let actor: Actor | null = null;
  if (input.userId) {
    const user = await findById(em, User, input.userId);
    if (user?.isActive) actor = toActor(user);
    // The actor's row is loaded already: permission checks that look the actor up cost no query.
    if (user) loaders.user.prime(user.id, user);
  }
  return {
    em,
    actor,
    loaders,
    realtime: app.realtime,
    now: app.clock ?? (() => new Date()),
    timeZone: input.timeZone ?? 'UTC',
    session: input.session ?? null,
    tokenId: input.tokenId ?? null,
    origin: input.origin ?? null,
    ip: input.ip ?? 'unknown',
    app,
  };
}

/** The actor, or UNAUTHENTICATED. */
export function requireActor(ctx: ServiceContext): Actor {
  if (!ctx.actor) throw unauthenticated();
  return ctx.actor;
}
