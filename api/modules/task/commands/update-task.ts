import type { ServiceContext } from '../../../common/context.js';
import { requireActor } from '../../../common/context.js';
import type { Actor } from '../../../common/actor.js';
import { dayKey, isFinished, type TaskColumnValue } from '../../../../schema/domain/task-rules.js';
import { recordAudit } from '../../audit/audit.service.js';
import { diffFields, snapshot } from '../../audit/audit.diff.js';
import { assertNoConflict, expectedVersion, nextVersion, retryLostRace } from '../../audit/audit.versions.js';
import { commitWrite, stageTaskEvent, taskReaders } from '../../../realtime/task-events.js';
import type { TaskEvent } from '../../../realtime/task-event.entity.js';
import type { Task } from '../task.entity.js';
import type { RawTaskInput, TaskFields } from '../task.inputs.js';
import { assertAssignee, getWritableTask } from '../task.access.js';
import { keepReadableMentions } from '../task.mentions.js';
import { applyMove, boardColumnOn, taskColumn } from '../task.placement.js';
import { assertRepeatSettings, assignFields, parseCheckedFields, settle, TASK_AUDIT_FIELDS } from '../task.write.js';
import { stageNextOccurrence, withdrawUntouchedOccurrence } from './repeat-task.js';

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
export async function applyTaskChange(
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
    Object.entries(fields).filter(
      ([k, value]) => k !== 'column' && diffFields({ [k]: before[k as keyof typeof before] }, { [k]: value }, [k]).changed.length > 0,
    ),
  ) as TaskFields;
  assignFields(task, explicit);
  // Completing a task completes its progress; reopening leaves progress as it is (editable).
  if (!wasFinished && isFinished(task.status)) task.progress = 100;

  if (explicit.assignedToId !== undefined) await assertAssignee(ctx, actor, task.assignedToId);
  // A new description keeps only mentions of people who read the task as it now is (task.mentions).
  if (explicit.description) task.description = await keepReadableMentions(ctx, task, explicit.description);
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
  events.push(
    stageTaskEvent(ctx, movedColumn || kind === 'rescheduled' ? 'TASK_MOVED' : 'TASK_UPDATED', task.id, [...new Set([...beforeReaders, ...taskReaders(task)])]),
  );
  if (!wasFinished && isFinished(task.status)) await stageNextOccurrence(ctx, task, events);
  await commitWrite(ctx, events);
  if (wasFinished && !isFinished(task.status) && completedAt) await withdrawUntouchedOccurrence(ctx, task, completedAt);
  return task;
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
