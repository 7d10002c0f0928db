import { Router, type Request } from 'express';
import { body, handle, listPage, param, responseWriter, sendJsonArray } from '../../rest/http.js';
import { badInput } from '../../common/errors.js';
import type { PlainRow } from '../../common/plain-rows.js';
import type { ServiceContext } from '../../common/context.js';
import type { Task } from './task.entity.js';
import { createTask } from './commands/create-task.js';
import { updateTask } from './commands/update-task.js';
import { moveTask } from './commands/move-task.js';
import { deleteTask, deleteTasks } from './commands/delete-tasks.js';
import { restoreDeletedTasks } from './commands/restore-task.js';
import { getReadableTask } from './task.access.js';
import type { TaskQuery } from './task.filter.js';
import { decodeTaskListCursor, encodeTaskListCursor, taskListBatches } from './task.query.js';
import { exportTasksCsv, parseExportColumns } from './task.export.js';
import { presentTask, presentTasks } from './task.presenter.js';
import { mentionableUsers } from './task.mentions.js';

/** Rows read (and held) at a time while the whole list streams. */
const LIST_BATCH = 500;

function queryOf(req: Request): TaskQuery {
  const q = req.query as Record<string, string | undefined>;
  return {
    search: q.search ?? q.q,
    assignedToId: q.assignedToId,
    status: q.status,
    project: q.project,
    category: q.category,
    priority: q.priority,
    tag: q.tag,
    from: q.from,
    to: q.to,
    timeSpent: q.timeSpent,
  };
}

/** Each batch of a streamed list as REST JSON, presented batch by batch (a few statements per batch, none per task). */
async function* presentedBatches(ctx: ServiceContext, batches: AsyncIterable<PlainRow<Task>[]>): AsyncIterable<Record<string, unknown>[]> {
  for await (const batch of batches) {
    yield await presentTasks(ctx, batch);
  }
}

/** REST adapter of the task service: the task routes of docs/API.md, move and bulk delete included. */
export function taskRoutes(): Router {
  const r = Router();
  // Without `limit`, the whole list as one JSON array, streamed in batches (constant memory for any number of tasks); with `limit`, one page,
  // and X-Next-Cursor names where the next one starts (`?cursor=`).
  r.get(
    '/tasks',
    handle(async (req, ctx, res) => {
      const page = listPage(req);
      const after = req.query.cursor === undefined ? null : decodeTaskListCursor(req.query.cursor);
      if (after && page.offset) throw badInput('Use cursor or offset, not both');
      if (page.limit === undefined) {
        const batches = taskListBatches(ctx, queryOf(req), { batch: LIST_BATCH, offset: page.offset, after });
        return sendJsonArray(res, presentedBatches(ctx, batches), (json) => json);
      }
      let rows: PlainRow<Task>[] = [];
      for await (const batch of taskListBatches(ctx, queryOf(req), { batch: page.limit, limit: page.limit, offset: page.offset, after })) rows = batch;
      if (rows.length === page.limit) res.set('X-Next-Cursor', encodeTaskListCursor(rows[rows.length - 1]));
      return presentTasks(ctx, rows);
    }),
  );
  // The listing's Export: the same filters and sort as the tasks connection, the view's columns.
  r.get(
    '/tasks/export.csv',
    handle(async (req, ctx, res) => {
      const q = req.query as Record<string, string | undefined>;
      const columns = parseExportColumns(q.columns);
      let started = false;
      const out = responseWriter(res);
      await exportTasksCsv(ctx, { query: queryOf(req), sortBy: q.sortBy, sortOrder: q.sortOrder, columns }, async (chunk) => {
        if (!started) {
          started = true;
          res
            .status(200)
            .set({ 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="tasks.csv"', 'cache-control': 'no-store' });
        }
        await out.write(chunk);
      });
      res.end();
    }),
  );
  // Who may be mentioned (@) on a task, and on the viewer's new task assigned to `assignedToId`.
  r.get(
    '/tasks/mentionable',
    handle(async (req, ctx) => mentionableUsers(ctx, null, req.query.q, req.query.assignedToId)),
  );
  r.get(
    '/tasks/:id/mentionable',
    handle(async (req, ctx) => mentionableUsers(ctx, param(req, 'id'), req.query.q)),
  );
  r.get(
    '/tasks/:id',
    handle(async (req, ctx) => presentTask(ctx, await getReadableTask(ctx, param(req, 'id')))),
  );
  r.post(
    '/tasks',
    handle(async (req, ctx) => presentTask(ctx, await createTask(ctx, body(req))), 201),
  );
  r.patch(
    '/tasks/:id',
    handle(async (req, ctx) => presentTask(ctx, await updateTask(ctx, param(req, 'id'), body(req)))),
  );
  r.put(
    '/tasks/:id',
    handle(async (req, ctx) => presentTask(ctx, await updateTask(ctx, param(req, 'id'), body(req)))),
  );
  r.delete(
    '/tasks/:id',
    handle(async (req, ctx) => ({ id: await deleteTask(ctx, param(req, 'id')) })),
  );
  r.post(
    '/tasks/:id/move',
    handle(async (req, ctx) => {
      const b = body(req);
      return presentTask(
        ctx,
        await moveTask(ctx, {
          taskId: param(req, 'id'),
          column: b.column,
          scheduledTime: b.scheduledTime,
          scheduledDate: b.scheduledDate,
          day: b.day,
          version: b.version,
        }),
      );
    }),
  );
  r.post(
    '/tasks/restore',
    handle(async (req, ctx) => {
      const restored = await restoreDeletedTasks(ctx, body(req).ids as string[]);
      return { tasks: await presentTasks(ctx, restored) };
    }),
  );
  r.post(
    '/tasks/bulk-delete',
    handle(async (req, ctx) => ({ ids: await deleteTasks(ctx, body(req).ids as string[]) })),
  );
  return r;
}
