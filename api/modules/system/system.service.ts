import type { MikroORM } from '@mikro-orm/core';
import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { isAdmin } from '../../common/actor.js';
import { forbidden } from '../../common/errors.js';
import { logger } from '../../common/logger.js';
import type { SystemStatus } from './system.types.js';

/** How long a readiness ping waits for the database or Redis before counting it as down. */
export const PING_TIMEOUT_MS = 2000;

/** Whether this server can answer: what /readyz and the admin health card report. */
export interface Readiness {
  ready: boolean;
  database: 'up' | 'down';
  /** 'not used' without REDIS_URL (one process keeps sessions and live updates itself). */
  redis: 'up' | 'down' | 'not used';
  /** The dependencies that did not answer, by name ('database', 'redis'). */
  unreachable: ('database' | 'redis')[];
}

declare module '../../common/context.js' {
  interface AppRuntime {
    /** Pings the database and Redis (/readyz and the admin health card). */
    readiness: () => Promise<Readiness>;
  }
}

/** True when `ping` settles within the timeout without an error (a failure is logged, not thrown). */
async function answers(what: string, ping: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([ping(), timeout]);
    return true;
  } catch (err) {
    logger.warn(`readiness check: ${what} did not answer: ${err instanceof Error ? err.message : String(err)}`);
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The readiness check of this server: pings the database (`select 1`) and, when Redis is used, Redis
 * (`PING` on the client that holds the sessions), at the same time, each with a short timeout.
 */
export function readinessCheck(orm: MikroORM, pingRedis: (() => Promise<unknown>) | null, timeoutMs = PING_TIMEOUT_MS): () => Promise<Readiness> {
  return async () => {
    const [database, redis] = await Promise.all([
      answers('the database', () => orm.em.getConnection().execute('select 1'), timeoutMs),
      pingRedis ? answers('Redis', pingRedis, timeoutMs) : Promise.resolve(null),
    ]);
    const unreachable: Readiness['unreachable'] = [...(database ? [] : ['database' as const]), ...(redis === false ? ['redis' as const] : [])];
    return {
      ready: unreachable.length === 0,
      database: database ? 'up' : 'down',
      redis: redis === null ? 'not used' : redis ? 'up' : 'down',
      unreachable,
    };
  };
}

/**
 * The readiness of this server for the admin health card: pings the database and Redis (readinessCheck)
 * and names the database kind and the live-update mode. Admins only (FORBIDDEN otherwise); a failed
 * ping answers ready=false.
 */
export async function systemStatus(ctx: ServiceContext): Promise<SystemStatus> {
  const actor = requireActor(ctx);
  if (!isAdmin(actor)) throw forbidden('Only admins can see the system status');
  const readiness = await ctx.app.readiness();
  const { databaseUrl, redisUrl } = ctx.app.config;
  return {
    ready: readiness.ready,
    databaseReachable: readiness.database === 'up',
    redisReachable: readiness.redis === 'not used' ? null : readiness.redis === 'up',
    database: databaseUrl ? 'postgresql' : 'sqlite',
    liveUpdates: redisUrl ? 'redis' : 'in-process',
    checkedAt: ctx.now(),
  };
}
