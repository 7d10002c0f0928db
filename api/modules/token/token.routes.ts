import { Router } from 'express';
import { body, handle, param } from '../../rest/http.js';
import * as tokens from './token.service.js';

/** REST adapter of the token service: /api/tokens. */
export function tokenRoutes(): Router {
  const r = Router();
  r.get(
    '/tokens',
    handle(async (_req, ctx) => (await tokens.listApiTokens(ctx)).map(tokens.tokenJson)),
  );
  r.post(
    '/tokens',
    handle(async (req, ctx) => tokens.newTokenJson(await tokens.createApiToken(ctx, body(req).name)), 201),
  );
  r.delete(
    '/tokens/:id',
    handle(async (req, ctx) => ({ id: await tokens.revokeApiToken(ctx, param(req, 'id')) })),
  );
  return r;
}
