import type { RequestHandler } from 'express';
import type { AppRuntime } from '../../common/context.js';
import { logger } from '../../common/logger.js';

/** A session's last-seen time is written again only when it is older than this: reads stay free of writes. */
export const LAST_SEEN_PRECISION_MS = 60_000;

/**
 * After the session middleware: when the request's signed-in session was last seen more than a minute
 * ago, records now and the request's address in the session's record (the store writes only an
 * existing session, so a request that raced a revocation cannot bring it back). The request's own
 * copy of the session is left alone, so express-session does not save it again.
 */
export function markSessionSeen(runtime: AppRuntime): RequestHandler {
  return (req, _res, next) => {
    const session = req.session;
    if (!session?.userId || req.apiToken) return next();
    const now = (runtime.clock?.() ?? new Date()).getTime();
    const last = session.lastSeenAt ? Date.parse(session.lastSeenAt) : 0;
    if (now - (Number.isNaN(last) ? 0 : last) < LAST_SEEN_PRECISION_MS) return next();
    runtime.sessions.markSeen(req.sessionID, { lastSeenAt: new Date(now).toISOString(), ip: req.ip ?? 'unknown' }).then(
      () => next(),
      (err: unknown) => {
        logger.warn(`Could not record when a session was last seen: ${err instanceof Error ? err.message : String(err)}`);
        next();
      },
    );
  };
}
