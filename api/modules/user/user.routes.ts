import { Router } from 'express';
import { body, handle, paged, param } from '../../rest/http.js';
import * as users from './user.service.js';
import { userJson } from './user.presenter.js';

/** REST adapter of the user service: the /api/users routes of docs/API.md (DELETE is user-deletion's). */
export function userRoutes(): Router {
  const r = Router();
  r.get(
    '/users',
    handle(async (req, ctx) => paged(req, await users.listUsers(ctx, { includeInactive: req.query.active !== 'true' })).map(userJson)),
  );
  r.get(
    '/users/:id',
    handle(async (req, ctx) => userJson(await users.getUser(ctx, param(req, 'id')))),
  );
  r.post(
    '/users',
    handle(async (req, ctx) => userJson(await users.createUser(ctx, body(req))), 201),
  );
  r.patch(
    '/users/:id',
    handle(async (req, ctx) => userJson(await users.updateUser(ctx, param(req, 'id'), body(req)))),
  );
  r.put(
    '/users/:id',
    handle(async (req, ctx) => userJson(await users.updateUser(ctx, param(req, 'id'), body(req)))),
  );
  return r;
}
