import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { AppError, notFound } from '../../common/errors.js';
import * as v from '../../common/validate.js';
import { recordAudit } from '../audit/audit.service.js';
import { diffFields, presentFields, snapshot } from '../audit/audit.diff.js';
import { commitWrite, stageTaskEvent, taskReaders } from '../../realtime/task-events.js';
import type { TaskEvent } from '../../realtime/task-event.entity.js';
import { Task } from '../task/task.entity.js';
import { assertAssignee, getReadableTask, getWritableTask, mayAssignTo, stageNewTask, taskPermissions, type TaskPermissions } from '../task/index.js';
import type { TaskFields } from '../task/task.inputs.js';
import { canReadTask } from '../task/task.policy.js';
import { Subtask } from './subtask.entity.js';
import { parseSubtaskFields, SUBTASK_AUDIT_FIELDS, type SubtaskFields } from './subtask.inputs.js';
import { assertNoConflict, expectedVersion, nextVersion, retryLostRace } from '../audit/audit.versions.js';

/** The subtasks of a task the actor may read, oldest first; NOT_FOUND when the task is not readable. */
export async function listSubtasks(ctx: ServiceContext, taskId: string): Promise<Subtask[]> {
  const task = await getReadableTask(ctx, taskId);
  return ctx.loaders.subtasks.load(task.id);
}

/** The subtasks of a task already known to be readable (GraphQL Task.subtasks, batched). */
export const subtasksOf = (ctx: ServiceContext, task: Task): Subtask[] | Promise<Subtask[]> => ctx.loaders.subtasks.get(task.id);

/** Loads a subtask whose task the actor may read; NOT_FOUND otherwise (no existence leak). */
export async function getReadableSubtask(ctx: ServiceContext, subtaskId: string): Promise<{ subtask: Subtask; task: Task }> {
  requireActor(ctx);
  const subtask = v.lookupId('Subtask id', subtaskId) ? await ctx.em.findOne(Subtask, { id: subtaskId }) : null;
  if (!subtask) throw notFound('Subtask');
  try {
    return { subtask, task: await getReadableTask(ctx, subtask.taskId) };
  } catch (err) {
    throw err instanceof AppError && err.code === 'NOT_FOUND' ? notFound('Subtask') : err;
  }
}

/** Loads a subtask whose task the actor may change; NOT_FOUND when unreadable, FORBIDDEN when read-only. */
async function getWritableSubtask(ctx: ServiceContext, subtaskId: string): Promise<{ subtask: Subtask; task: Task }> {
  const { subtask } = await getReadableSubtask(ctx, subtaskId);
  return { subtask, task: await getWritableTask(ctx, subtask.taskId) };
}

/** viewerCan of a subtask: the same as its task's write permission (parent batched by the loader). */
export async function subtaskPermissions(ctx: ServiceContext, subtask: Subtask): Promise<TaskPermissions> {
  const actor = requireActor(ctx);
  const task = await ctx.loaders.task.load(subtask.taskId);
  if (!task || !canReadTask(actor, task)) return { update: false, delete: false };
  return taskPermissions(ctx, task);
}

/** The assignee of a subtask: anyone the actor may assign work to, or the people on the task already. */
const checkAssignee = (ctx: ServiceContext, task: Task, assigneeId: string | null) =>
  assertAssignee(ctx, requireActor(ctx), assigneeId, [task.assignedToId, task.createdById]);

function assign(subtask: Subtask, fields: SubtaskFields): void {
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) (subtask as unknown as Record<string, unknown>)[key] = value;
  }
}

/** Adds a subtask to a task the actor may change. Validates, audits on the task, publishes SUBTASK_CREATED. */
export async function createSubtask(ctx: ServiceContext, taskId: string, raw: unknown): Promise<Subtask> {
  const task = await getWritableTask(ctx, taskId);
  const fields = parseSubtaskFields(raw, 'create');
  await checkAssignee(ctx, task, fields.assignedToId ?? null);
  const subtask = new Subtask();
  subtask.taskId = task.id;
  assign(subtask, fields);
  subtask.createdAt = ctx.now();
  subtask.updatedAt = ctx.now();
  ctx.em.persist(subtask);
  recordAudit(ctx, {
    action: 'created',
    description: `Added subtask "${subtask.title}" to "${task.title}"`,
    entityType: 'subtask',
    entityId: subtask.id,
    taskId: task.id,
    readers: taskReaders(task),
    newValues: presentFields(subtask, SUBTASK_AUDIT_FIELDS),
    entityVersion: subtask.version,
  });
  const event = stageTaskEvent(ctx, 'SUBTASK_CREATED', task.id, taskReaders(task), subtask.id);
  await commitWrite(ctx, [event], () => forgetSubtasks(ctx, task.id));
  return subtask;
}

/**
 * Changes a subtask (only the fields sent); audits exactly the changed fields. No change, no entry.
 * A stale `version` that changes a field changed since throws CONFLICT (audit.versions).
 */
export async function updateSubtask(ctx: ServiceContext, subtaskId: string, raw: unknown): Promise<Subtask> {
  return retryLostRace(ctx, () => updateSubtaskOnce(ctx, subtaskId, raw));
}

async function updateSubtaskOnce(ctx: ServiceContext, subtaskId: string, raw: unknown): Promise<Subtask> {
  const { subtask, task } = await getWritableSubtask(ctx, subtaskId);
  const expected = expectedVersion(raw);
  const fields = parseSubtaskFields(raw, 'update');
  if (fields.assignedToId !== undefined && fields.assignedToId !== subtask.assignedToId) await checkAssignee(ctx, task, fields.assignedToId);
  const before = snapshot(subtask, SUBTASK_AUDIT_FIELDS);
  assign(subtask, fields);
  const changes = diffFields(before, snapshot(subtask, SUBTASK_AUDIT_FIELDS), SUBTASK_AUDIT_FIELDS);
  if (changes.changed.length === 0) return subtask;
  try {
    await assertNoConflict(ctx, 'subtask', subtask, expected, changes.changed, 'subtask');
  } catch (err) {
    Object.assign(subtask, before);
    throw err;
  }
  subtask.updatedAt = ctx.now();
  recordAudit(ctx, {
    action: 'updated',
    description: `Updated subtask "${subtask.title}" of "${task.title}"`,
    entityType: 'subtask',
    entityId: subtask.id,
    taskId: task.id,
    readers: taskReaders(task),
    oldValues: changes.oldValues,
    newValues: changes.newValues,
    entityVersion: nextVersion(subtask),
  });
  const event = stageTaskEvent(ctx, 'SUBTASK_UPDATED', task.id, taskReaders(task), subtask.id);
  await commitWrite(ctx, [event], () => forgetSubtasks(ctx, task.id));
  return subtask;
}

/** Deletes a subtask of a task the actor may change; returns its id. */
export async function deleteSubtask(ctx: ServiceContext, subtaskId: string): Promise<string> {
  const { subtask, task } = await getWritableSubtask(ctx, subtaskId);
  recordAudit(ctx, {
    action: 'deleted',
    description: `Deleted subtask "${subtask.title}" of "${task.title}"`,
    entityType: 'subtask',
    entityId: subtask.id,
    taskId: task.id,
    readers: taskReaders(task),
    oldValues: presentFields(subtask, SUBTASK_AUDIT_FIELDS),
  });
  const event = stageTaskEvent(ctx, 'SUBTASK_DELETED', task.id, taskReaders(task), subtask.id);
  ctx.em.remove(subtask);
  await commitWrite(ctx, [event], () => forgetSubtasks(ctx, task.id));
  return subtask.id;
}

/**
 * Turns a subtask into a full task created by the actor and removes the subtask, in one write.
 * The task keeps the subtask's title, description (notes appended), estimate, tags, due date and
 * status, and the parent's project, category and priority. It is assigned to the subtask's assignee
 * when the actor may assign work to them (as when creating a task), otherwise to the actor.
 */
export async function promoteSubtask(ctx: ServiceContext, subtaskId: string): Promise<Task> {
  const actor = requireActor(ctx);
  const { subtask, task: parent } = await getWritableSubtask(ctx, subtaskId);
  const assignee = subtask.assignedToId && (await mayAssignTo(ctx, actor, subtask.assignedToId)) ? subtask.assignedToId : actor.id;
  const description = [subtask.description, subtask.comments ? `Notes: ${subtask.comments}` : null].filter(Boolean).join('\n\n') || null;
  const fields: TaskFields = {
    title: subtask.title,
    description,
    project: parent.project,
    category: parent.category,
    priority: parent.priority,
    status: subtask.status as TaskFields['status'],
    tags: [...subtask.tags],
    dueDate: subtask.dueDate,
    estimatedHours: subtask.estimatedHours || null,
    assignedToId: assignee,
  };
  // Staged first so the durable event log orders the removal before the new task.
  const events: TaskEvent[] = [stageTaskEvent(ctx, 'SUBTASK_DELETED', parent.id, taskReaders(parent), subtask.id)];
  const created = await stageNewTask(ctx, fields, events, {
    description: `Created task "${subtask.title}" from a subtask of "${parent.title}"`,
    extraAuditValues: { promotedFromSubtaskId: subtask.id, promotedFromTaskId: parent.id },
  });
  recordAudit(ctx, {
    action: 'promoted',
    description: `Promoted subtask "${subtask.title}" of "${parent.title}" to a task`,
    entityType: 'subtask',
    entityId: subtask.id,
    taskId: parent.id,
    readers: taskReaders(parent),
    oldValues: presentFields(subtask, SUBTASK_AUDIT_FIELDS),
    newValues: { promotedToTaskId: created.id },
  });
  ctx.em.remove(subtask);
  await commitWrite(ctx, events, () => forgetSubtasks(ctx, parent.id));
  return created;
}

/** The request's loaders forget a task's subtasks and their counts (read again after a change). */
function forgetSubtasks(ctx: ServiceContext, taskId: string): void {
  ctx.loaders.subtasks.clear(taskId);
  ctx.loaders.subtaskCounts.clear(taskId);
}
