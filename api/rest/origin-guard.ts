import type { Request, RequestHandler } from 'express';
import { forbidden } from '../common/errors.js';

/** True when the Origin header is absent, the server's own, or explicitly allowed. */
export function isAllowedOrigin(origin: string | undefined, host: string | undefined, allowed: string[]): boolean {
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** Refuses state-changing requests whose Origin is another site's (CSRF defence in depth). */
export function originGuard(allowed: string[]): RequestHandler {
  return (req: Request, _res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    // A bearer token is no ambient credential: another site cannot forge a request with it (bearer.ts).
    if (req.apiToken) return next();
    if (!isAllowedOrigin(req.headers.origin, req.headers.host, allowed)) return next(forbidden('Cross-site request refused'));
    next();
  };
}
