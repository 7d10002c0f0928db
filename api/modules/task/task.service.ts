import { raw, wrap, type FilterQuery, type QueryOrderMap } from '@mikro-orm/core';
import type { QBFilterQuery, SqlEntityManager } from '@mikro-orm/knex';
import { BetterSqlitePlatform } from '@mikro-orm/better-sqlite';
import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { isManagerOrAdmin, type Actor } from '../../common/actor.js';
import { AppError, badInput, conflict, notFound } from '../../common/errors.js';
import * as v from '../../common/validate.js';
import {
  LIMITS,
  boardColumn,
  dayKey,
  isFinished,
  nextOccurrence,
  DEFAULT_CATEGORY,
  DEFAULT_PRIORITY,
  TASK_STATUSES,
  type TaskColumnValue,
} from '../../../schema/domain/task-rules.js';
import { User } from '../user/user.entity.js';
import { AuditEntry } from '../audit/audit.entity.js';
import { Task } from './task.entity.js';
import { TaskColumn, TaskStatus, type RepeatPattern } from './task.enums.js';
import { parseColumn, parseScheduledTime, parseTaskFields, type RawTaskInput, type TaskFields } from './task.inputs.js';
import { assertCanAssignTo, assertCanReadTask, assertCanWriteTask, canAssignTo, canWriteTask, readableTaskFilter, writeNeedsAssigneeLine, type AssigneeLine } from './task.policy.js';
import { entryChanges, entrySnapshot, recordAudit } from '../audit/audit.service.js';
import { getVisibleEntry } from './task.history.js';
import { diffFields, presentFields, snapshot } from '../audit/audit.diff.js';
import { commitWrite, latestEventSeq, latestEventSeqColumn, publishStagedEvents, stageTaskEvent, taskReaders } from '../../realtime/task-events.js';
import type { TaskEvent } from '../../realtime/task-event.entity.js';
import { readDetachedRowsWith, readPlainRows, type ExtraColumn, type PlainRow } from '../../common/plain-rows.js';
import { findById } from '../../common/by-id.js';
import { entityFromJson } from '../../common/entity-json.js';
import type { TaskPart } from './task-parts.js';
import { countColumns, primeCounts, type RowCounts } from './task.loaders.js';
import { assertNoConflict, expectedVersion, nextVersion, retryLostRace } from '../audit/audit.versions.js';
import { checkConfigKeys } from '../config/config-keys.js';

/** The fields the audit log compares. */
export const TASK_AUDIT_FIELDS = [
  'title', 'description', 'project', 'category', 'priority', 'status', 'progress', 'tags', 'dueDate', 'scheduledDate',
  'scheduledTime', 'estimatedHours', 'assignedToId', 'isRepeatable', 'repeatPattern', 'repeatInterval', 'repeatEndDate',
] as const satisfies readonly (keyof Task)[];

const DAY_MS = 86_400_000;

/** What the viewer may do to a task (GraphQL viewerCan, REST clients' hints). */
export interface TaskPermissions {
  update: boolean;
  delete: boolean;
}

/** The assignee's reporting line where canWriteTask's answer depends on it (loaded then), else null. */
async function writeLine(ctx: ServiceContext, actor: Actor, task: Task): Promise<AssigneeLine | null> {
  if (!writeNeedsAssigneeLine(actor, task)) return null;
  const user = await ctx.loaders.user.load(task.assignedToId!);
  return user ? { managerId: user.managerId } : null;
}

/** Loads a task the actor may read; NOT_FOUND otherwise (also for malformed ids). */
export async function getReadableTask(ctx: ServiceContext, taskId: string): Promise<Task> {
  const actor = requireActor(ctx);
  const task = v.lookupId('Task id', taskId) ? await findById(ctx.em, Task, taskId) : null;
  assertCanReadTask(actor, task);
  return task;
}

/** Loads a task the actor may change; NOT_FOUND when unreadable, FORBIDDEN when read-only. */
export async function getWritableTask(ctx: ServiceContext, taskId: string): Promise<Task> {
  const actor = requireActor(ctx);
  const task = await getReadableTask(ctx, taskId);
  assertCanWriteTask(actor, task, await writeLine(ctx, actor, task));
  return task;
}

/**
 * viewerCan for one task, from the same policy the writes use (assignees batched by the loader; at once,
 * without a promise, when the assignee was preloaded). Throws UNAUTHENTICATED without an actor.
 */
export function taskPermissions(ctx: ServiceContext, task: Task): TaskPermissions | Promise<TaskPermissions> {
  const actor = requireActor(ctx);
  const permissions = (assignee: User | null): TaskPermissions => {
    const allowed = canWriteTask(actor, task, assignee ? { managerId: assignee.managerId } : null);
    return { update: allowed, delete: allowed };
  };
  if (!writeNeedsAssigneeLine(actor, task)) return permissions(null);
  const assignee = loadUser(ctx, task.assignedToId);
  return assignee instanceof Promise ? assignee.then(permissions) : permissions(assignee);
}

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
 * Checks that a task (or subtask) may be assigned to the user: an active user the actor may assign
 * work to (`canAssignTo`), or one of `alsoAllowed` (e.g. the people already on the parent task).
 * Throws BAD_USER_INPUT for an unknown or inactive user, FORBIDDEN for someone out of reach.
 */
export async function assertAssignee(ctx: ServiceContext, actor: Actor, assigneeId: string | null, alsoAllowed: (string | null)[] = []): Promise<void> {
  if (!assigneeId) return;
  const user = await ctx.loaders.user.load(assigneeId);
  if (!user || !user.isActive) throw badInput('The assignee does not exist or is inactive');
  if (alsoAllowed.includes(assigneeId)) return;
  assertCanAssignTo(actor, assigneeId, { managerId: user.managerId });
}

/** True when the actor may assign work to the user (an active user within their reach). */
export async function mayAssignTo(ctx: ServiceContext, actor: Actor, assigneeId: string | null): Promise<boolean> {
  if (!assigneeId) return true;
  const user = await ctx.loaders.user.load(assigneeId);
  return !!user && user.isActive && canAssignTo(actor, assigneeId, { managerId: user.managerId });
}

function assertRepeatSettings(task: Task): void {
  if (task.isRepeatable && !task.repeatPattern) task.repeatPattern = 'daily' as RepeatPattern;
  if (task.repeatEndDate && task.scheduledDate && task.repeatEndDate < task.scheduledDate) {
    throw badInput('Repeat end date must be on or after the scheduled date');
  }
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
function applyMove(ctx: ServiceContext, task: Task, column: TaskColumnValue, board?: Date): void {
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

/** Copies parsed fields onto a task (only the keys present). */
function assignFields(task: Task, fields: TaskFields): void {
  const { column: _column, ...rest } = fields;
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) (task as unknown as Record<string, unknown>)[key] = value;
  }
  if (fields.category !== undefined && !fields.category) task.category = DEFAULT_CATEGORY;
  if (fields.priority !== undefined && !fields.priority) task.priority = DEFAULT_PRIORITY;
}

/** Keeps completedAt and the stored column in step with the status and dates. */
function settle(ctx: ServiceContext, task: Task, wasFinished: boolean): void {
  const finished = isFinished(task.status);
  if (finished && !wasFinished) task.completedAt = ctx.now();
  if (!finished) task.completedAt = null;
  task.column = taskColumn(ctx, task) as TaskColumn;
  task.updatedAt = ctx.now();
}

/**
 * When a repeating task becomes Done, stages its next occurrence (dates moved on by the pattern),
 * unless that would fall after the repeat end date. Returns the new task or null.
 */
async function stageNextOccurrence(ctx: ServiceContext, done: Task, events: TaskEvent[]): Promise<Task | null> {
  if (!done.isRepeatable || !done.repeatPattern) return null;
  const pattern = done.repeatPattern;
  const base = done.scheduledDate ?? done.dueDate ?? ctx.now();
  const nextScheduled = nextOccurrence(base, pattern, done.repeatInterval, done.repeatEndDate);
  if (!nextScheduled) return null;
  const next = new Task();
  Object.assign(next, snapshot(done, TASK_AUDIT_FIELDS));
  next.tags = [...done.tags];
  next.createdById = done.createdById;
  next.status = TaskStatus.PLANNED;
  next.progress = 0;
  next.scheduledDate = done.scheduledDate ? nextScheduled : null;
  next.dueDate = done.dueDate ? nextOccurrence(done.dueDate, pattern, done.repeatInterval) : null;
  if (!done.scheduledDate && !done.dueDate) next.scheduledDate = nextScheduled;
  next.repeatedFromTaskId = done.id;
  next.createdAt = ctx.now();
  settle(ctx, next, false);
  ctx.em.persist(next);

  for (const part of ctx.app.taskParts) await part.copyToNextOccurrence?.(ctx, done.id, next.id);
  recordAudit(ctx, {
    action: 'created',
    description: `Next occurrence of repeating task "${next.title}"`,
    taskId: next.id,
    readers: taskReaders(next),
    newValues: { ...presentFields(next, TASK_AUDIT_FIELDS), repeatedFromTaskId: done.id },
    entityVersion: next.version,
  });
  events.push(stageTaskEvent(ctx, 'TASK_CREATED', next.id, taskReaders(next)));
  return next;
}

export interface StageTaskOptions {
  /** The audit description (default: Created task "title"). */
  description?: string;
  /** Extra values recorded with the creation (e.g. promotedFromSubtaskId). */
  extraAuditValues?: Record<string, unknown>;
}

/**
 * Validates and stages a new task for the actor in the current unit of work (creator is always the
 * actor, assignee defaults to the actor), with its audit entry and TASK_CREATED event pushed to
 * `events`. The caller flushes and publishes. Throws BAD_USER_INPUT or FORBIDDEN (assignee).
 */
export async function stageNewTask(ctx: ServiceContext, fields: TaskFields, events: TaskEvent[], options: StageTaskOptions = {}): Promise<Task> {
  const actor = requireActor(ctx);
  const task = new Task();
  task.createdById = actor.id;
  task.assignedToId = actor.id;
  task.createdAt = ctx.now();
  assignFields(task, fields);
  await assertAssignee(ctx, actor, task.assignedToId);

  const explicitStatus = fields.status !== undefined;
  if (fields.column === 'today') {
    task.scheduledDate ??= ctx.now();
    if (!explicitStatus) task.status = TaskStatus.IN_PROGRESS;
  } else if (fields.column === 'completed' && !explicitStatus) {
    task.status = TaskStatus.DONE;
  } else if (fields.column && fields.column !== 'unscheduled' && !task.scheduledDate) {
    applyMove(ctx, task, fields.column);
  }
  // A task created Done is complete (Done means 100 %).
  if (isFinished(task.status)) task.progress = 100;
  assertRepeatSettings(task);
  settle(ctx, task, false);

  ctx.em.persist(task);
  recordAudit(ctx, {
    action: 'created',
    description: options.description ?? `Created task "${task.title}"`,
    taskId: task.id,
    readers: taskReaders(task),
    newValues: { ...presentFields(task, TASK_AUDIT_FIELDS), ...options.extraAuditValues },
    entityVersion: task.version,
  });
  events.push(stageTaskEvent(ctx, 'TASK_CREATED', task.id, taskReaders(task)));
  if (isFinished(task.status)) await stageNextOccurrence(ctx, task, events);
  return task;
}

/**
 * Parses a task payload and checks its category and priority against the active config items
 * (only values that differ from `current`); throws one BAD_USER_INPUT listing every problem.
 */
async function parseCheckedFields(ctx: ServiceContext, raw: RawTaskInput, current: Task | null): Promise<TaskFields> {
  const problems = new v.Problems();
  const fields = parseTaskFields(raw, current ? 'update' : 'create', problems);
  await checkConfigKeys(ctx, fields, current, problems);
  problems.throwIfAny();
  return fields;
}

/** Creates a task for the actor (creator is always the actor). Validates, authorizes, audits, publishes. */
export async function createTask(ctx: ServiceContext, raw: RawTaskInput): Promise<Task> {
  requireActor(ctx);
  const fields = await parseCheckedFields(ctx, raw, null);
  const events: TaskEvent[] = [];
  const task = await stageNewTask(ctx, fields, events);
  await commitWrite(ctx, events);
  return task;
}

/**
 * Updates a task. A change of `column` is a move whose defaults yield to any field the
 * payload really changes; a payload that resends unchanged values (a full form save) changes nothing else.
 * With `version` (the version the client loaded) a stale update that changes a field changed since
 * then throws CONFLICT and stores nothing; other stale updates merge; without it the last write wins.
 */
export async function updateTask(ctx: ServiceContext, taskId: string, raw: RawTaskInput): Promise<Task> {
  const actor = requireActor(ctx);
  return retryLostRace(ctx, async () => {
    const task = await getWritableTask(ctx, taskId);
    const expected = expectedVersion(raw);
    const fields = await parseCheckedFields(ctx, raw, task);
    return applyTaskChange(ctx, actor, task, fields, 'updated', { expected });
  });
}

/** How a change came about: a field update, a board move, or a reschedule to a new date. */
type ChangeKind = 'updated' | 'moved' | 'rescheduled' | 'restored';

/**
 * Applies parsed fields to a writable task: a different `column` is a move; then audits
 * exactly the changed fields, stages the board event (and the next occurrence of a repeating task
 * that became Done), flushes and publishes. A change that changes nothing writes nothing.
 */
async function applyTaskChange(
  ctx: ServiceContext,
  actor: Actor,
  task: Task,
  fields: TaskFields,
  kind: ChangeKind,
  options: { description?: string; expected?: number; conflictFields?: readonly string[]; board?: Date } = {},
): Promise<Task> {
  const { description, expected, conflictFields = [], board } = options;
  const before = snapshot(task, TASK_AUDIT_FIELDS);
  const beforeReaders = taskReaders(task);
  const beforeColumn = taskColumn(ctx, task);
  const wasFinished = isFinished(task.status);
  const completedAt = task.completedAt;

  const boardBefore = board ? boardColumnOn(ctx, task, board) : beforeColumn;
  if (fields.column && fields.column !== boardBefore) applyMove(ctx, task, fields.column, board);
  // Explicit values win over the move's defaults only where they differ from what the task had.
  const explicit = Object.fromEntries(
    Object.entries(fields).filter(([k, value]) => k !== 'column' && diffFields({ [k]: before[k as keyof typeof before] }, { [k]: value }, [k]).changed.length > 0),
  ) as TaskFields;
  assignFields(task, explicit);
  // Completing a task completes its progress; reopening leaves progress as it is (editable).
  if (!wasFinished && isFinished(task.status)) task.progress = 100;

  if (explicit.assignedToId !== undefined) await assertAssignee(ctx, actor, task.assignedToId);
  assertRepeatSettings(task);

  const changes = diffFields(before, snapshot(task, TASK_AUDIT_FIELDS), TASK_AUDIT_FIELDS);
  if (changes.changed.length === 0) return task;
  try {
    // A move checks its whole placement: moving a task someone else has placed elsewhere since is a conflict.
    const checked = conflictFields.length > 0 ? [...new Set([...changes.changed, ...conflictFields])] : changes.changed;
    await assertNoConflict(ctx, 'task', task, expected, checked, 'task');
  } catch (err) {
    Object.assign(task, before); // nothing of a refused change stays in the unit of work
    throw err;
  }
  settle(ctx, task, wasFinished);

  const events: TaskEvent[] = [];
  const movedColumn = taskColumn(ctx, task) !== beforeColumn;
  recordAudit(ctx, {
    action: kind === 'rescheduled' || kind === 'restored' ? kind : movedColumn && kind === 'moved' ? 'moved' : 'updated',
    description: description ?? changeDescription(ctx, task, kind, movedColumn),
    taskId: task.id,
    readers: taskReaders(task),
    oldValues: changes.oldValues,
    newValues: changes.newValues,
    entityVersion: nextVersion(task),
  });
  events.push(stageTaskEvent(ctx, movedColumn || kind === 'rescheduled' ? 'TASK_MOVED' : 'TASK_UPDATED', task.id, [...new Set([...beforeReaders, ...taskReaders(task)])]));
  if (!wasFinished && isFinished(task.status)) await stageNextOccurrence(ctx, task, events);
  await commitWrite(ctx, events);
  if (wasFinished && !isFinished(task.status) && completedAt) await withdrawUntouchedOccurrence(ctx, task, completedAt);
  return task;
}

/**
 * A repeating task reopened (Undo of its completion, or by hand): the next occurrence that completion
 * created is deleted like any task (audited, live, restorable), so completing it again does not leave
 * two. Only while nobody has changed it (still at its first version); one someone worked on stays.
 */
async function withdrawUntouchedOccurrence(ctx: ServiceContext, reopened: Task, completedAt: Date): Promise<void> {
  if (!reopened.isRepeatable) return;
  const occurrence = await ctx.em.findOne(Task, { repeatedFromTaskId: reopened.id, createdAt: { $gte: completedAt } }, { orderBy: { createdAt: 'desc' } });
  if (!occurrence || occurrence.version !== 1) return;
  try {
    await deleteTasks(ctx, [occurrence.id]);
  } catch (err) {
    // The reopening stands either way; one this actor may not delete (its people changed since) stays.
    if (!(err instanceof AppError && (err.code === 'FORBIDDEN' || err.code === 'NOT_FOUND'))) throw err;
  }
}

function changeDescription(ctx: ServiceContext, task: Task, kind: ChangeKind, movedColumn: boolean): string {
  if (kind === 'rescheduled' && task.scheduledDate) return `Rescheduled task "${task.title}" to ${dayKey(task.scheduledDate, ctx.timeZone)}`;
  if (movedColumn) return `Moved task "${task.title}" to ${COLUMN_LABEL[taskColumn(ctx, task)]}`;
  return `Updated task "${task.title}"`;
}

const COLUMN_LABEL: Record<TaskColumnValue, string> = {
  unscheduled: 'Unscheduled',
  today: 'Today',
  pending: 'Pending',
  pendingFromBefore: 'Pending from Before',
  completed: 'Completed',
};

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

/** Deletes a task with its subtasks and comments; the audit keeps the task's last values. */
export async function deleteTask(ctx: ServiceContext, taskId: string): Promise<string> {
  const [deleted] = await deleteTasks(ctx, [taskId]);
  return deleted;
}

/** Deletes several tasks at once: all are checked first, so a refusal deletes nothing. */
export async function deleteTasks(ctx: ServiceContext, taskIds: string[]): Promise<string[]> {
  requireActor(ctx);
  if (!Array.isArray(taskIds) || taskIds.length === 0) throw badInput('Choose at least one task to delete');
  if (taskIds.length > LIMITS.pageMax) throw badInput(`At most ${LIMITS.pageMax} tasks can be deleted at once`);
  const ids = [...new Set(taskIds)];
  const tasks: Task[] = [];
  for (const id of ids) tasks.push(await getWritableTask(ctx, id));

  // What the delete removes (the subtasks and comments: the task's parts), kept in the audit entry so the
  // task can be restored (one query per part in all).
  const parts = ctx.app.taskParts;
  const partRows: Awaited<ReturnType<TaskPart['snapshotOf']>>[] = [];
  for (const part of parts) partRows.push(await part.snapshotOf(ctx.em, ids));
  const events: TaskEvent[] = [];
  for (const task of tasks) {
    const snapshotOf: DeletedTaskSnapshot = { task: wrap(task).toObject() as Record<string, unknown> };
    parts.forEach((part, i) => (snapshotOf[part.key] = partRows[i].filter((r) => r.taskId === task.id).map((r) => r.row)));
    recordAudit(ctx, {
      action: 'deleted',
      description: `Deleted task "${task.title}"`,
      taskId: task.id,
      readers: taskReaders(task),
      oldValues: presentFields(task, TASK_AUDIT_FIELDS),
      snapshot: snapshotOf,
    });
    events.push(stageTaskEvent(ctx, 'TASK_DELETED', task.id, taskReaders(task)));
    ctx.em.remove(task);
  }
  // One transaction: the tasks, their subtasks and comments, the audit entries and events go together.
  await ctx.em.begin();
  try {
    for (const part of parts) await part.deleteOf(ctx.em, ids);
    await ctx.em.commit();
  } catch (err) {
    await ctx.em.rollback();
    throw err;
  }
  forgetTasks(ctx, ids);
  publishStagedEvents(ctx, events);
  return ids;
}

export interface TaskQuery {
  /** Whose tasks (TASK_SCOPES): narrows what the actor may read, never widens it. Absent: everyone's. */
  scope?: string | null;
  search?: string | null;
  assignedToId?: string | null;
  status?: string | null;
  project?: string | null;
  category?: string | null;
  priority?: string | null;
  tag?: string | null;
  from?: string | null;
  to?: string | null;
  ids?: string[] | null;
}

export interface TaskPage {
  items: Task[];
  totalCount: number;
  offset: number;
  /** More rows follow this page. */
  hasNextPage: boolean;
  /** With `withLatestSeq`: the board event log's newest sequence number the items include (0 when empty). */
  latestSeq?: number;
}

/** The longest text a listing filter may have. */
const FILTER_TEXT_MAX = 500;

/**
 * The database filter for a task query, always within what the actor may read. Throws BAD_USER_INPUT
 * on a filter that is not plain text (a repeated query parameter included) or not a date.
 */
function taskWhere(ctx: ServiceContext, actor: Actor, query: TaskQuery): FilterQuery<Task> {
  const and: FilterQuery<Task>[] = [readableTaskFilter(actor) as FilterQuery<Task>];
  const scope = scopeFilter(ctx, actor, query.scope);
  if (scope) and.push(scope);
  const search = v.optionalText('Search', query.search, FILTER_TEXT_MAX);
  if (search) and.push(searchFilter(ctx.em, search));
  const assignedToId = v.optionalText('Assignee', query.assignedToId, FILTER_TEXT_MAX);
  if (assignedToId) and.push({ assignedToId: assignedToId === 'unassigned' ? null : assignedToId });
  const status = v.optionalText('Status', query.status, FILTER_TEXT_MAX);
  if (status) and.push({ status: parseStatusFilter(status) as TaskStatus });
  for (const [field, label] of [['project', 'Project'], ['category', 'Category'], ['priority', 'Priority']] as const) {
    const value = v.optionalText(label, query[field], FILTER_TEXT_MAX);
    if (value) and.push({ [field]: value });
  }
  const tag = v.optionalText('Tag', query.tag, FILTER_TEXT_MAX);
  if (tag) {
    // One element of the JSON list, case-insensitive: '"tag"' in its JSON text. LIKE's wildcards (and
    // JSON's escapes) in a tag become '_' (any one character): both databases agree, at worst a superset.
    const like = `%${JSON.stringify(tag.toLowerCase()).slice(1, -1).replace(/[%_\\]/g, '_')}%`.replace(/^%/, '%"').replace(/%$/, '"%');
    and.push({ [raw((alias: string) => `lower(cast(${alias}.tags as text))`)]: { $like: like } } as unknown as FilterQuery<Task>);
  }
  if (query.ids?.length) and.push({ id: { $in: query.ids.map((id) => v.lookupId('Task id', id)).filter((id) => id !== null) } });
  const from = v.optionalDate('From', query.from);
  const to = v.optionalDate('To', query.to);
  if (from) and.push({ $or: [{ scheduledDate: { $gte: from } }, { scheduledDate: null, createdAt: { $gte: from } }] });
  if (to) {
    const end = /^\d{4}-\d{2}-\d{2}$/.test(query.to ?? '') ? new Date(to.getTime() + DAY_MS / 2) : to;
    and.push({ $or: [{ scheduledDate: { $lte: end } }, { scheduledDate: null, createdAt: { $lte: end } }] });
  }
  return { $and: and } as FilterQuery<Task>;
}

/**
 * Whose tasks a listing shows (the planner's team-member filter): `mine`, the actor's own (assigned to
 * or created by them); `team` ("All Team Members"), the actor's and their direct reports' (for a member,
 * their own); `everyone`, all the actor may read.
 */
export const TASK_SCOPES = ['mine', 'team', 'everyone'] as const;
export type TaskScope = (typeof TASK_SCOPES)[number];

/**
 * The condition of a scope (null for everyone's), in addition to what the actor may read. A team is
 * the actor and the users whose manager they are, read in the same statement; each person's tasks are
 * two index walks (assignee, creator), so the board reads the team's tasks, not the company's.
 */
function scopeFilter(ctx: ServiceContext, actor: Actor, value: unknown): FilterQuery<Task> | null {
  const scope = v.optionalText('Scope', value, FILTER_TEXT_MAX);
  if (!scope || scope === 'everyone') return null;
  if (!TASK_SCOPES.includes(scope as TaskScope)) throw badInput(`Scope must be one of: ${TASK_SCOPES.join(', ')}`);
  if (scope === 'mine' || !isManagerOrAdmin(actor)) return { $or: [{ assignedToId: actor.id }, { createdById: actor.id }] } as FilterQuery<Task>;
  const knex = (ctx.em as SqlEntityManager).getKnex();
  const reports = () => knex.raw('select id from users where manager_id = ? union all select ?', [actor.id, actor.id]);
  return { $or: [{ assignedToId: { $in: reports() } }, { createdById: { $in: reports() } }] } as unknown as FilterQuery<Task>;
}

/** The columns a search looks in, besides the task's public comments. */
const SEARCHED_COLUMNS = ['title', 'description', 'project', 'tags'] as const;

/**
 * Tasks whose title, description, project or tags (their JSON text), or one of whose public comments,
 * contain `search`, case-insensitively, answered from an index (docs/DECISIONS.md, "Search"): on SQLite
 * the trigram FTS5 tables (for three characters or more; shorter ones are read row by row), on
 * PostgreSQL the same `like` comparisons its trigram indexes are built on.
 */
function searchFilter(em: ServiceContext['em'], search: string): FilterQuery<Task> {
  const knex = (em as SqlEntityManager).getKnex();
  if (em.getPlatform() instanceof BetterSqlitePlatform && [...search].length >= 3) {
    const phrase = `"${search.replace(/"/g, '""')}"`;
    return {
      $or: [
        { id: { $in: knex.raw('select task_id from task_search where task_search match ?', [phrase]) } },
        { id: { $in: knex.raw('select task_id from comment_search where comment_search match ?', [phrase]) } },
      ],
    } as unknown as FilterQuery<Task>;
  }
  // One id list from both tables: an OR beside a subquery would make PostgreSQL read every task.
  const like = `%${search.toLowerCase()}%`;
  const inTasks = `select id from tasks where ${SEARCHED_COLUMNS.map((column) => `lower(cast(${column} as text)) like ?`).join(' or ')}`;
  const inComments = 'select task_id from task_comments where not is_internal and lower(content) like ?';
  const params = [...SEARCHED_COLUMNS.map(() => like), like];
  return { id: { $in: knex.raw(`${inTasks} union ${inComments}`, params) } } as unknown as FilterQuery<Task>;
}

function parseStatusFilter(status: string): string {
  const map: Record<string, string> = { completed: 'Done' };
  return map[status.toLowerCase()] ?? status;
}

export const TASK_SORT_FIELDS = ['title', 'status', 'priority', 'dueDate', 'updatedAt', 'createdAt', 'scheduledDate'] as const;
export type TaskSortField = (typeof TASK_SORT_FIELDS)[number];
export type TaskSortOrder = 'asc' | 'desc';

/** A sort direction as given (GraphQL argument, query string): absent for the default, else asc or desc. */
export function parseSortOrder(value: unknown): TaskSortOrder | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (value === 'asc' || value === 'desc') return value;
  throw badInput('Sort order must be asc or desc');
}

/** Which page of tasks to list, in which order, and what to read with its rows. */
export interface TaskPageRequest {
  first?: number | null;
  /** Rows to skip (the CSV export's pages); ignored with `after`. */
  offset?: number;
  /** Keyset: the page starts after this task's position in the order (a cursor of the connection's). */
  after?: TaskPosition | null;
  sortBy?: TaskSortField;
  sortOrder?: TaskSortOrder;
  /** Known from an earlier page (the CSV export reads page after page, a cursor carries it): not counted again. */
  totalCount?: number;
  /** Also the newest board event the page includes (TaskPage.latestSeq). */
  withLatestSeq?: boolean;
  /** Per-task counts read with the rows and primed into ctx.loaders (their fields then cost no query). */
  counts?: RowCounts;
}

/**
 * A task's place in a listing's order: the value of the sort key (the raw column value: title, status
 * or priority text, a date as epoch milliseconds, null for an empty date) and its id.
 */
export interface TaskPosition {
  sortBy: TaskSortField;
  sortOrder: TaskSortOrder;
  key: string | number | null;
  id: string;
}

/** A task's position in the order `sortBy` (what a keyset cursor holds). */
export function taskPosition(task: Task, sortBy: TaskSortField, sortOrder: TaskSortOrder): TaskPosition {
  const value = task[sortBy] as string | Date | null | undefined;
  const key = value instanceof Date ? value.getTime() : (value ?? null);
  return { sortBy, sortOrder, key, id: task.id };
}

/** A position as a cursor held it (parsed JSON); BAD_USER_INPUT when it is not one taskPosition made. */
export function parseTaskPosition(value: unknown): TaskPosition {
  const p = (value ?? {}) as Record<string, unknown>;
  const keyOk = p.key === null || typeof p.key === 'string' || (typeof p.key === 'number' && Number.isFinite(p.key));
  if (!TASK_SORT_FIELDS.includes(p.sortBy as TaskSortField) || (p.sortOrder !== 'asc' && p.sortOrder !== 'desc') || !keyOk || typeof p.id !== 'string' || !p.id) {
    throw badInput('Invalid cursor: it is not one this list gave out (start again from the first page)');
  }
  return { sortBy: p.sortBy as TaskSortField, sortOrder: p.sortOrder, key: p.key as TaskPosition['key'], id: p.id };
}

/**
 * One page of the tasks the actor may read, with the total count (cursor pagination over an order). The
 * tasks are read-only rows (readDetachedRowsWith): load a task with getWritableTask to change it. With
 * `withLatestSeq`, also the newest board event the page includes, for a live board to follow from (read
 * with the rows, in the same statement). With `after`, the page starts after that position (a keyset:
 * the skipped rows are not read again); the total is counted only when not known (`totalCount`, which
 * a later page's cursor carries). Throws BAD_USER_INPUT on a bad page, order or filter.
 */
export async function listTasks(ctx: ServiceContext, query: TaskQuery, page: TaskPageRequest): Promise<TaskPage> {
  const actor = requireActor(ctx);
  const first = page.first ?? 100;
  if (!Number.isInteger(first) || first < 1 || first > LIMITS.pageMax) throw badInput(`first must be between 1 and ${LIMITS.pageMax}`);
  const sortBy = page.sortBy ?? 'updatedAt';
  if (!TASK_SORT_FIELDS.includes(sortBy)) throw badInput(`Sort by one of: ${TASK_SORT_FIELDS.join(', ')}`);
  const order = page.sortOrder === 'asc' ? 'asc' : 'desc';
  const after = page.after ?? null;
  if (after && (after.sortBy !== sortBy || after.sortOrder !== order)) throw badInput('This cursor belongs to another order of the list: start again from the first page');
  const offset = after ? 0 : (page.offset ?? 0);
  // Read-only rows, not managed entities: hydrating a page of 500 entities was a third of the request.
  // (Filter and order are built per query: their raw() fragments can be used once.)
  const counts = page.counts ?? {};
  const seqColumn = page.withLatestSeq ? latestEventSeqColumn(ctx.em) : null;
  const readRows = async (seq: ExtraColumn | null) => {
    const extraColumns = [...(seq ? [seq] : []), ...countColumns(ctx.em, counts)];
    const filter = taskWhere(ctx, actor, query);
    const where = after ? ({ $and: [filter, afterPosition(after)] } as FilterQuery<Task>) : filter;
    // One row more than the page: whether a next page exists, without counting.
    const read = await readDetachedRowsWith(ctx.em, Task, where, { orderBy: taskOrder(sortBy, order), limit: first + 1, offset }, extraColumns);
    const hasNextPage = read.rows.length > first;
    if (hasNextPage) {
      read.rows.length = first;
      read.extras.length = first;
    }
    primeCounts(ctx.loaders, read.rows, read.extras, counts);
    return { ...read, hasNextPage };
  };
  // The count's filter first: a bad filter throws here, before any statement starts.
  const countWhere = page.totalCount === undefined ? taskWhere(ctx, actor, query) : null;
  // The rows and the count side by side.
  const [read, totalCount] = await Promise.all([readRows(seqColumn), countWhere ? ctx.em.count(Task, countWhere) : (page.totalCount as number)]);
  const items = read.rows;
  const result = { items, totalCount, offset, hasNextPage: read.hasNextPage };
  if (!seqColumn) return result;
  if (items.length) return { ...result, latestSeq: read.extras[0][seqColumn.name] ?? 0 };
  // An empty page has no row to carry it: the newest event first, then the rows it vouches for.
  const latestSeq = await latestEventSeq(ctx.em);
  const again = await readRows(null);
  return { ...result, items: again.rows, hasNextPage: again.hasNextPage, latestSeq };
}

/**
 * The distinct tags of the tasks the actor may read (as the listing), sorted case-insensitively:
 * the listing's Tag filter options. One statement over the distinct tag lists.
 */
export async function listTaskTags(ctx: ServiceContext): Promise<string[]> {
  const actor = requireActor(ctx);
  const rows = await (ctx.em as unknown as SqlEntityManager)
    .createQueryBuilder(Task, 't')
    .select('t.tags')
    .distinct()
    .where(readableTaskFilter(actor) as QBFilterQuery<Task>)
    .execute<{ tags: unknown }[]>('all', true);
  const tags = new Set<string>();
  for (const { tags: value } of rows) {
    let list: unknown = value;
    if (typeof value === 'string') {
      try {
        list = JSON.parse(value);
      } catch {
        list = [];
      }
    }
    if (Array.isArray(list)) for (const tag of list) if (typeof tag === 'string' && tag.trim()) tags.add(tag);
  }
  return [...tags].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || (a < b ? -1 : a > b ? 1 : 0));
}

const PRIORITY_RANK = ['low', 'medium', 'high', 'critical'];

/** A CASE expression ranking a column's known values in their order (unknown values after them). */
const rankOf = (column: string, values: readonly string[]) => raw((alias: string) => rankSql(`${alias}.${column}`, values));

/** The SQL of a rank: `expr` (a column or a parameter) by its place among `values`. */
const rankSql = (expr: string, values: readonly string[]): string =>
  `case lower(${expr}) ${values.map((value, i) => `when '${value.toLowerCase().replace(/'/g, "''")}' then ${i}`).join(' ')} else ${values.length} end`;

/**
 * The order of a listing: priority and status by their rank (Low < Critical, Not Started < Done), not
 * alphabetically; dates with empty ones last either way (both databases alike); then id, so pages are stable.
 */
function taskOrder(sortBy: TaskSortField, order: 'asc' | 'desc'): QueryOrderMap<Task>[] {
  const direction = order;
  const nullsLast = (order === 'asc' ? 'asc nulls last' : 'desc nulls last') as 'asc';
  const first: QueryOrderMap<Task> =
    sortBy === 'priority'
      ? { [rankOf('priority', PRIORITY_RANK)]: direction }
      : sortBy === 'status'
        ? { [rankOf('status', TASK_STATUSES)]: direction }
        : sortBy === 'dueDate' || sortBy === 'scheduledDate'
          ? { [sortBy]: nullsLast }
          : sortBy === 'title'
            ? { [raw((alias: string) => `lower(${alias}.title)`)]: direction }
            : { [sortBy]: direction };
  return [first, { id: 'asc' }];
}

/** A raw condition (trusted SQL with `?` parameters) as a filter. */
const sqlCondition = (sql: (alias: string) => string, params: unknown[]): FilterQuery<Task> => ({ [raw(sql, params)]: [] }) as unknown as FilterQuery<Task>;

/**
 * The rows after `position` in taskOrder's order (the same keys: rank of priority or status,
 * lower(title), dates with empty ones last, then id ascending). Dates and ids go through MikroORM's
 * filters (their values converted as the platform stores them), the computed keys as SQL with the
 * cursor's value put through the same expression; the key's own bound (`<=` / `>=`) is stated as well,
 * so the walk starts at the position in an index on the key.
 */
function afterPosition(position: TaskPosition): FilterQuery<Task> {
  const { sortBy, key, id } = position;
  const before = position.sortOrder === 'desc';
  const op = before ? '<' : '>';
  if (sortBy === 'priority' || sortBy === 'status' || sortBy === 'title') {
    const expr = (column: string): string =>
      sortBy === 'title' ? `lower(${column})` : rankSql(column, sortBy === 'priority' ? PRIORITY_RANK : TASK_STATUSES);
    const value = key === null ? null : String(key);
    return {
      $or: [
        sqlCondition((a) => `${expr(`${a}.${sortBy}`)} ${op} ${expr('?')}`, [value]),
        { $and: [sqlCondition((a) => `${expr(`${a}.${sortBy}`)} = ${expr('?')}`, [value]), { id: { $gt: id } }] },
      ],
    } as FilterQuery<Task>;
  }
  const field = sortBy as 'dueDate' | 'scheduledDate' | 'updatedAt' | 'createdAt';
  if (key === null) return { [field]: null, id: { $gt: id } } as FilterQuery<Task>;
  const at = new Date(Number(key));
  const range = before ? { $lt: at } : { $gt: at };
  const nullable = field === 'dueDate' || field === 'scheduledDate';
  if (nullable) return { $or: [{ [field]: range }, { [field]: at, id: { $gt: id } }, { [field]: null }] } as FilterQuery<Task>;
  return { [field]: before ? { $lte: at } : { $gte: at }, $or: [{ [field]: range }, { id: { $gt: id } }] } as FilterQuery<Task>;
}

/** The REST list's order: newest change first, then by id (a total order, so a keyset can follow it). */
const TASK_LIST_ORDER = { updatedAt: 'desc', id: 'asc' } as const;

/** Where a keyset page of the REST list starts: after the task with this change time and id. */
export interface TaskListCursor {
  updatedAt: Date;
  id: string;
}

/** The opaque cursor of the task after which the next page starts (base64url of its change time and id). */
export const encodeTaskListCursor = (task: TaskListCursor): string => Buffer.from(`${task.updatedAt.toISOString()}|${task.id}`).toString('base64url');

/** A cursor made by encodeTaskListCursor; BAD_USER_INPUT for anything else. */
export function decodeTaskListCursor(value: unknown): TaskListCursor {
  const [time, id, ...rest] = typeof value === 'string' ? Buffer.from(value, 'base64url').toString('utf8').split('|') : [];
  const updatedAt = new Date(time ?? '');
  if (!id || rest.length || Number.isNaN(updatedAt.getTime())) throw badInput('cursor is not one this list gave out');
  return { updatedAt, id };
}

/**
 * The tasks the actor may read (REST GET /api/tasks) in TASK_LIST_ORDER, as plain rows, `batch` rows at
 * a time (each a keyset read after the last row of the one before), starting after `after` (or skipping
 * `offset`), at most `limit` in all: any number of tasks in constant memory. Throws BAD_USER_INPUT on a
 * bad filter.
 */
export async function* taskListBatches(
  ctx: ServiceContext,
  query: TaskQuery,
  options: { batch: number; limit?: number; offset?: number; after?: TaskListCursor | null },
): AsyncGenerator<PlainRow<Task>[]> {
  const actor = requireActor(ctx);
  let after = options.after ?? null;
  let offset = options.offset ?? 0;
  let left = options.limit ?? Number.POSITIVE_INFINITY;
  while (left > 0) {
    const filter = taskWhere(ctx, actor, query);
    const where = after ? { $and: [filter, { $or: [{ updatedAt: { $lt: after.updatedAt } }, { updatedAt: after.updatedAt, id: { $gt: after.id } }] }] } : filter;
    const size = Math.min(options.batch, left);
    const rows = await readPlainRows(ctx.em, Task, where as FilterQuery<Task>, { orderBy: TASK_LIST_ORDER, limit: size, offset });
    if (rows.length) yield rows;
    if (rows.length < size) return;
    left -= rows.length;
    offset = 0;
    after = rows[rows.length - 1];
  }
}

/** The user a task's people field points to (for names on cards): at once when already loaded. */
export const loadUser = (ctx: ServiceContext, userId: string | null): User | null | Promise<User | null> =>
  userId ? ctx.loaders.user.get(userId) : null;

/**
 * The per-task data a page of tasks may show, to load up front (each one query, when asked for). The
 * subtask and comment counts come with the rows instead (TaskPageRequest.counts).
 */
export interface TaskPreload {
  /** Assignees (names on cards, viewerCan's check). */
  assignees?: boolean;
  /** Creators (createdBy). */
  creators?: boolean;
  subtasks?: boolean;
  comments?: boolean;
}

/**
 * Loads what a page of tasks shows per task in one query per kind, so the page's per-task fields then
 * resolve without a promise each (GraphQL completes 500 cards several times faster that way). The same
 * queries the per-field loaders would batch, so the number of statements does not change.
 */
export async function preloadTaskFields(ctx: ServiceContext, tasks: Task[], what: TaskPreload): Promise<void> {
  if (tasks.length === 0) return;
  const ids = tasks.map((t) => t.id);
  const loads: Promise<unknown>[] = [];
  if (what.assignees || what.creators) {
    const people = new Set<string>();
    for (const t of tasks) {
      if (what.assignees && t.assignedToId) people.add(t.assignedToId);
      if (what.creators && t.createdById) people.add(t.createdById);
    }
    loads.push(ctx.loaders.user.loadMany([...people]));
  }
  if (what.subtasks) loads.push(ctx.loaders.subtasks.loadMany(ids));
  if (what.comments) loads.push(ctx.loaders.comments.loadMany(ids));
  await Promise.all(loads);
}

/** What a delete keeps in its audit entry: the task's row and the rows of each of its parts under the part's key (plain JSON). */
interface DeletedTaskSnapshot {
  task: Record<string, unknown>;
  /** 'subtasks', 'comments' (task-parts.ts). */
  [partKey: string]: Record<string, unknown> | Record<string, unknown>[];
}

/** The task fields an `updated` (or moved, rescheduled, restored) entry recorded, with their old values. */
function versionFields(entryOldValues: Record<string, unknown>): TaskFields {
  const raw: RawTaskInput = {};
  for (const field of TASK_AUDIT_FIELDS) if (field in entryOldValues) raw[field] = entryOldValues[field];
  if (Object.keys(raw).length === 0) throw badInput('This entry changed no task fields, so there is no earlier version to restore');
  // An old empty title cannot be restored (titles are required); keep the current one.
  if (raw.title === null || raw.title === '') delete raw.title;
  return parseTaskFields(raw, 'update');
}

/**
 * Restores from an activity entry the actor can see: an `updated` (moved, rescheduled, restored) entry
 * puts the task's fields named in it back to their old values, as a new audited change pushed live; a
 * `deleted` entry brings the task back with the same id, its subtasks and comments. Permissions as for
 * updating the task: NOT_FOUND when the actor cannot read it, FORBIDDEN when read-only. BAD_USER_INPUT
 * for an entry that cannot be restored (a creation, a non-task entry); CONFLICT when a deleted task
 * already exists again.
 */
export async function restoreFromAudit(ctx: ServiceContext, auditId: string): Promise<Task> {
  const actor = requireActor(ctx);
  const entry = await getVisibleEntry(ctx, auditId);
  if (entry.entityType !== 'task' || !entry.taskId) throw badInput('Only changes to tasks can be restored');
  if (entry.action === 'created') throw badInput('A creation has no earlier version to restore');

  if (entry.action === 'deleted') {
    const saved = entrySnapshot<DeletedTaskSnapshot>(entry);
    if (!saved?.task) throw badInput('This deletion kept no copy of the task, so it cannot be restored');
    const task = entityFromJson(ctx.em, Task, saved.task);
    assertCanWriteTask(actor, task, await writeLine(ctx, actor, task));
    if (await ctx.em.count(Task, { id: entry.taskId })) throw conflict('This task exists again: it was already restored');
    task.id = entry.taskId;
    task.updatedAt = ctx.now();
    ctx.em.persist(task);
    for (const part of ctx.app.taskParts) part.restore(ctx.em, (saved[part.key] as Record<string, unknown>[] | undefined) ?? []);
    recordAudit(ctx, {
      action: 'restored',
      description: `Restored deleted task "${task.title}"`,
      taskId: task.id,
      readers: taskReaders(task),
      newValues: { ...presentFields(task, TASK_AUDIT_FIELDS), restoredFromAuditId: entry.id },
      entityVersion: task.version,
    });
    const events = [stageTaskEvent(ctx, 'TASK_CREATED', task.id, taskReaders(task))];
    await commitWrite(ctx, events, () => forgetTasks(ctx, [task.id]));
    return task;
  }

  const oldValues = Object.fromEntries(entryChanges(entry).filter((c) => TASK_FIELDS_SET.has(c.field)).map((c) => [c.field, c.oldValue]));
  const task = await getWritableTask(ctx, entry.taskId);
  const fields = versionFields(oldValues);
  const when = entry.createdAt.toISOString().slice(0, 16).replace('T', ' ');
  return applyTaskChange(ctx, actor, task, fields, 'restored', { description: `Restored task "${task.title}" to its version before ${when} UTC` });
}

/**
 * Undo of a delete (one task or a bulk delete): brings each task back from its latest deletion entry,
 * through restoreFromAudit (same id, subtasks and comments; audited and pushed live; the same
 * permission checks). BAD_USER_INPUT for an empty or oversized list; NOT_FOUND when a task has no
 * deletion entry the actor can see; CONFLICT when it exists again. Tasks are restored in order, so a
 * refusal part-way leaves the earlier ones restored.
 */
export async function restoreDeletedTasks(ctx: ServiceContext, taskIds: string[]): Promise<Task[]> {
  requireActor(ctx);
  if (!Array.isArray(taskIds) || taskIds.length === 0) throw badInput('Choose at least one task to restore');
  if (taskIds.length > LIMITS.pageMax) throw badInput(`At most ${LIMITS.pageMax} tasks can be restored at once`);
  const checked = taskIds.map((id) => v.lookupId('Task id', id));
  if (checked.some((id) => !id)) throw notFound('Deleted task');
  const ids = [...new Set(checked as string[])];
  const entries = await ctx.em.find(AuditEntry, { taskId: { $in: ids }, action: 'deleted', entityType: 'task' }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  const latest = new Map<string, string>();
  for (const entry of entries) if (entry.taskId && !latest.has(entry.taskId)) latest.set(entry.taskId, entry.id);
  const restored: Task[] = [];
  for (const id of ids) {
    const auditId = latest.get(id);
    if (!auditId) throw notFound('Deleted task');
    restored.push(await restoreFromAudit(ctx, auditId));
  }
  return restored;
}

const TASK_FIELDS_SET: ReadonlySet<string> = new Set(TASK_AUDIT_FIELDS);

/** The request's loaders forget these tasks, their subtasks and comments (read again after a change). */
function forgetTasks(ctx: ServiceContext, ids: readonly string[]): void {
  for (const id of ids) {
    ctx.loaders.task.clear(id);
    ctx.loaders.subtasks.clear(id);
    ctx.loaders.comments.clear(id);
  }
}
