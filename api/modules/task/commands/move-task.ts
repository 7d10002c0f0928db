import type { ServiceContext } from '../../../common/context.js';
import { requireActor } from '../../../common/context.js';
import { badInput } from '../../../common/errors.js';
import * as v from '../../../common/validate.js';
import { expectedVersion, retryLostRace } from '../../audit/audit.versions.js';
import type { Task } from '../task.entity.js';
import { TaskStatus } from '../task.enums.js';
import { parseColumn, parseScheduledTime, type TaskFields } from '../task.inputs.js';
import { getWritableTask } from '../task.access.js';
import { boardColumnOn, taskColumn } from '../task.placement.js';
import { applyTaskChange } from './update-task.js';

export interface MoveTaskRequest {
  taskId: string;
  column: unknown;
  scheduledTime?: unknown;
  scheduledDate?: unknown;
  /** The version the move is based on (optional; see moveTask). */
  version?: unknown;
  /** The board's day ('yyyy-MM-dd') when it is not today: the column is read relative to that day. */
  day?: unknown;
}

/** A task's placement on the board: a move based on a stale version conflicts when any of these changed since. */
const PLACEMENT_FIELDS = ['status', 'scheduledDate', 'scheduledTime', 'completedAt'] as const;

/**
 * The one move operation behind drag and drop, time-slot drops, the pending-from-before
 * quick actions and rescheduling: column, optionally a slot time (which implies today), optionally a
 * new date (a reschedule: status Planned). With `version`, a move based on a stale version of a task
 * that someone placed elsewhere since (its status, date, time or completion changed) throws CONFLICT
 * and stores nothing; a stale move of a task whose other fields changed goes through.
 * With `day`, the move is made on that day's board: 'today'
 * schedules for that day, 'pending' the day after it, 'pendingFromBefore' the day before it.
 * Throws BAD_USER_INPUT for a column, time or date that is not one.
 */
export async function moveTask(ctx: ServiceContext, request: MoveTaskRequest): Promise<Task> {
  return retryLostRace(ctx, () => moveTaskOnce(ctx, request));
}

async function moveTaskOnce(ctx: ServiceContext, request: MoveTaskRequest): Promise<Task> {
  const actor = requireActor(ctx);
  const task = await getWritableTask(ctx, request.taskId);
  const expected = expectedVersion(request);
  const fields: TaskFields = { column: parseColumn(request.column) };
  const board = request.day === undefined || request.day === null ? undefined : (v.optionalDate('Day', request.day) ?? undefined);
  if (request.scheduledTime !== undefined) {
    fields.scheduledTime = parseScheduledTime(request.scheduledTime);
    if (fields.scheduledTime) fields.column = 'today';
  }
  if (request.scheduledDate !== undefined && request.scheduledDate !== null) {
    const date = v.optionalDate('Scheduled date', request.scheduledDate);
    if (!date) throw badInput('Choose a date to reschedule to');
    const reschedule: TaskFields = { scheduledDate: date, status: TaskStatus.PLANNED };
    if (fields.scheduledTime !== undefined) reschedule.scheduledTime = fields.scheduledTime;
    return applyTaskChange(ctx, actor, task, reschedule, 'rescheduled', { expected, conflictFields: PLACEMENT_FIELDS });
  }
  const current = board ? boardColumnOn(ctx, task, board) : taskColumn(ctx, task);
  if (fields.column === current && fields.scheduledTime === undefined) return task;
  return applyTaskChange(ctx, actor, task, fields, 'moved', { expected, conflictFields: PLACEMENT_FIELDS, board });
}
