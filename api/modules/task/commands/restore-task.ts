import type { ServiceContext } from '../../../common/context.js';
import { requireActor } from '../../../common/context.js';
import { badInput, conflict, notFound } from '../../../common/errors.js';
import * as v from '../../../common/validate.js';
import { LIMITS } from '../../../../schema/domain/task-rules.js';
import { entityFromJson } from '../../../common/entity-json.js';
import { AuditEntry } from '../../audit/audit.entity.js';
import { entryChanges, entrySnapshot, recordAudit } from '../../audit/audit.service.js';
import { presentFields } from '../../audit/audit.diff.js';
import { commitWrite, stageTaskEvent, taskReaders } from '../../../realtime/task-events.js';
import { Task } from '../task.entity.js';
import { parseTaskFields, type RawTaskInput, type TaskFields } from '../task.inputs.js';
import { assertCanWriteTask } from '../task.policy.js';
import { getVisibleEntry } from '../task.history.js';
import { getWritableTask, writeLine } from '../task.access.js';
import { forgetTasks, TASK_AUDIT_FIELDS } from '../task.write.js';
import type { DeletedTaskSnapshot } from './delete-tasks.js';
import { applyTaskChange } from './update-task.js';

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

  const oldValues = Object.fromEntries(
    entryChanges(entry)
      .filter((c) => TASK_FIELDS_SET.has(c.field))
      .map((c) => [c.field, c.oldValue]),
  );
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
  const entries = await ctx.em.find(
    AuditEntry,
    { taskId: { $in: ids }, action: 'deleted', entityType: 'task' },
    { orderBy: { createdAt: 'desc', id: 'desc' } },
  );
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
