import { Router } from 'express';
import { handle, listPage, paged } from '../../rest/http.js';
import { presentTaskLists, presentTasks } from '../task/task.presenter.js';
import { userJson } from '../user/user.presenter.js';
import * as manager from './manager.service.js';
import { managerTime } from './manager.time.js';

/** REST adapter of the manager service: the reportee routes plus the dashboard figures (docs/API.md). */
export function managerRoutes(): Router {
  const r = Router();
  r.get(
    '/manager/reportees',
    handle(async (req, ctx) => paged(req, await manager.listReportees(ctx)).map(userJson)),
  );
  r.get(
    '/manager/reportee-tasks',
    handle(async (req, ctx) => presentTasks(ctx, await manager.listReporteeTasks(ctx, listPage(req)))),
  );
  r.get(
    '/manager/dashboard',
    handle(async (_req, ctx) => {
      const d = await manager.managerDashboard(ctx);
      const [recentTasks = [], ...groups] = await presentTaskLists(ctx, [d.recentTasks, ...d.byPerson.map((g) => g.tasks), ...d.byStatus.map((g) => g.tasks)]);
      const byPersonTasks = groups.slice(0, d.byPerson.length);
      const byStatusTasks = groups.slice(d.byPerson.length);
      return {
        ...d,
        recentTasks,
        byPerson: d.byPerson.map((g, i) => ({ user: userJson(g.key), tasks: byPersonTasks[i], totalCount: g.totalCount, remainingCount: g.remainingCount })),
        byStatus: d.byStatus.map((g, i) => ({ status: g.key, tasks: byStatusTasks[i], totalCount: g.totalCount, remainingCount: g.remainingCount })),
      };
    }),
  );
  r.get(
    '/manager/today',
    handle(async (_req, ctx) => {
      const d = await manager.managerToday(ctx);
      const tasks = await presentTaskLists(
        ctx,
        d.people.map((p) => p.tasks),
      );
      return { ...d, people: d.people.map((p, i) => ({ ...p, user: userJson(p.user), tasks: tasks[i] })) };
    }),
  );
  r.get(
    '/manager/slippage',
    handle(async (req, ctx) => {
      const raw = req.query.days;
      const days = raw === undefined ? 30 : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
      const d = await manager.managerSlippage(ctx, days);
      return { ...d, people: d.people.map((p) => ({ ...p, user: userJson(p.user) })) };
    }),
  );
  r.get(
    '/manager/time',
    handle(async (req, ctx) => {
      const d = await managerTime(ctx, req.query.range ?? 'week', req.query.start);
      return { ...d, range: d.range.toLowerCase(), people: d.people.map((p) => ({ ...p, user: userJson(p.user) })) };
    }),
  );
  return r;
}
