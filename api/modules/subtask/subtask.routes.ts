import { Router } from 'express';
import { body, handle, paged, param, toJson } from '../../rest/http.js';
import { presentTask } from '../task/task.presenter.js';
import * as subtasks from './subtask.service.js';

/** REST adapter of the subtask service (routes in docs/API.md). */
export function subtaskRoutes(): Router {
  const r = Router();
  r.get(
    '/tasks/:id/subtasks',
    handle(async (req, ctx) => toJson(paged(req, await subtasks.listSubtasks(ctx, param(req, 'id'))))),
  );
  r.post(
    '/tasks/:id/subtasks',
    handle(async (req, ctx) => toJson(await subtasks.createSubtask(ctx, param(req, 'id'), body(req))), 201),
  );
  r.patch(
    '/subtasks/:id',
    handle(async (req, ctx) => toJson(await subtasks.updateSubtask(ctx, param(req, 'id'), body(req)))),
  );
  r.delete(
    '/subtasks/:id',
    handle(async (req, ctx) => ({ id: await subtasks.deleteSubtask(ctx, param(req, 'id')) })),
  );
  r.post(
    '/subtasks/:id/promote',
    handle(async (req, ctx) => presentTask(ctx, await subtasks.promoteSubtask(ctx, param(req, 'id'))), 201),
  );
  return r;
}
