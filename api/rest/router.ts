import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { AppError } from '../common/errors.js';
import type { ServerModule } from '../common/module.js';
import { errorMiddleware, refuseOversizedBody } from './http.js';

/** The largest REST body (bytes). */
export const BODY_LIMIT = 1024 * 1024;

/** Bodies must be JSON: a form post from another site cannot smuggle a change in. */
function requireJsonBody(req: Request, _res: Response, next: NextFunction): void {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(req.method) && hasBody && !req.is('application/json')) {
    next(new AppError('BAD_USER_INPUT', 'Send the request body as JSON (Content-Type: application/json)'));
    return;
  }
  next();
}

declare module '../common/module.js' {
  interface ServerModule {
    /** Routes that take a multipart upload, mounted before the JSON-only body rules (they read their own body). */
    readonly uploadRoutes?: () => Router;
  }
}

/** The REST compatibility layer at /api (docs/API.md), over the same services as GraphQL: the modules' routes, in their order. */
export function restRouter(originGuard: express.RequestHandler, modules: readonly ServerModule[]): Router {
  const r = Router();
  r.use(originGuard);
  for (const module of modules) if (module.uploadRoutes) r.use(module.uploadRoutes());
  r.use(requireJsonBody);
  r.use(refuseOversizedBody(BODY_LIMIT));
  r.use(express.json({ limit: BODY_LIMIT, strict: false }));
  r.use((req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  for (const module of modules) if (module.routes) r.use(module.routes());
  r.use((req, _res, next) => next(new AppError('NOT_FOUND', `No such API route: ${req.method} ${req.path}`)));
  r.use(errorMiddleware);
  return r;
}
