import { Router, type Request } from 'express';
import type { ServiceContext } from '../../common/context.js';
import { body, handle, param } from '../../rest/http.js';
import type { Task } from '../task/task.entity.js';
import type { User } from '../user/user.entity.js';
import type { TimeEntry } from './time.entity.js';
import { runningTimerJson, timeEntriesCsv, timeEntryJson } from './time.presenter.js';
import * as time from './time.service.js';
import { dayTime } from './time.day.js';

/** Rows loaded by id into a map (null for ids that name nothing). */
async function loadedMap<T>(ids: string[], load: (ids: string[]) => Promise<(T | null | Error)[]>): Promise<Map<string, T | null>> {
  const unique = [...new Set(ids)];
  const rows = await load(unique);
  return new Map(unique.map((id, i) => [id, rows[i] instanceof Error ? null : (rows[i] as T | null)]));
}

async function sendCsv(ctx: ServiceContext, entries: TimeEntry[]): Promise<string> {
  const users = await loadedMap<User>(
    entries.map((e) => e.userId),
    (ids) => ctx.loaders.user.loadMany(ids),
  );
  const tasks = await loadedMap<Task>(
    entries.map((e) => e.taskId),
    (ids) => ctx.loaders.task.loadMany(ids),
  );
  return timeEntriesCsv(ctx, entries, users, tasks);
}

const filterOf = (req: Request) => {
  const q = req.query as Record<string, unknown>;
  return { from: q.from, to: q.to, userId: q.userId, projectId: q.projectId, taskId: q.taskId };
};

/** REST adapter of the time service (docs/API.md, Time). */
export function timeRoutes(): Router {
  const r = Router();
  r.get(
    '/timer',
    handle(async (_req, ctx) => {
      const entry = await time.runningTimer(ctx);
      return runningTimerJson(ctx, entry, entry ? await ctx.loaders.task.load(entry.taskId) : null);
    }),
  );
  r.post(
    '/tasks/:id/timer',
    handle(async (req, ctx) => timeEntryJson(ctx, await time.startTimer(ctx, param(req, 'id'))), 201),
  );
  r.delete(
    '/timer',
    handle(async (_req, ctx) => {
      const stopped = await time.stopTimer(ctx);
      return stopped ? timeEntryJson(ctx, stopped) : null;
    }),
  );
  r.get(
    '/time/day',
    handle(async (req, ctx) => dayTime(ctx, { day: req.query.day, scope: req.query.scope, assignedToId: req.query.assignedToId })),
  );
  r.get(
    '/time-entries',
    handle(async (req, ctx, res) => {
      const entries = await time.listTimeEntries(ctx, filterOf(req));
      if (req.accepts(['application/json', 'text/csv']) !== 'text/csv') return entries.map((e) => timeEntryJson(ctx, e));
      res
        .status(200)
        .set({ 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="time-entries.csv"', 'cache-control': 'no-store' })
        .send(await sendCsv(ctx, entries));
      return undefined;
    }),
  );
  r.post(
    '/tasks/:id/time-entries',
    handle(async (req, ctx) => timeEntryJson(ctx, await time.addTimeEntry(ctx, param(req, 'id'), body(req))), 201),
  );
  r.patch(
    '/time-entries/:id',
    handle(async (req, ctx) => timeEntryJson(ctx, await time.updateTimeEntry(ctx, param(req, 'id'), body(req)))),
  );
  r.delete(
    '/time-entries/:id',
    handle(async (req, ctx) => ({ id: await time.deleteTimeEntry(ctx, param(req, 'id')) })),
  );
  return r;
}
