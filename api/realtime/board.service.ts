import type { MikroORM } from '@mikro-orm/core';
import type { ExecutionResult } from 'graphql';
import type { ServiceContext } from '../common/context.js';
import { requireActor } from '../common/context.js';
import { badInput } from '../common/errors.js';
import { isId } from '../common/ids.js';
import { logger } from '../common/logger.js';
import { TaskEvent } from './task-event.entity.js';
import { viewerEvent } from './board-access.js';
import { loadEventScope } from './event-scope.js';
import { latestEventSeq, oldestEventSeq, readEventLog, toEventMessage } from './task-events.js';
import { boardFanout } from './board-fanout.js';
import { boardOperationOf } from './shared-execution.js';
import { socketTargetOf } from './socket-next.js';
import type { BoardEvent, TaskChanges } from './board-event.types.js';

/** How long the durable event log keeps events for catch-up (older ones are pruned hourly). */
export const TASK_EVENT_RETENTION_MS = 7 * 24 * 3600_000;
export const TASK_CHANGES_MAX = 500;

export interface BoardEventFilter {
  /** Only the events of this task. */
  taskId?: string | null;
  /** Replay the log after this seq first (what the client's screen was loaded at, or the last it applied). */
  since?: number | null;
}

/**
 * The live board events the subscriber may see, as the results of its operation, in seq order. With
 * `since`, the events after it come first from the durable log, then the live ones, with none lost or
 * repeated in between (a screen loads its data with the log's latestSeq, then subscribes from it);
 * when the log no longer reaches back that far, a REFETCH event comes first. For every event the
 * subscriber is re-loaded (an inactive or deleted user's stream ends) and re-authorized against the
 * task as it is now, and its operation is executed with those rights in a scope forked for the
 * event's batch (board-fanout.ts, shared-execution.ts), so every field resolver reads fresh data. The
 * stream yields execution results (not root values): run it through subscribeShared, which
 * registered the operation for this context. On a socket bound by socket.ts the results are written
 * to the socket directly and the stream only ends. Throws BAD_USER_INPUT for a bad taskId or since.
 */
export function boardEventStream(ctx: ServiceContext, filter: BoardEventFilter = {}): AsyncIterableIterator<ExecutionResult> {
  const userId = requireActor(ctx).id;
  const taskId = filter.taskId ?? null;
  const since = filter.since ?? null;
  if (taskId !== null && !isId(taskId)) throw badInput('taskId is not a valid id');
  if (since !== null && (!Number.isInteger(since) || since < 0)) throw badInput('since must be a whole number, 0 or more');
  const operation = boardOperationOf(ctx);
  if (!operation) throw new Error('boardEvents runs only through subscribeShared (the graphql-ws subscribe hook)');
  return boardFanout(ctx.app).subscribe(userId, taskId, operation, socketTargetOf(ctx), since);
}

/**
 * Catch-up after a dropped connection: the events after `since` that the viewer may see, oldest first
 * (at most `first`), each with the task as it is now, plus the log's newest sequence number.
 * `first: 0` answers only latestSeq (what a client records when it loads a screen).
 * Throws BAD_USER_INPUT for a bad since or first.
 */
export async function taskChanges(ctx: ServiceContext, since: number, first = 200): Promise<TaskChanges> {
  const actor = requireActor(ctx);
  if (!Number.isInteger(since) || since < 0) throw badInput('since must be a whole number, 0 or more');
  if (!Number.isInteger(first) || first < 0 || first > TASK_CHANGES_MAX) throw badInput(`first must be from 0 to ${TASK_CHANGES_MAX}`);

  const em = ctx.em;
  const [latestSeq, oldest] = await Promise.all([latestEventSeq(em), oldestEventSeq(em)]);
  // Sequence numbers never restart (autoincrement; pruning always keeps the newest row), so a `since`
  // beyond the head comes from another database, and one before the oldest kept row missed pruned events.
  const resetRequired = since > latestSeq || (oldest !== null && since < oldest - 1);
  const rows = first === 0 ? [] : await readEventLog(em, { after: since, limit: first + 1 });
  const hasMore = rows.length > first;
  const page = rows.slice(0, first).map(toEventMessage);
  const scope = await loadEventScope(em, ctx.app.loaders, page);
  const events: BoardEvent[] = [];
  for (const message of page) {
    const view = viewerEvent(actor, message, scope.dataOf(message));
    if (view) events.push(view.event);
  }
  return { events, latestSeq, nextSince: page.at(-1)?.seq ?? since, hasMore, resetRequired };
}

/** Deletes log events older than the retention, always keeping the newest one (so seq never restarts). */
export async function pruneTaskEvents(orm: MikroORM, now = new Date(), retentionMs = TASK_EVENT_RETENTION_MS): Promise<number> {
  const em = orm.em.fork();
  const newest = await latestEventSeq(em);
  if (!newest) return 0;
  return em.nativeDelete(TaskEvent, { createdAt: { $lt: new Date(now.getTime() - retentionMs) }, seq: { $lt: newest } });
}

/** A periodic clean-up beside the event log's: deletes what is past its retention; answers how many rows. */
export interface Pruner {
  /** What it deletes, for the log ("security events older than 365 days"). */
  what: string;
  prune(orm: MikroORM, now: Date): Promise<number>;
}

/** Prunes the event log (and the other `pruners`: security events) now and every hour; returns a stop function. */
export function schedulePruning(orm: MikroORM, clock: () => Date = () => new Date(), pruners: readonly Pruner[] = []): () => void {
  const all: Pruner[] = [{ what: 'board events older than 7 days', prune: pruneTaskEvents }, ...pruners];
  const run = () => {
    for (const pruner of all) {
      pruner.prune(orm, clock()).then(
        (n) => n > 0 && logger.info(`Pruned ${n} ${pruner.what}`),
        (err) => logger.warn(`Pruning ${pruner.what} failed`, err),
      );
    }
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
