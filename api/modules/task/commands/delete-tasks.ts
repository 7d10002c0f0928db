import { wrap } from '@mikro-orm/core';
import type { ServiceContext } from '../../../common/context.js';
import { requireActor } from '../../../common/context.js';
import { badInput } from '../../../common/errors.js';
import { LIMITS } from '../../../../schema/domain/task-rules.js';
import { recordAudit } from '../../audit/audit.service.js';
import { presentFields } from '../../audit/audit.diff.js';
import { publishStagedEvents, stageTaskEvent, taskReaders } from '../../../realtime/task-events.js';
import type { TaskEvent } from '../../../realtime/task-event.entity.js';
import type { Task } from '../task.entity.js';
import type { TaskPart } from '../task-parts.js';
import { getWritableTask } from '../task.access.js';
import { forgetTasks, TASK_AUDIT_FIELDS } from '../task.write.js';

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

/** What a delete keeps in its audit entry: the task's row and the rows of each of its parts under the part's key (plain JSON). */
export interface DeletedTaskSnapshot {
  task: Record<string, unknown>;
  /** 'subtasks', 'comments' (task-parts.ts). */
  [partKey: string]: Record<string, unknown> | Record<string, unknown>[];
}
