import type { ServiceContext } from '../common/context.js';
import { TaskEvent } from './task-event.entity.js';
import type { BoardEventKind } from './topics.js';

/** Users who can read a task as a member would: its assignee and its creator. */
export const taskReaders = (...tasks: ({ assignedToId: string | null; createdById: string | null } | null | undefined)[]): string[] => {
  const ids = new Set<string>();
  for (const t of tasks) {
    if (t?.assignedToId) ids.add(t.assignedToId);
    if (t?.createdById) ids.add(t.createdById);
  }
  return [...ids];
};

/**
 * Stages a board event in the same unit of work as the change it describes, so the durable log
 * (for catch-up) and the data commit together. Call publishStagedEvents after the flush.
 */
export function stageTaskEvent(
  ctx: ServiceContext,
  kind: BoardEventKind,
  taskId: string,
  readers: string[],
  entityId: string | null = null,
): TaskEvent {
  const event = new TaskEvent();
  event.kind = kind;
  event.taskId = taskId;
  event.entityId = entityId;
  event.actorId = ctx.actor?.id ?? null;
  event.readers = readers;
  event.createdAt = ctx.now();
  ctx.em.persist(event);
  return event;
}

/** Publishes staged events (they have their sequence numbers once flushed). */
export function publishStagedEvents(ctx: ServiceContext, events: TaskEvent[]): void {
  for (const e of events) {
    ctx.realtime.publishBoardEvent({
      seq: e.seq,
      kind: e.kind as BoardEventKind,
      taskId: e.taskId,
      entityId: e.entityId,
      actorId: e.actorId,
      readers: e.readers,
      at: e.createdAt.toISOString(),
    });
  }
}
