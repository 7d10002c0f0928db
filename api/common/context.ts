import type { EntityManager } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/core';
import { unauthenticated } from './errors.js';
import type { Actor } from './actor.js';
import { createLoaders, type LoaderFactory, type Loaders } from './loaders.js';
import type { RealtimeHub } from '../realtime/hub.js';
import type { SessionHandle } from '../auth/session-handle.js';
import type { AppConfig } from '../config.js';
import type { AppSessionStore } from '../auth/session-store.js';
import type { LoginLimiter } from '../auth/rate-limit.js';

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
  /** The request's User-Agent header ('' when none, or on the socket). */
  userAgent: string;
  app: AppRuntime;
}

/**
 * Process-wide pieces the services may use (built once by the composition root, api/app.ts). A module
 * that hands something to others through it declares its field here by declaration merging, beside the
 * contract (`declare module '../../common/context.js' { interface AppRuntime { ... } }`): task parts,
 * config key holders, the webhook interest, the readiness check.
 */
export interface AppRuntime {
  orm: MikroORM;
  config: AppConfig;
  realtime: RealtimeHub;
  sessions: AppSessionStore;
  loginLimiter: LoginLimiter;
  /** Every module's per-request loaders (createContext builds a fresh set for each operation). */
  loaders: readonly LoaderFactory[];
  /**
   * The signed-in user as an actor, or null when the user is unknown or inactive; puts the user's row
   * in `loaders` (the user module supplies it).
   */
  actorOf: (em: EntityManager, loaders: Loaders, userId: string) => Promise<Actor | null>;
  clock?: () => Date;
}

export interface ContextInput {
  userId: string | null;
  timeZone?: string;
  session?: SessionHandle | null;
  tokenId?: string | null;
  origin?: string | null;
  ip?: string;
  userAgent?: string;
}

/** Forks a fresh EntityManager for one operation and resolves the signed-in user (inactive users are anonymous). */
export async function createContext(app: AppRuntime, input: ContextInput): Promise<ServiceContext> {
  const em = app.orm.em.fork();
  const loaders = createLoaders(em, app.loaders);
  const actor = input.userId ? await app.actorOf(em, loaders, input.userId) : null;
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
    userAgent: input.userAgent ?? '',
    app,
  };
}

/** The actor, or UNAUTHENTICATED. */
export function requireActor(ctx: ServiceContext): Actor {
  if (!ctx.actor) throw unauthenticated();
  return ctx.actor;
}
