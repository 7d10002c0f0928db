import type { FilterQuery } from '@mikro-orm/core';
import type { ServiceContext } from '../../common/context.js';
import { Task } from './task.entity.js';
import { recordAudit } from '../audit/audit.service.js';
import { diffFields, snapshot } from '../audit/audit.diff.js';
import { stageTaskEvent, taskReaders } from '../../realtime/task-events.js';
import type { TaskEvent } from '../../realtime/task-event.entity.js';
import type { ConfigKeyHolder } from '../config/config-key-holders.js';

const REFERENCE_FIELDS = ['project', 'category', 'priority', 'assignedToId'] as const satisfies readonly (keyof Task)[];

/** The task fields that name an administered object (a project's name, a config key, a user). */
export type TaskReferencePatch = Partial<Pick<Task, (typeof REFERENCE_FIELDS)[number]>>;

/**
 * Rewrites a reference held by tasks when the object it names is renamed or deleted (a project
 * renamed, a category key changed, a user deleted). Each changed task gets an audit entry and a live
 * TASK_UPDATED event, staged in the caller's unit of work: flush, then publishStagedEvents(events).
 */
export async function rewriteTaskReferences(
  ctx: ServiceContext,
  where: FilterQuery<Task>,
  patch: TaskReferencePatch,
  description: (task: Task) => string,
): Promise<TaskEvent[]> {
  const tasks = await ctx.em.find(Task, where);
  const events: TaskEvent[] = [];
  for (const task of tasks) {
    const before = snapshot(task, REFERENCE_FIELDS);
    const readersBefore = taskReaders(task);
    Object.assign(task, patch);
    const changes = diffFields(before, snapshot(task, REFERENCE_FIELDS), REFERENCE_FIELDS);
    if (changes.changed.length === 0) continue;
    task.updatedAt = ctx.now();
    const readers = [...new Set([...readersBefore, ...taskReaders(task)])];
    recordAudit(ctx, {
      action: 'updated',
      description: description(task),
      taskId: task.id,
      readers,
      oldValues: changes.oldValues,
      newValues: changes.newValues,
      entityVersion: task.version + 1,
    });
    events.push(stageTaskEvent(ctx, 'TASK_UPDATED', task.id, readers));
  }
  return events;
}

/** Tasks keep a renamed category or priority key, each change audited and pushed live (config-key-holders.ts). */
export const taskConfigKeys: ConfigKeyHolder = {
  renameKey: (ctx, field, from, to) =>
    rewriteTaskReferences(ctx, { [field]: from }, { [field]: to }, (t) => `The ${field} of task "${t.title}" was renamed to "${to}"`),
};
