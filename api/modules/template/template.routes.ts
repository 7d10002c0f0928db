import { Router } from 'express';
import { body, handle, paged, param, toJson } from '../../rest/http.js';
import { presentTask } from '../task/task.presenter.js';
import * as templates from './template.service.js';

/** REST adapter of the template service: the /api/task-templates routes of docs/API.md. */
export function templateRoutes(): Router {
  const r = Router();
  r.get(
    '/task-templates',
    handle(async (req, ctx) => toJson(paged(req, await templates.listTemplates(ctx)))),
  );
  r.get(
    '/task-templates/:id',
    handle(async (req, ctx) => toJson(await templates.getTemplate(ctx, param(req, 'id')))),
  );
  r.get(
    '/task-templates/:id/subtasks',
    handle(async (req, ctx) => toJson(paged(req, await templates.listTemplateSubtasks(ctx, param(req, 'id'))))),
  );
  r.post(
    '/task-templates',
    handle(async (req, ctx) => toJson(await templates.createTemplate(ctx, body(req))), 201),
  );
  r.patch(
    '/task-templates/:id',
    handle(async (req, ctx) => toJson(await templates.updateTemplate(ctx, param(req, 'id'), body(req)))),
  );
  r.put(
    '/task-templates/:id',
    handle(async (req, ctx) => toJson(await templates.updateTemplate(ctx, param(req, 'id'), body(req)))),
  );
  r.delete(
    '/task-templates/:id',
    handle(async (req, ctx) => ({ id: await templates.deleteTemplate(ctx, param(req, 'id')) })),
  );
  r.post(
    '/task-templates/:id/create-task',
    handle(async (req, ctx) => presentTask(ctx, await templates.createTaskFromTemplate(ctx, param(req, 'id'))), 201),
  );
  return r;
}
