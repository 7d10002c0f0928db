import { Router } from 'express';
import { body, handle } from '../../rest/http.js';
import { presentTask } from '../task/task.presenter.js';
import { quickAddTask } from './quick-add.service.js';

/** REST adapter of quick add: POST /api/tasks/quick-add. */
export function quickAddRoutes(): Router {
  const r = Router();
  r.post(
    '/tasks/quick-add',
    handle(async (req, ctx) => presentTask(ctx, await quickAddTask(ctx, body(req).text)), 201),
  );
  return r;
}
