import { Router } from 'express';
import { body, handle, paged, param } from '../../rest/http.js';
import * as views from './view.service.js';

/** REST adapter of the saved-view service: /api/task-views. */
export function viewRoutes(): Router {
  const r = Router();
  r.get(
    '/task-views',
    handle(async (req, ctx) => paged(req, await views.listTaskViews(ctx)).map(views.viewJson)),
  );
  r.get(
    '/task-views/:id',
    handle(async (req, ctx) => views.viewJson(await views.getTaskView(ctx, param(req, 'id')))),
  );
  r.post(
    '/task-views',
    handle(async (req, ctx) => views.viewJson(await views.createTaskView(ctx, body(req))), 201),
  );
  r.patch(
    '/task-views/:id',
    handle(async (req, ctx) => views.viewJson(await views.updateTaskView(ctx, param(req, 'id'), body(req)))),
  );
  r.put(
    '/task-views/:id',
    handle(async (req, ctx) => views.viewJson(await views.updateTaskView(ctx, param(req, 'id'), body(req)))),
  );
  r.post(
    '/task-views/:id/share',
    handle(async (req, ctx) => views.viewJson(await views.shareTaskView(ctx, param(req, 'id'), body(req)))),
  );
  r.delete(
    '/task-views/:id',
    handle(async (req, ctx) => ({ id: await views.deleteTaskView(ctx, param(req, 'id')) })),
  );
  return r;
}
