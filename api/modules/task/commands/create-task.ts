import type { ServiceContext } from '../../../common/context.js';
import { requireActor } from '../../../common/context.js';
import { isFinished } from '../../../../schema/domain/task-rules.js';
import { recordAudit } from '../../audit/audit.service.js';
import { presentFields } from '../../audit/audit.diff.js';
import { commitWrite, stageTaskEvent, taskReaders } from '../../../realtime/task-events.js';
import type { TaskEvent } from '../../../realtime/task-event.entity.js';
import { Task } from '../task.entity.js';
import { TaskStatus } from '../task.enums.js';
import type { RawTaskInput, TaskFields } from '../task.inputs.js';
import { assertAssignee } from '../task.access.js';
import { keepReadableMentions } from '../task.mentions.js';
import { applyMove } from '../task.placement.js';
import { assertRepeatSettings, assignFields, parseCheckedFields, settle, TASK_AUDIT_FIELDS } from '../task.write.js';
import { stageNextOccurrence } from './repeat-task.js';

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
  // Mentions of people who will not read the task become plain text (task.mentions).
  if (task.description) task.description = await keepReadableMentions(ctx, task, task.description);

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

/** Creates a task for the actor (creator is always the actor). Validates, authorizes, audits, publishes. */
export async function createTask(ctx: ServiceContext, raw: RawTaskInput): Promise<Task> {
  requireActor(ctx);
  const fields = await parseCheckedFields(ctx, raw, null);
  const events: TaskEvent[] = [];
  const task = await stageNewTask(ctx, fields, events);
  await commitWrite(ctx, events);
  return task;
}
