import { Router } from 'express';
import { handle, listPage, param } from '../../rest/http.js';
import * as sessions from './sessions.service.js';
import { listSecurityEvents } from './security-events.js';

/**
 * The session routes of docs/API.md: GET /api/auth/sessions (the viewer's sessions), DELETE
 * /api/auth/sessions/:id (sign one out), POST /api/auth/sessions/revoke-others, the admins' POST
 * /api/users/:id/sign-out-everywhere and GET /api/security-events?limit=&offset=&userId=
 * (a plain array, newest first, 50 unless `limit` (at most 200) says otherwise; the total in X-Total-Count).
 */
export function sessionRoutes(): Router {
  const r = Router();
  r.get(
    '/auth/sessions',
    handle(async (_req, ctx) => sessions.listMySessions(ctx)),
  );
  r.delete(
    '/auth/sessions/:id',
    handle(async (req, ctx) => {
      await sessions.revokeSession(ctx, param(req, 'id'));
      return { ok: true };
    }),
  );
  r.post(
    '/auth/sessions/revoke-others',
    handle(async (_req, ctx) => ({ ok: true, revoked: await sessions.revokeOtherSessions(ctx) })),
  );
  r.post(
    '/users/:id/sign-out-everywhere',
    handle(async (req, ctx) => ({ ok: true, revoked: await sessions.signOutUserEverywhere(ctx, param(req, 'id')) })),
  );
  r.get(
    '/security-events',
    handle(async (req, ctx, res) => {
      const page = listPage(req, { max: 200, defaultLimit: 50 });
      const userId = typeof req.query.userId === 'string' ? req.query.userId : null;
      const result = await listSecurityEvents(ctx, { first: page.limit ?? 50, offset: page.offset, userId });
      res.setHeader('X-Total-Count', String(result.totalCount));
      return result.items;
    }),
  );
  return r;
}
