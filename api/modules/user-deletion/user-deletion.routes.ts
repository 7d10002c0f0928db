import { Router } from 'express';
import { handle, param } from '../../rest/http.js';
import { deleteUser } from './user-deletion.service.js';

/** REST adapter of user deletion: DELETE /api/users/:id. */
export function userDeletionRoutes(): Router {
  const r = Router();
  r.delete(
    '/users/:id',
    handle(async (req, ctx) => ({ id: await deleteUser(ctx, param(req, 'id')) })),
  );
  return r;
}
