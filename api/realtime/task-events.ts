import type { EntityManager } from '@mikro-orm/core';
import type { ServiceContext } from '../common/context.js';
import type { ExtraColumn } from '../common/plain-rows.js';
import { TaskEvent } from './task-event.entity.js';
import type { BoardEventKind, BoardEventMessage } from './topics.js';

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
export function stageTaskEvent(ctx: ServiceContext, kind: BoardEventKind, taskId: string, readers: string[], entityId: string | null = null): TaskEvent {
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

/**
 * The end of a write (docs/ARCHITECTURE.md, "The path of a live event"): flushes the unit of work, which
 * holds the change, its audit entries and its staged events, in one transaction; `forget` then clears
 * what the request's loaders read before the change (later fields of the same request read it anew);
 * then the staged events are published to every process. A write that flushes in a transaction of its
 * own publishes with publishStagedEvents once it has committed.
 */
export async function commitWrite(ctx: ServiceContext, events: TaskEvent[], forget?: () => void): Promise<void> {
  await ctx.em.flush();
  forget?.();
  publishStagedEvents(ctx, events);
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

/** A log row as the message its publication carried. */
export function toEventMessage(row: TaskEvent): BoardEventMessage {
  return {
    seq: row.seq,
    kind: row.kind as BoardEventKind,
    taskId: row.taskId,
    entityId: row.entityId,
    actorId: row.actorId,
    readers: row.readers,
    at: row.createdAt.toISOString(),
  };
}

/** The newest sequence number of the log (0 when empty). Read it before the data it vouches for. */
export async function latestEventSeq(em: EntityManager): Promise<number> {
  const newest = await em.findOne(TaskEvent, { seq: { $gt: 0 } }, { orderBy: { seq: 'desc' }, fields: ['seq'] });
  return newest?.seq ?? 0;
}

/**
 * A column for another statement's select list that carries the log's newest sequence number (null
 * when the log is empty): read in the same statement, it vouches for exactly the rows it comes with
 * (one statement sees one snapshot, on SQLite and on PostgreSQL), one round trip fewer than
 * latestEventSeq before the data.
 */
export function latestEventSeqColumn(em: EntityManager): ExtraColumn {
  const table = em.getMetadata().get(TaskEvent.name).tableName;
  return { name: 'latest_event_seq', sql: () => `(select max(seq) from ${table})` };
}

/** The oldest sequence number the log still keeps (null when empty). */
export async function oldestEventSeq(em: EntityManager): Promise<number | null> {
  const oldest = await em.findOne(TaskEvent, { seq: { $gt: 0 } }, { orderBy: { seq: 'asc' }, fields: ['seq'] });
  return oldest?.seq ?? null;
}

export interface LogRange {
  /** Events after this sequence number. */
  after: number;
  /** Up to and including this one. */
  upTo?: number;
  /** Only this task's events. */
  taskId?: string | null;
  limit: number;
}

/** Log events in a range, oldest first. */
export function readEventLog(em: EntityManager, range: LogRange): Promise<TaskEvent[]> {
  const seq = range.upTo === undefined ? { $gt: range.after } : { $gt: range.after, $lte: range.upTo };
  const where = range.taskId ? { seq, taskId: range.taskId } : { seq };
  return em.find(TaskEvent, where, { orderBy: { seq: 'asc' }, limit: range.limit });
}
