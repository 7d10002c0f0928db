import type { ServiceContext } from '../../common/context.js';
import { badInput } from '../../common/errors.js';
import * as v from '../../common/validate.js';
import { isFinished, DEFAULT_CATEGORY, DEFAULT_PRIORITY } from '../../../schema/domain/task-rules.js';
import { checkConfigKeys } from '../config/config-keys.js';
import type { Task } from './task.entity.js';
import type { TaskColumn, RepeatPattern } from './task.enums.js';
import { parseTaskFields, type RawTaskInput, type TaskFields } from './task.inputs.js';
import { taskColumn } from './task.placement.js';

// What the task writes (commands/) share: the audited fields, how parsed fields land on a task, and
// what a change keeps in step.

/** The fields the audit log compares. */
export const TASK_AUDIT_FIELDS = [
  'title',
  'description',
  'project',
  'category',
  'priority',
  'status',
  'progress',
  'tags',
  'dueDate',
  'scheduledDate',
  'scheduledTime',
  'estimatedHours',
  'assignedToId',
  'isRepeatable',
  'repeatPattern',
  'repeatInterval',
  'repeatEndDate',
] as const satisfies readonly (keyof Task)[];

export function assertRepeatSettings(task: Task): void {
  if (task.isRepeatable && !task.repeatPattern) task.repeatPattern = 'daily' as RepeatPattern;
  if (task.repeatEndDate && task.scheduledDate && task.repeatEndDate < task.scheduledDate) {
    throw badInput('Repeat end date must be on or after the scheduled date');
  }
}

/** Copies parsed fields onto a task (only the keys present). */
export function assignFields(task: Task, fields: TaskFields): void {
  const { column: _column, ...rest } = fields;
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) (task as unknown as Record<string, unknown>)[key] = value;
  }
  if (fields.category !== undefined && !fields.category) task.category = DEFAULT_CATEGORY;
  if (fields.priority !== undefined && !fields.priority) task.priority = DEFAULT_PRIORITY;
}

/** Keeps completedAt and the stored column in step with the status and dates. */
export function settle(ctx: ServiceContext, task: Task, wasFinished: boolean): void {
  const finished = isFinished(task.status);
  if (finished && !wasFinished) task.completedAt = ctx.now();
  if (!finished) task.completedAt = null;
  task.column = taskColumn(ctx, task) as TaskColumn;
  task.updatedAt = ctx.now();
}

/**
 * Parses a task payload and checks its category and priority against the active config items
 * (only values that differ from `current`); throws one BAD_USER_INPUT listing every problem.
 */
export async function parseCheckedFields(ctx: ServiceContext, raw: RawTaskInput, current: Task | null): Promise<TaskFields> {
  const problems = new v.Problems();
  const fields = parseTaskFields(raw, current ? 'update' : 'create', problems);
  await checkConfigKeys(ctx, fields, current, problems);
  problems.throwIfAny();
  return fields;
}

/** The request's loaders forget these tasks, their subtasks and comments (read again after a change). */
export function forgetTasks(ctx: ServiceContext, ids: readonly string[]): void {
  for (const id of ids) {
    ctx.loaders.task.clear(id);
    ctx.loaders.subtasks.clear(id);
    ctx.loaders.comments.clear(id);
  }
}
