import type { Actor } from '../common/actor.js';
import { isManagerOrAdmin } from '../common/actor.js';
import { canReadTask, canWriteTask, type TaskOwnership } from '../modules/task/task.policy.js';
import type { BoardEvent } from './board-event.types.js';
import type { EventData } from './event-scope.js';
import type { BoardEventKind, BoardEventMessage, DeliveredEventKind } from './topics.js';

/**
 * How a board event reaches one viewer, decided in memory from the task as it is now and the event's
 * readers (everyone who could read the task before or after the change): the event's own kind when
 * the viewer may read the task; TASK_REMOVED when the task left the viewer's scope (they were a reader
 * but may no longer read it); for a task that no longer exists, the event when the viewer could read
 * it (managers and admins, or a reader); null (nothing) otherwise.
 */
export function eventKindFor(actor: Actor, event: { kind: BoardEventKind; readers: string[] }, task: TaskOwnership | null): DeliveredEventKind | null {
  if (!task) return isManagerOrAdmin(actor) || event.readers.includes(actor.id) ? event.kind : null;
  if (canReadTask(actor, task)) return event.kind;
  return event.readers.includes(actor.id) ? 'TASK_REMOVED' : null;
}

/** What one viewer receives of one event: the payload and the kind, or null when it is not theirs to see. */
export interface ViewerEvent {
  event: BoardEvent;
  /** Whether the viewer may change the task (Task.viewerCan), for grouping equal answers. */
  canWrite: boolean;
}

/**
 * The event as `actor` may see it, built from the event's data as it is now (event-scope.ts): the
 * task, subtask and comment only when the viewer may read the task. Null when the viewer may not see
 * the event at all.
 */
export function viewerEvent(actor: Actor, message: BoardEventMessage, data: EventData): ViewerEvent | null {
  const { task } = data;
  const kind = eventKindFor(actor, message, task);
  if (!kind) return null;
  const readable = kind !== 'TASK_REMOVED' && task !== null;
  return {
    canWrite: readable && canWriteTask(actor, task, data.assigneeLine),
    event: {
      seq: message.seq,
      kind,
      taskId: message.taskId,
      entityId: message.entityId,
      actorId: message.actorId,
      at: new Date(message.at),
      task: readable ? task : null,
      subtask: readable ? data.subtask : null,
      comment: readable ? data.comment : null,
    },
  };
}

/** A stream control event (RESET, REFETCH): no task, only the sequence number it speaks of. */
export function controlEvent(kind: 'RESET' | 'REFETCH', seq: number): BoardEvent {
  return { seq, kind, taskId: '', entityId: null, actorId: null, at: new Date(), task: null, subtask: null, comment: null };
}
