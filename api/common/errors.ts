import { OptimisticLockError } from '@mikro-orm/core';
import { unreachableDependency, type Dependency } from './unreachable.js';

/** The error codes every transport understands (GraphQL extensions.code, REST status). */
export type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'BAD_USER_INPUT'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'RATE_LIMITED'
  | 'INTERNAL_SERVER_ERROR'
  | 'SERVICE_UNAVAILABLE';

/** The one error type of the domain: a code and a message a person can read. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badInput = (message: string, details?: Record<string, unknown>) => new AppError('BAD_USER_INPUT', message, details);
export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') => new AppError('FORBIDDEN', message);
export const unauthenticated = (message = 'Please sign in first') => new AppError('UNAUTHENTICATED', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);

export const HTTP_STATUS: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

/** Seconds a client waits before trying again after SERVICE_UNAVAILABLE (the Retry-After header). */
export const RETRY_AFTER_SECONDS = 5;

const DEPENDENCY_NAMES: Record<Dependency, string> = { database: 'its database', redis: 'its session store' };

/** The server cannot reach the database or Redis (docs/DECISIONS.md, "Readiness"): 503, try again soon. */
export const unavailable = (dependency: Dependency) =>
  new AppError('SERVICE_UNAVAILABLE', `The server cannot reach ${DEPENDENCY_NAMES[dependency]} right now. Try again in a moment.`, {
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  });

/**
 * An error as the AppError a client can read, when it is one: a write that lost a race with another
 * (MikroORM's optimistic lock on `version`: the row changed between reading and writing it) is CONFLICT;
 * a database or Redis that cannot be reached (unreachable.ts) is SERVICE_UNAVAILABLE.
 */
export function asAppError(err: unknown): unknown {
  if (err instanceof OptimisticLockError) {
    return new AppError('CONFLICT', 'Someone else saved a change at the same moment. Nothing was saved: reload and try again.');
  }
  const dependency = unreachableDependency(err);
  if (dependency) return unavailable(dependency);
  return err;
}
