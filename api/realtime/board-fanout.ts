import type { ExecutionResult } from 'graphql';
import type { AppRuntime } from '../common/context.js';
import { toActor, type Actor } from '../common/actor.js';
import { logger } from '../common/logger.js';
import type { User } from '../modules/user/user.entity.js';
import { controlEvent, viewerEvent } from './board-access.js';
import type { BoardEvent } from './board-event.types.js';
import { loadEventScope, type EventScope } from './event-scope.js';
import { executeBoardOperation, resultKey, YIELDS_EXECUTION_RESULTS, type BoardOperation } from './shared-execution.js';
import { MAX_BUFFERED_BYTES, nextPayloadJson, sendNext, type SocketTarget } from './socket-next.js';
import { latestEventSeq, oldestEventSeq, readEventLog, toEventMessage } from './task-events.js';
import type { BoardEventMessage } from './topics.js';

/**
 * The bounds of the fan-out, each with its policy:
 * - a subscriber holds at most MAX_BACKLOG undelivered results (its queue, or the live events that
 *   arrive while it replays the log); beyond that, or past MAX_BUFFERED_BYTES unsent on its socket,
 *   it is sent RESET and its stream ends (the client catches up from the last seq it applied);
 * - the process holds at most MAX_PENDING events not yet fanned out; beyond that every subscriber is
 *   sent RESET and the pending events are dropped (they are all in the durable log);
 * - a batch handles at most BATCH_MAX events; a gap in the sequence numbers wider than GAP_MAX is not
 *   read back from the log (every subscriber is sent RESET instead).
 */
export const FANOUT_LIMITS = { MAX_BACKLOG: 1_000, MAX_PENDING: 20_000, BATCH_MAX: 200, GAP_MAX: 5_000, REPLAY_PAGE: 500 } as const;

type Mode = 'live' | 'replay';

interface Pending {
  seq: number;
  result: ExecutionResult;
  payloadJson: () => string;
}

/**
 * One board subscription. The fan-out hands it the execution result of every event it may see, in
 * `seq` order; a subscription opened with `since` first replays the log after it (live results that
 * arrive meanwhile wait in its backlog and are deduplicated by seq). Bound to a socket (socket-next.ts)
 * it writes each result's shared payload text straight to the socket, and its stream (what graphql-ws
 * iterates) yields nothing and only ends or fails; otherwise it queues the results for its stream.
 */
export class BoardSubscriber implements AsyncIterableIterator<ExecutionResult> {
  readonly [YIELDS_EXECUTION_RESULTS] = true;
  /** The highest seq handed over (or replayed through): nothing at or below it is sent again. */
  lastSeq: number;
  private replaying: boolean;
  private backlog: Pending[] = [];
  private readonly queue: ExecutionResult[] = [];
  private waiting: { resolve: (r: IteratorResult<ExecutionResult>) => void; reject: (err: unknown) => void } | null = null;
  private failure: { error: unknown } | null = null;
  private ended = false;

  constructor(
    private readonly fanout: BoardFanout,
    readonly userId: string,
    readonly taskId: string | null,
    readonly operation: BoardOperation,
    private readonly target: SocketTarget | null,
    since: number | null,
  ) {
    this.lastSeq = since ?? 0;
    this.replaying = since !== null;
  }

  get isEnded(): boolean {
    return this.ended;
  }

  /** Hands over one event's result; `payloadJson` serialises it once for everyone who shares it. */
  deliver(seq: number, result: ExecutionResult, payloadJson: () => string, mode: Mode): void {
    if (this.ended) return;
    if (this.replaying && mode === 'live') {
      if (this.backlog.length >= FANOUT_LIMITS.MAX_BACKLOG) this.reset(`${FANOUT_LIMITS.MAX_BACKLOG} live events waited while it replayed`);
      else this.backlog.push({ seq, result, payloadJson });
      return;
    }
    if (seq <= this.lastSeq) return;
    this.lastSeq = seq;
    this.emit(result, payloadJson);
  }

  /** The replay is done: everything after `through` that arrived live meanwhile goes out, then live. */
  finishReplay(through: number): void {
    this.lastSeq = Math.max(this.lastSeq, through);
    this.replaying = false;
    const backlog = this.backlog;
    this.backlog = [];
    for (const p of backlog) this.deliver(p.seq, p.result, p.payloadJson, 'live');
  }

  /** Sends a REFETCH (the log does not reach back to `since`) and goes on after `latestSeq`. */
  async refetch(latestSeq: number): Promise<void> {
    const result = await this.control('REFETCH', latestSeq);
    if (this.ended) return;
    this.lastSeq = latestSeq;
    this.emit(result, () => nextPayloadJson(result));
  }

  /**
   * The subscriber is too far behind: it is sent RESET (with the last seq it was handed) and its stream
   * ends; the client catches up with taskChanges(since) or subscribes again with `since`. Nothing it
   * missed is lost (every event is in the durable log).
   */
  reset(reason: string): void {
    if (this.ended) return;
    logger.warn(`Resetting a board subscription of user ${this.userId}: ${reason}`);
    this.fanout.remove(this);
    this.backlog = [];
    this.queue.length = 0;
    this.replaying = false;
    const seq = this.lastSeq;
    // Nothing else is handed over from here on; the stream ends once RESET is out.
    this.ended = true;
    this.control('RESET', seq).then(
      (result) => {
        if (this.target) sendNext(this.target, nextPayloadJson(result));
        else this.queue.push(result);
        this.settle();
      },
      (err) => {
        logger.error('Could not build the RESET event', err);
        this.settle();
      },
    );
  }

  private control(kind: 'RESET' | 'REFETCH', seq: number): Promise<ExecutionResult> {
    const { context } = this.operation;
    return executeBoardOperation(this.operation, controlEvent(kind, seq), context, context.actor!);
  }

  private emit(result: ExecutionResult, payloadJson: () => string): void {
    if (this.target) {
      // 'closed': the socket is closing; graphql-ws ends this stream when its close event arrives.
      if (sendNext(this.target, payloadJson()) === 'overflow') this.reset(`over ${MAX_BUFFERED_BYTES} bytes unsent`);
    } else if (this.waiting) {
      const { resolve } = this.waiting;
      this.waiting = null;
      resolve({ done: false, value: result });
    } else if (this.queue.length >= FANOUT_LIMITS.MAX_BACKLOG) {
      this.reset(`${FANOUT_LIMITS.MAX_BACKLOG} events queued`);
    } else {
      this.queue.push(result);
    }
  }

  /** Ends the stream (the subscription completes). */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.queue.length = 0;
    this.backlog = [];
    this.settle();
  }

  /** After the end: hands a waiting reader what is left in the queue (RESET), or the end. */
  private settle(): void {
    this.fanout.remove(this);
    const waiting = this.waiting;
    if (!waiting) return;
    this.waiting = null;
    const queued = this.queue.shift();
    waiting.resolve(queued ? { done: false, value: queued } : { done: true, value: undefined });
  }

  /** Ends the stream with an error (graphql-ws sends an `error` message for the subscription). */
  fail(error: unknown): void {
    if (this.ended) return;
    const waiting = this.waiting;
    this.waiting = null;
    this.end();
    if (waiting) waiting.reject(error);
    else this.failure = { error };
  }

  next(): Promise<IteratorResult<ExecutionResult>> {
    if (this.failure) {
      const { error } = this.failure;
      this.failure = null;
      return Promise.reject(error);
    }
    const queued = this.queue.shift();
    if (queued) return Promise.resolve({ done: false, value: queued });
    if (this.ended) return Promise.resolve({ done: true, value: undefined });
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  return(): Promise<IteratorResult<ExecutionResult>> {
    this.end();
    return Promise.resolve({ done: true, value: undefined });
  }

  throw(err: unknown): Promise<IteratorResult<ExecutionResult>> {
    this.end();
    return Promise.reject(err);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}

/** Subscribers who receive one shared execution result of one event. */
interface Group {
  seq: number;
  operation: BoardOperation;
  actor: Actor;
  event: BoardEvent;
  members: BoardSubscriber[];
}

const sortBySeq = (a: { seq: number }, b: { seq: number }) => a.seq - b.seq;

/**
 * The process's one listener on the board topic. The listener only records each event and schedules
 * a drain, so a burst of writes never blocks or overflows anything between the publisher and here.
 * The drain takes the pending events in batches, in `seq` order, and fills any gap in the sequence
 * from the durable log (events from several processes or requests can arrive out of order; the log
 * commits in seq order, see event-log-ordering.ts), so every subscriber receives every event it may
 * see exactly once and in seq order: resuming from the highest seq a client saw loses nothing.
 *
 * A batch costs a handful of queries whatever its size and the number of subscribers: its tasks,
 * subtasks, comments and assignees, and every subscriber's user (to re-check rights; a deactivated
 * or deleted user's streams end). Subscribers with equal answers share one execution and one
 * serialised payload (shared-execution.ts), written to all their sockets.
 */
export class BoardFanout {
  private readonly subscribers = new Set<BoardSubscriber>();
  private pending: BoardEventMessage[] = [];
  /**
   * The highest seq fanned out (everything below it was fanned out, is history that subscribers
   * replay, or never committed). Starts where the log stood once the fan-out listened: not at the
   * first event that arrives, which may be later than one still on its way (another process published
   * its later event first), and which would then be dropped as handled.
   */
  private highWater: number | null = null;
  private draining = false;
  private readonly stopListening: () => void;
  private readonly started: Promise<void>;

  constructor(private readonly app: AppRuntime) {
    this.stopListening = app.realtime.onBoardEvent((message) => this.enqueue(message));
    this.started = latestEventSeq(app.orm.em.fork()).then(
      (seq) => void (this.highWater ??= seq),
      // Unknown: the first event fanned out sets it (as before), and the log fills later gaps.
      (err) => logger.warn(`Board fan-out: where the log stands could not be read (${err instanceof Error ? err.message : String(err)})`),
    );
  }

  /** Resolves once the fan-out knows where the log stood when it started listening. */
  ready(): Promise<void> {
    return this.started;
  }

  /** Registers a subscription; `target` is its socket when socket.ts bound one; `since` replays the log after it. */
  subscribe(userId: string, taskId: string | null, operation: BoardOperation, target: SocketTarget | null, since: number | null): BoardSubscriber {
    const subscriber = new BoardSubscriber(this, userId, taskId, operation, target, since);
    this.subscribers.add(subscriber);
    if (since !== null) void this.replay(subscriber, since);
    return subscriber;
  }

  remove(subscriber: BoardSubscriber): void {
    this.subscribers.delete(subscriber);
  }

  /** Stops listening (the app is closing). */
  close(): void {
    this.stopListening();
    this.pending = [];
  }

  /** The hub's listener: records the event and schedules a drain. Never throws, never waits. */
  private enqueue(message: BoardEventMessage): void {
    if (this.pending.length >= FANOUT_LIMITS.MAX_PENDING) {
      logger.warn(`${this.pending.length} board events were waiting: every board subscription is reset to catch up from the log`);
      // The dropped events count as handled: every subscriber is reset and catches up from the log.
      if (this.highWater !== null) this.highWater = this.pending.reduce((high, m) => Math.max(high, m.seq), this.highWater);
      this.pending = [];
      for (const s of [...this.subscribers]) s.reset('the process fell behind');
    }
    this.pending.push(message);
    if (!this.draining) {
      this.draining = true;
      setImmediate(() => void this.drain());
    }
  }

  private async drain(): Promise<void> {
    await this.started;
    while (this.pending.length > 0) {
      this.pending.sort(sortBySeq);
      const batch = this.pending.splice(0, FANOUT_LIMITS.BATCH_MAX);
      try {
        await this.fanOut(batch);
      } catch (err) {
        logger.error(`Could not deliver board events ${batch[0].seq}-${batch.at(-1)!.seq}`, err);
      }
    }
    this.draining = false;
  }

  /** Fans out one batch (sorted): events at or below the high-water mark were handled already. */
  private async fanOut(batch: BoardEventMessage[]): Promise<void> {
    const from = this.highWater ?? batch[0].seq - 1;
    const fresh = batch.filter((m, i) => m.seq > from && m.seq !== batch[i - 1]?.seq);
    if (fresh.length === 0) return;
    const to = fresh.at(-1)!.seq;
    this.highWater = to;
    if (this.subscribers.size === 0) return;
    let messages = fresh;
    if (to - from !== fresh.length) {
      // A gap: the missing events committed before `to` did (or never will); read them from the log.
      if (to - from > FANOUT_LIMITS.GAP_MAX) {
        for (const s of [...this.subscribers]) s.reset(`a gap of ${to - from} events`);
        return;
      }
      const rows = await readEventLog(this.app.orm.em.fork(), { after: from, upTo: to, limit: to - from });
      messages = rows.map(toEventMessage);
    }
    await this.deliver(messages, [...this.subscribers], 'live');
  }

  /**
   * Replays the log after `since` to a new subscriber (its live events wait meanwhile), or sends it
   * REFETCH when the log no longer reaches back that far or `since` is from another database.
   */
  private async replay(subscriber: BoardSubscriber, since: number): Promise<void> {
    try {
      // The replay reads the log after the fan-out knew where it stood: it reaches at least that far.
      await this.started;
      const em = this.app.orm.em.fork();
      const [latest, oldest] = await Promise.all([latestEventSeq(em), oldestEventSeq(em)]);
      let through = since;
      if (since > latest || (oldest !== null && since < oldest - 1)) {
        await subscriber.refetch(latest);
        through = latest;
      } else {
        for (;;) {
          const rows = await readEventLog(em, { after: through, taskId: subscriber.taskId, limit: FANOUT_LIMITS.REPLAY_PAGE });
          if (rows.length === 0 || subscriber.isEnded) break;
          await this.deliver(rows.map(toEventMessage), [subscriber], 'replay');
          through = rows.at(-1)!.seq;
          em.clear();
          if (rows.length < FANOUT_LIMITS.REPLAY_PAGE) break;
        }
      }
      subscriber.finishReplay(through);
    } catch (err) {
      subscriber.fail(err);
    }
  }

  /** Authorizes, groups, executes and hands over a batch of events to `targets`, in seq order. */
  private async deliver(messages: BoardEventMessage[], targets: BoardSubscriber[], mode: Mode): Promise<void> {
    const scope = await loadEventScope(this.app.orm.em.fork(), this.app.loaders, messages);
    const actors = await this.activeActors(scope, targets);
    const groups: Group[] = [];
    for (const message of messages) {
      const data = scope.dataOf(message);
      const byKey = new Map<string, Group>();
      const views = new Map<string, ReturnType<typeof viewerEvent>>();
      for (const subscriber of targets) {
        if (subscriber.taskId && subscriber.taskId !== message.taskId) continue;
        const actor = actors.get(subscriber.userId);
        if (!actor) continue;
        let view = views.get(actor.id);
        if (view === undefined) views.set(actor.id, (view = viewerEvent(actor, message, data)));
        if (!view) continue;
        const key = resultKey(subscriber.operation, `${view.event.kind}|${view.canWrite ? 'w' : 'r'}`, subscriber.userId);
        const group = byKey.get(key);
        if (group) group.members.push(subscriber);
        else byKey.set(key, { seq: message.seq, operation: subscriber.operation, actor, event: view.event, members: [subscriber] });
      }
      groups.push(...byKey.values());
    }
    // All at once, so the groups' field loaders batch into the same queries; handed over in seq order.
    const results = await Promise.all(groups.map((g) => this.execute(g, scope)));
    groups.forEach((group, i) => {
      const result = results[i];
      if (!result) return;
      let json: string | undefined;
      const payloadJson = () => (json ??= nextPayloadJson(result));
      for (const member of group.members) {
        try {
          member.deliver(group.seq, result, payloadJson, mode);
        } catch (err) {
          member.fail(err); // a result that cannot be serialised
        }
      }
    });
  }

  /** The subscribers' users as they are now; the streams of deactivated or deleted users end. */
  private async activeActors(scope: EventScope, targets: BoardSubscriber[]): Promise<Map<string, Actor>> {
    const userIds = [...new Set(targets.map((s) => s.userId))];
    const users = await scope.loaders.user.loadMany(userIds);
    const actors = new Map<string, Actor>();
    users.forEach((user, i) => {
      if (user && !(user instanceof Error) && (user as User).isActive) actors.set(userIds[i], toActor(user as User));
    });
    for (const s of targets) if (!actors.has(s.userId)) s.end(); // the socket is closed too
    return actors;
  }

  private async execute(group: Group, scope: EventScope): Promise<ExecutionResult | null> {
    try {
      return await executeBoardOperation(group.operation, group.event, scope, group.actor);
    } catch (err) {
      for (const member of group.members) member.fail(err);
      return null;
    }
  }
}

const fanouts = new WeakMap<AppRuntime, BoardFanout>();

/** The board fan-out of this process (one per app). */
export function boardFanout(app: AppRuntime): BoardFanout {
  let fanout = fanouts.get(app);
  if (!fanout) {
    fanout = new BoardFanout(app);
    fanouts.set(app, fanout);
  }
  return fanout;
}

/** Stops the app's fan-out, if it started. */
export function closeBoardFanout(app: AppRuntime): void {
  fanouts.get(app)?.close();
  fanouts.delete(app);
}
