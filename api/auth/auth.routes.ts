import { Router } from 'express';
import { unauthenticated } from '../common/errors.js';
import { body, handle, toJson } from '../rest/http.js';
import * as auth from './auth.service.js';

/** POST /api/auth/login, GET /api/auth/me, POST /api/auth/logout (SPEC 7). */
export function authRoutes(): Router {
  const r = Router();
  r.post('/auth/login', handle(async (req, ctx) => toJson(await auth.login(ctx, body(req)))));
  r.get(
    '/auth/me',
    handle(async (_req, ctx) => {
      const user = await auth.currentUser(ctx);
      if (!user) throw unauthenticated('Not signed in');
      return toJson(user);
    }),
  );
  r.post('/auth/logout', handle(async (_req, ctx) => { await auth.logout(ctx); return { ok: true }; }));
  return r;
}
