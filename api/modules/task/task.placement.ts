import type { ServiceContext } from '../../common/context.js';
import { boardColumn, dayKey, isFinished, type TaskColumnValue } from '../../../schema/domain/task-rules.js';
import type { Task } from './task.entity.js';
import { TaskStatus } from './task.enums.js';

// Where a task sits on the board for the viewer, and how a move to a column places it.

const DAY_MS = 86_400_000;

/** The board column of a task for the current viewer (derived from its status and date; see docs/DECISIONS.md). */
export const taskColumn = (ctx: ServiceContext, task: Pick<Task, 'status' | 'scheduledDate'>): TaskColumnValue => boardColumn(task, ctx.now(), ctx.timeZone);

/**
 * Where a task sits on another day's board (`board`: that day at noon UTC, as date-only input is
 * stored): the derived placement with that day as "today". Compares calendar days in the viewer's zone.
 */
export function boardColumnOn(ctx: ServiceContext, task: Pick<Task, 'status' | 'scheduledDate'>, board: Date): TaskColumnValue {
  if (isFinished(task.status)) return 'completed';
  if (!task.scheduledDate) return 'unscheduled';
  const scheduled = dayKey(task.scheduledDate, ctx.timeZone);
  const day = board.toISOString().slice(0, 10);
  return scheduled === day ? 'today' : scheduled < day ? 'pendingFromBefore' : 'pending';
}

/**
 * A day relative to today in the viewer's zone (or to `board`, another day's board), kept at noon UTC
 * like date-only input.
 */
function viewerDay(ctx: ServiceContext, offsetDays: number, board?: Date): Date {
  const [y, m, d] = (board ? board.toISOString().slice(0, 10) : dayKey(ctx.now(), ctx.timeZone)).split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d, 12) + offsetDays * DAY_MS);
}

/**
 * Applies a move to a column: today schedules now and starts it; completed finishes it;
 * unscheduled clears the date and resets; pending and pending-from-before reset the status (and, so
 * the derived placement matches the drop, move the date into the future or past when it is not).
 */
export function applyMove(ctx: ServiceContext, task: Task, column: TaskColumnValue, board?: Date): void {
  const now = ctx.now();
  const current = board ? boardColumnOn(ctx, task, board) : boardColumn(task, now, ctx.timeZone);
  switch (column) {
    case 'today':
      if (current !== 'today') task.scheduledDate = board ?? now;
      task.status = TaskStatus.IN_PROGRESS;
      break;
    case 'completed':
      task.status = TaskStatus.DONE;
      break;
    case 'unscheduled':
      task.scheduledDate = null;
      task.scheduledTime = null;
      task.status = TaskStatus.NOT_STARTED;
      break;
    case 'pending':
      if (current !== 'pending') task.scheduledDate = viewerDay(ctx, 1, board);
      task.status = TaskStatus.NOT_STARTED;
      break;
    case 'pendingFromBefore':
      if (current !== 'pendingFromBefore') task.scheduledDate = viewerDay(ctx, -1, board);
      task.status = TaskStatus.NOT_STARTED;
      break;
  }
}
