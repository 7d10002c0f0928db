import type { AppRuntime } from '../common/context.js';
import { toActor, type Actor } from '../common/actor.js';
import { logger } from '../common/logger.js';
import { canWriteTask } from '../modules/task/task.policy.js';
import type { User } from '../modules/user/user.entity.js';
import { eventKindFor } from './board-access.js';
import type { BoardEvent } from './board-event.types.js';
import { eventScope, type EventScope } from './event-scope.js';
import { SHARED_EXECUTION, type SharedExecution } from './shared-execution.js';
import type { BoardEventMessage } from './topics.js';

/** What one subscriber receives for one event: the payload, and its rights as loaded for that event. */
export interface Delivery {
  event: BoardEvent & { [SHARED_EXECUTION]: SharedExecution };
  actor: Actor;
  scope: EventScope;
}

/** A subscriber that falls this far behind is dropped (its client reconnects and catches up). */
const MAX_QUEUED = 1_000;

/** One subscriber's queue of deliveries, read by its GraphQL subscription. */
export class BoardSubscriber implements AsyncIterator<Delivery> {
  private readonly queue: Delivery[] = [];
  private waiting: ((result: IteratorResult<Delivery>) => void) | null = null;
  private ended = false;

  constructor(
    private readonly fanout: BoardFanout,
    readonly userId: string,
    readonly taskId: string | null,
  ) {}

  push(delivery: Delivery): void {
    if (this.ended) return;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve({ done: false, value: delivery });
    } else if (this.queue.length >= MAX_QUEUED) {
      logger.warn(`Dropping a board subscription of user ${this.userId}: ${MAX_QUEUED} events queued`);
      this.end();
    } else {
      this.queue.push(delivery);
    }
  }

  /** Ends the stream (the subscription completes). */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.queue.length = 0;
    this.fanout.remove(this);
    const resolve = this.waiting;
    this.waiting = null;
    resolve?.({ done: true, value: undefined });
  }

  next(): Promise<IteratorResult<Delivery>> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve({ done: false, value: queued });
    if (this.ended) return Promise.resolve({ done: true, value: undefined });
    return new Promise((resolve) => (this.waiting = resolve));
  }

  return(): Promise<IteratorResult<Delivery>> {
    this.end();
    return Promise.resolve({ done: true, value: undefined });
  }
}

/**
 * The process's one listener on the board topic, fanning each event out to its subscribers: the
 * event's scope (task, subtask or comment read once) and every subscriber's user (one batched query)
 * are loaded once per event, then each subscriber is authorized in memory and gets its delivery.
 * Events are handled one at a time, so every subscriber receives them in order.
 */
export class BoardFanout {
  private readonly subscribers = new Set<BoardSubscriber>();
  private source: AsyncIterator<BoardEventMessage> | null = null;

  constructor(private readonly app: AppRuntime) {}

  subscribe(userId: string, taskId: string | null): BoardSubscriber {
    const subscriber = new BoardSubscriber(this, userId, taskId);
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

    const actors = new Map<string, Actor | null>();
    users.forEach((u, i) => actors.set(userIds[i], u && !(u instanceof Error) && (u as User).isActive ? toActor(u as User) : null));
    // Subscribers with the same rights on this event share one payload object (and one execution).
    const payloads = new Map<string, Delivery['event']>();
    for (const subscriber of targets) {
      const actor = actors.get(subscriber.userId);
      if (!actor) {
        subscriber.end(); // deactivated or deleted: the stream ends (the socket is closed too)
        continue;
      }
      const kind = eventKindFor(actor, message, task);
      if (!kind) continue;
      const readable = kind !== 'TASK_REMOVED' && task !== null;
      const canWrite = readable && canWriteTask(actor, task, assigneeLine);
      const fingerprint = `${kind}|${canWrite ? 'w' : 'r'}`;
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
          [SHARED_EXECUTION]: { results: scope.results, fingerprint },
        };
        payloads.set(fingerprint, event);
      }
      subscriber.push({ event, actor, scope });
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
