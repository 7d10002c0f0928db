import type { Actor } from '../common/actor.js';
import { isManagerOrAdmin } from '../common/actor.js';
import { canReadTask, type TaskOwnership } from '../modules/task/task.policy.js';
import type { BoardEventKind, DeliveredEventKind } from './topics.js';

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
