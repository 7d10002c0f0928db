import type { MikroORM } from '@mikro-orm/core';
import type { ExecutionResult } from 'graphql';
import type { ServiceContext } from '../common/context.js';
import { requireActor } from '../common/context.js';
import { badInput } from '../common/errors.js';
import { isId } from '../common/ids.js';
import { logger } from '../common/logger.js';
import { Task } from '../modules/task/task.entity.js';
import { Subtask } from '../modules/subtask/subtask.entity.js';
import { TaskComment } from '../modules/comment/comment.entity.js';
import { TaskEvent } from './task-event.entity.js';
import { eventKindFor } from './board-access.js';
import { boardFanout } from './board-fanout.js';
import { boardOperationOf } from './shared-execution.js';
import { socketTargetOf } from './socket-next.js';
import type { BoardEvent, TaskChanges } from './board-event.types.js';
import type { BoardEventKind } from './topics.js';

/** How long the durable event log keeps events for catch-up (older ones are pruned hourly). */
export const TASK_EVENT_RETENTION_MS = 7 * 24 * 3600_000;
export const TASK_CHANGES_MAX = 500;

export interface BoardEventFilter {
  /** Only the events of this task. */
  taskId?: string | null;
}

/**
 * The live board events the subscriber may see, as the results of its operation. For every event the
 * subscriber is re-loaded (an inactive or deleted user's stream ends) and re-authorized against the
 * task as it is now, and its operation is executed with those rights inside a scope forked for that
 * event (board-fanout.ts, shared-execution.ts), so every field resolver reads fresh data. The stream
 * yields execution results (not root values): run it through subscribeShared, which registered the
 * operation for this context. On a socket bound by socket.ts the results are written to the socket
 * directly and the stream only ends.
 */
export function boardEventStream(ctx: ServiceContext, filter: BoardEventFilter = {}): AsyncIterableIterator<ExecutionResult> {
  const userId = requireActor(ctx).id;
  const taskId = filter.taskId ?? null;
  if (taskId !== null && !isId(taskId)) throw badInput('taskId is not a valid id');
  const operation = boardOperationOf(ctx);
  if (!operation) throw new Error('boardEvents runs only through subscribeShared (the graphql-ws subscribe hook)');
  return boardFanout(ctx.app).subscribe(userId, taskId, operation, socketTargetOf(ctx));
}

/**
 * Catch-up after a dropped connection: the events after `since` that the viewer may see, oldest first
 * (at most `first`), each with the task as it is now, plus the log's newest sequence number.
 * `first: 0` answers only latestSeq (what a client records when it loads a screen).
 */
export async function taskChanges(ctx: ServiceContext, since: number, first = 200): Promise<TaskChanges> {
  const actor = requireActor(ctx);
  if (!Number.isInteger(since) || since < 0) throw badInput('since must be a whole number, 0 or more');
  if (!Number.isInteger(first) || first < 0 || first > TASK_CHANGES_MAX) throw badInput(`first must be from 0 to ${TASK_CHANGES_MAX}`);

  const em = ctx.em;
  const [newest, oldest] = await Promise.all([
    em.findOne(TaskEvent, { seq: { $gt: 0 } }, { orderBy: { seq: 'desc' }, fields: ['seq'] }),
    em.findOne(TaskEvent, { seq: { $gt: 0 } }, { orderBy: { seq: 'asc' }, fields: ['seq'] }),
  ]);
  const latestSeq = newest?.seq ?? 0;
  // Sequence numbers never restart (autoincrement; pruning always keeps the newest row), so a `since`
  // beyond the head comes from another database, and one before the oldest kept row missed pruned events.
  const resetRequired = since > latestSeq || (oldest !== null && since < oldest.seq - 1);
  const rows = first === 0 ? [] : await em.find(TaskEvent, { seq: { $gt: since } }, { orderBy: { seq: 'asc' }, limit: first + 1 });
  const hasMore = rows.length > first;
  const page = rows.slice(0, first);

  const ids = <T>(values: (T | null)[]) => [...new Set(values.filter((v): v is T => v !== null))];
  const taskIds = ids(page.map((r) => r.taskId));
  const subtaskIds = ids(page.map((r) => (r.kind.startsWith('SUBTASK_') ? r.entityId : null)));
  const commentIds = ids(page.map((r) => (r.kind.startsWith('COMMENT_') ? r.entityId : null)));
  const [tasks, subtasks, comments] = await Promise.all([
    taskIds.length ? em.find(Task, { id: { $in: taskIds } }) : [],
    subtaskIds.length ? em.find(Subtask, { id: { $in: subtaskIds } }) : [],
    commentIds.length ? em.find(TaskComment, { id: { $in: commentIds } }) : [],
  ]);
  const taskById = new Map(tasks.map((t) => [t.id, t]));
  const subtaskById = new Map(subtasks.map((s) => [s.id, s]));
  const commentById = new Map(comments.map((c) => [c.id, c]));

  const events: BoardEvent[] = [];
  for (const row of page) {
    const task = taskById.get(row.taskId) ?? null;
    const kind = eventKindFor(actor, { kind: row.kind as BoardEventKind, readers: row.readers }, task);
    if (!kind) continue;
    const readable = kind !== 'TASK_REMOVED' && task !== null;
    events.push({
      seq: row.seq,
      kind,
      taskId: row.taskId,
      entityId: row.entityId,
      actorId: row.actorId,
      at: row.createdAt,
      task: readable ? task : null,
      subtask: readable && row.entityId ? (subtaskById.get(row.entityId) ?? null) : null,
      comment: readable && row.entityId ? (commentById.get(row.entityId) ?? null) : null,
    });
  }
  return { events, latestSeq, nextSince: page.at(-1)?.seq ?? since, hasMore, resetRequired };
}

/** Deletes log events older than the retention, always keeping the newest one (so seq never restarts). */
export async function pruneTaskEvents(orm: MikroORM, now = new Date(), retentionMs = TASK_EVENT_RETENTION_MS): Promise<number> {
  const em = orm.em.fork();
  const newest = await em.findOne(TaskEvent, { seq: { $gt: 0 } }, { orderBy: { seq: 'desc' }, fields: ['seq'] });
  if (!newest) return 0;
  return em.nativeDelete(TaskEvent, { createdAt: { $lt: new Date(now.getTime() - retentionMs) }, seq: { $lt: newest.seq } });
}

/** Prunes the event log now and every hour; returns a stop function. */
export function schedulePruning(orm: MikroORM, clock: () => Date = () => new Date()): () => void {
  const run = () => {
    pruneTaskEvents(orm, clock()).then(
      (n) => n > 0 && logger.info(`Pruned ${n} board events older than 7 days`),
      (err) => logger.warn('Pruning board events failed', err),
    );
  };
  const first = setTimeout(run, 5_000);
  const timer = setInterval(run, 3600_000);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
