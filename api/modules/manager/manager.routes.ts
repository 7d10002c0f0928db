import { Router } from 'express';
import { handle, listPage, paged } from '../../rest/http.js';
import { taskJson } from '../task/task.routes.js';
import { userJson } from '../user/user.routes.js';
import * as manager from './manager.service.js';

/** REST adapter of the manager service: SPEC 7's reportee routes plus the dashboard figures. */
export function managerRoutes(): Router {
  const r = Router();
  r.get('/manager/reportees', handle(async (req, ctx) => paged(req, await manager.listReportees(ctx)).map(userJson)));
  r.get('/manager/reportee-tasks', handle(async (req, ctx) => (await manager.listReporteeTasks(ctx, listPage(req))).map((t) => taskJson(ctx, t))));
  r.get(
    '/manager/dashboard',
    handle(async (_req, ctx) => {
      const d = await manager.managerDashboard(ctx);
      const tasks = (list: typeof d.recentTasks) => list.map((t) => taskJson(ctx, t));
      return {
        ...d,
        recentTasks: tasks(d.recentTasks),
        byPerson: d.byPerson.map((g) => ({ user: userJson(g.key), tasks: tasks(g.tasks), totalCount: g.totalCount, remainingCount: g.remainingCount })),
        byStatus: d.byStatus.map((g) => ({ status: g.key, tasks: tasks(g.tasks), totalCount: g.totalCount, remainingCount: g.remainingCount })),
      };
    }),
  );
  return r;
}
