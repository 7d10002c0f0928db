import type { ServiceContext } from '../../common/context.js';
import type { User } from '../user/user.entity.js';
import type { Task } from '../task/task.entity.js';
import { csvLine } from '../task/task.export.js';
import type { TimeEntry } from './time.entity.js';
import { dayOf, spentMinutes } from './time.service.js';

/** An entry as REST answers it (docs/API.md, Time). `minutes` of a running timer: the time so far. */
export function timeEntryJson(ctx: ServiceContext, e: TimeEntry) {
  return {
    id: e.id,
    taskId: e.taskId,
    userId: e.userId,
    date: dayOf(ctx, e),
    startedAt: e.startedAt.toISOString(),
    endedAt: e.endedAt?.toISOString() ?? null,
    running: e.endedAt === null,
    minutes: spentMinutes(e, ctx.now()),
    note: e.note,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

/** The running timer as GET /api/timer answers it: the entry with its task's id and title (null when none). */
export const runningTimerJson = (ctx: ServiceContext, e: TimeEntry | null, task: Task | null) =>
  e ? { ...timeEntryJson(ctx, e), task: task ? { id: task.id, title: task.title } : null } : null;

export const CSV_HEADER = ['Date', 'Person', 'Task', 'Project', 'Minutes', 'Hours', 'Note'];

const personName = (user: User | null | undefined): string => (user ? `${user.firstName} ${user.lastName}`.trim() || user.username : 'Unknown User');

/** The entries as CSV (with a BOM and a header row; cells escaped and guarded against formulas by csvLine). */
export function timeEntriesCsv(ctx: ServiceContext, entries: readonly TimeEntry[], users: Map<string, User | null>, tasks: Map<string, Task | null>): string {
  let csv = `\uFEFF${csvLine(CSV_HEADER)}`;
  for (const e of entries) {
    const task = tasks.get(e.taskId);
    const minutes = spentMinutes(e, ctx.now());
    csv += csvLine([
      dayOf(ctx, e),
      personName(users.get(e.userId)),
      task?.title ?? '',
      task?.project ?? '',
      String(minutes),
      (minutes / 60).toFixed(2),
      e.note ?? '',
    ]);
  }
  return csv;
}
