import type { ExecutionResult } from 'graphql';
import type { AppRuntime } from '../common/context.js';
import { toActor, type Actor } from '../common/actor.js';
import { logger } from '../common/logger.js';
import { canWriteTask } from '../modules/task/task.policy.js';
import type { Task } from '../modules/task/task.entity.js';
import type { Subtask } from '../modules/subtask/subtask.entity.js';
import type { TaskComment } from '../modules/comment/comment.entity.js';
import type { User } from '../modules/user/user.entity.js';
import { eventKindFor } from './board-access.js';
import type { BoardEvent } from './board-event.types.js';
import { eventScope, type EventScope } from './event-scope.js';
import { executeBoardOperation, resultKey, YIELDS_EXECUTION_RESULTS, type BoardOperation } from './shared-execution.js';
import { MAX_BUFFERED_BYTES, nextPayloadJson, sendNext, type SocketTarget } from './socket-next.js';
import type { BoardEventMessage } from './topics.js';

/** A subscriber that falls this far behind is dropped (its client reconnects and catches up). */
const MAX_QUEUED = 1_000;

/**
 * One board subscription: the fan-out hands it one execution result per event it may see. Bound to a
 * socket (socket-next.ts), it writes the result's shared payload text straight to the socket, and its
 * stream (what graphql-ws iterates) yields nothing and only ends or fails; otherwise it queues the
 * results for its stream to yield.
 */
export class BoardSubscriber implements AsyncIterableIterator<ExecutionResult> {
  readonly [YIELDS_EXECUTION_RESULTS] = true;
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
  ) {}

  /** Hands over one event's result; `payloadJson` serialises it once for everyone who shares it. */
  deliver(result: ExecutionResult, payloadJson: () => string): void {
    if (this.ended) return;
    if (this.target) {
      // 'closed': the socket is closing; graphql-ws ends this stream when its close event arrives.
      if (sendNext(this.target, payloadJson()) === 'overflow') this.drop(`over ${MAX_BUFFERED_BYTES} bytes unsent`);
    } else if (this.waiting) {
      const { resolve } = this.waiting;
      this.waiting = null;
      resolve({ done: false, value: result });
    } else if (this.queue.length >= MAX_QUEUED) {
      this.drop(`${MAX_QUEUED} events queued`);
    } else {
      this.queue.push(result);
    }
  }

  private drop(reason: string): void {
    logger.warn(`Dropping a board subscription of user ${this.userId}: ${reason}`);
    this.end();
  }

  /** Ends the stream (the subscription completes). */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.queue.length = 0;
    this.fanout.remove(this);
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.resolve({ done: true, value: undefined });
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

/** How one event looks to one user: their rights as loaded for it, the payload, and its fingerprint. */
interface View {
  actor: Actor;
  event: BoardEvent;
  /** What the user's rights change in the answer (equal fingerprint, equal answer; shared-execution.ts). */
  fingerprint: string;
}

/** Subscribers who receive one shared execution result. */
interface Group {
  operation: BoardOperation;
  view: View;
  members: BoardSubscriber[];
}

/** What one event's scope read: the task (null when gone), its subtask or comment, the assignee's manager. */
interface EventData {
  task: Task | null;
  subtask: Subtask | null;
  comment: TaskComment | null;
  assigneeLine: { managerId: string | null } | null;
}

/**
 * The view of each user on one event: null when the user may not see it, 'inactive' when the user is
 * deactivated or deleted (their streams end). Users with the same rights share one payload object.
 */
function viewsByUser(message: BoardEventMessage, data: EventData, userIds: string[], users: (User | Error | null)[]): Map<string, View | null | 'inactive'> {
  const { task, subtask, comment, assigneeLine } = data;
  const payloads = new Map<string, BoardEvent>();
  const views = new Map<string, View | null | 'inactive'>();
  users.forEach((user, i) => {
    if (!user || user instanceof Error || !user.isActive) {
      views.set(userIds[i], 'inactive');
      return;
    }
    const actor = toActor(user);
    const kind = eventKindFor(actor, message, task);
    if (!kind) {
      views.set(userIds[i], null);
      return;
    }
    const readable = kind !== 'TASK_REMOVED' && task !== null;
    const fingerprint = `${kind}|${readable && canWriteTask(actor, task, assigneeLine) ? 'w' : 'r'}`;
    let event = payloads.get(fingerprint);
    if (!event) {
      event = {
        seq: message.seq,
        kind,
        taskId: message.taskId,
        entityId: message.entityId,
        actorId: message.actorId,
        at: new Date(message.at),
        task: readable ? task : null,
        subtask: readable ? subtask : null,
        comment: readable ? comment : null,
      };
      payloads.set(fingerprint, event);
    }
    views.set(userIds[i], { actor, event, fingerprint });
  });
  return views;
}

/**
 * The process's one listener on the board topic, fanning each event out to its subscribers: the
 * event's scope (task, subtask or comment read once) and every subscriber's user (one batched query)
 * are loaded once per event, then each subscriber is authorized in memory, subscribers with equal
 * answers are grouped, and each group's operation is executed and serialised once and written to all
 * its sockets. Events are handled one at a time, so every subscriber receives them in order.
 */
export class BoardFanout {
  private readonly subscribers = new Set<BoardSubscriber>();
  private source: AsyncIterator<BoardEventMessage> | null = null;

  constructor(private readonly app: AppRuntime) {}

  /** Registers a subscription; `target` is its socket when socket.ts bound one. */
  subscribe(userId: string, taskId: string | null, operation: BoardOperation, target: SocketTarget | null): BoardSubscriber {
    const subscriber = new BoardSubscriber(this, userId, taskId, operation, target);
    this.subscribers.add(subscriber);
    if (!this.source) this.start();
    return subscriber;
  }

  remove(subscriber: BoardSubscriber): void {
    this.subscribers.delete(subscriber);
    if (this.subscribers.size === 0 && this.source) {
      const source = this.source;
      this.source = null;
      void source.return?.();
    }
  }

  private start(): void {
    const source = this.app.realtime.subscribeBoardEvents()[Symbol.asyncIterator]();
    this.source = source;
    void (async () => {
      for (;;) {
        const r = await source.next();
        if (r.done || this.source !== source) break;
        try {
          await this.deliver(r.value);
        } catch (err) {
          logger.error(`Could not deliver board event ${r.value.seq}`, err);
        }
      }
    })();
  }

  private async deliver(message: BoardEventMessage): Promise<void> {
    const targets = [...this.subscribers].filter((s) => !s.taskId || s.taskId === message.taskId);
    if (targets.length === 0) return;
    const scope = eventScope(this.app, message);
    const userIds = [...new Set(targets.map((s) => s.userId))];
    const [task, subtask, comment, users] = await Promise.all([scope.task, scope.subtask, scope.comment, scope.loaders.user.loadMany(userIds)]);
    const assignee = task?.assignedToId ? await scope.loaders.user.load(task.assignedToId) : null;
    const assigneeLine = assignee ? { managerId: assignee.managerId } : null;
    const views = viewsByUser(message, { task, subtask, comment, assigneeLine }, userIds, users);

    const groups = new Map<string, Group>();
    for (const subscriber of targets) {
      const view = views.get(subscriber.userId);
      if (view === 'inactive') {
        subscriber.end(); // deactivated or deleted: the stream ends (the socket is closed too)
        continue;
      }
      if (!view) continue;
      const key = resultKey(subscriber.operation, view.fingerprint, subscriber.userId);
      const group = groups.get(key);
      if (group) group.members.push(subscriber);
      else groups.set(key, { operation: subscriber.operation, view, members: [subscriber] });
    }
    // Concurrently, so the groups' field loaders batch into the same queries.
    await Promise.all([...groups.values()].map((group) => this.send(group, scope)));
  }

  /** Executes a group's operation once and hands the result (serialised at most once) to every member. */
  private async send(group: Group, scope: EventScope): Promise<void> {
    let result: ExecutionResult;
    try {
      result = await executeBoardOperation(group.operation, group.view.event, scope, group.view.actor);
    } catch (err) {
      for (const member of group.members) member.fail(err);
      return;
    }
    let json: string | undefined;
    const payloadJson = () => (json ??= nextPayloadJson(result));
    try {
      for (const member of group.members) member.deliver(result, payloadJson);
    } catch (err) {
      for (const member of group.members) member.fail(err); // a result that cannot be serialised
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
