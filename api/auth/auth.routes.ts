import { Router } from 'express';
import { unauthenticated } from '../common/errors.js';
import { body, handle, toJson } from '../rest/http.js';
import { tokenJson } from '../modules/token/token.service.js';
import * as auth from './auth.service.js';
import { twoFactorRoutes } from './two-factor/index.js';

/**
 * POST /api/auth/login, GET /api/auth/me, POST /api/auth/logout, and POST /api/auth/password
 * `{ currentPassword, newPassword }` (answers the person's API tokens, which the change leaves valid);
 * the two-factor routes (two-factor/two-factor.routes.ts).
 */
export function authRoutes(): Router {
  const r = Router();
  r.post(
    '/auth/login',
    handle(async (req, ctx) => toJson(await auth.login(ctx, body(req)))),
  );
  r.get(
    '/auth/me',
    handle(async (_req, ctx) => {
      const user = await auth.currentUser(ctx);
      if (!user) throw unauthenticated('Not signed in');
      return toJson(user);
    }),
  );
  r.post(
    '/auth/logout',
    handle(async (_req, ctx) => {
      await auth.logout(ctx);
      return { ok: true };
    }),
  );
  r.post(
    '/auth/password',
    handle(async (req, ctx) => ({ ok: true, apiTokens: (await auth.changeOwnPassword(ctx, body(req))).map(tokenJson) })),
  );
  r.use(twoFactorRoutes());
  return r;
}
