import { DriverException } from '@mikro-orm/core';

/** What the server cannot answer without: the database and, in scale-out, Redis. */
export type Dependency = 'database' | 'redis';

/**
 * ioredis's own failures of a command that never reached Redis: the connection is down and commands are
 * not queued (enableOfflineQueue false, api/app.ts), it was closed, the command timed out, or it ran out
 * of reconnection attempts. A reply from Redis (ReplyError) is none of these.
 */
const REDIS_UNREACHABLE =
  /^(Stream isn't writeable and enableOfflineQueue options is false|Connection is closed\.|Command timed out|Reached the max retries per request limit)/;

/** Socket failures of a database query, or of opening a connection to the database (refused, reset, timed out, name not found). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * PostgreSQL's SQLSTATEs of a server that cannot serve: class 08 (connection exception), 57P01-57P03
 * (shutting down, crashed, starting up) and 53300 (too many connections).
 */
const PG_UNAVAILABLE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** node-postgres's and knex's words for a connection that went away or never came. */
const DATABASE_UNREACHABLE = /Connection terminated|Timeout acquiring a connection|is not queryable|connection timeout|Client was closed/i;

/** The error and the errors it wraps (MikroORM's `previous`, `cause`, GraphQL's `originalError`). */
function* chain(err: unknown): Generator<Record<string, unknown>> {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const record = e as Record<string, unknown>;
    yield record;
    e = record.previous ?? record.cause ?? record.originalError;
  }
}

/**
 * Which dependency an error says could not be reached, or null for any other error (a failed query,
 * a constraint, a bug). Used by asAppError: such an error answers 503 with Retry-After, not 500.
 */
export function unreachableDependency(err: unknown): Dependency | null {
  for (const e of chain(err)) {
    const message = typeof e.message === 'string' ? e.message : '';
    const code = typeof e.code === 'string' ? e.code : '';
    if (REDIS_UNREACHABLE.test(message) || e.name === 'MaxRetriesPerRequestError') return 'redis';
    if (PG_UNAVAILABLE.test(code) && (e.severity !== undefined || e instanceof DriverException)) return 'database';
    if (DATABASE_UNREACHABLE.test(message)) return 'database';
    if (SOCKET_CODES.has(code) && (e instanceof DriverException || e.syscall === 'connect')) return 'database';
  }
  return null;
}
