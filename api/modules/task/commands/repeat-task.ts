import type { ServiceContext } from '../../../common/context.js';
import { AppError } from '../../../common/errors.js';
import { nextOccurrence } from '../../../../schema/domain/task-rules.js';
import { recordAudit } from '../../audit/audit.service.js';
import { presentFields, snapshot } from '../../audit/audit.diff.js';
import { stageTaskEvent, taskReaders } from '../../../realtime/task-events.js';
import type { TaskEvent } from '../../../realtime/task-event.entity.js';
import { Task } from '../task.entity.js';
import { TaskStatus } from '../task.enums.js';
import { settle, TASK_AUDIT_FIELDS } from '../task.write.js';
import { deleteTasks } from './delete-tasks.js';

// A repeating task's next occurrence: staged when it becomes Done, withdrawn when it is reopened.

/**
 * When a repeating task becomes Done, stages its next occurrence (dates moved on by the pattern),
 * unless that would fall after the repeat end date. Returns the new task or null.
 */
export async function stageNextOccurrence(ctx: ServiceContext, done: Task, events: TaskEvent[]): Promise<Task | null> {
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

/**
 * A repeating task reopened (Undo of its completion, or by hand): the next occurrence that completion
 * created is deleted like any task (audited, live, restorable), so completing it again does not leave
 * two. Only while nobody has changed it (still at its first version); one someone worked on stays.
 */
export async function withdrawUntouchedOccurrence(ctx: ServiceContext, reopened: Task, completedAt: Date): Promise<void> {
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
