import type { EntityManager } from '@mikro-orm/core';
import type { ExecutionResult } from 'graphql';
import type { AppRuntime } from '../common/context.js';
import { createLoaders, type Loaders } from '../common/loaders.js';
import { isId } from '../common/ids.js';
import { Task } from '../modules/task/task.entity.js';
import { Subtask } from '../modules/subtask/subtask.entity.js';
import { TaskComment } from '../modules/comment/comment.entity.js';
import type { BoardEventMessage } from './topics.js';

/**
 * What the subscribers of one process share while handling one event: an EntityManager forked for
 * that event (not per socket, so nothing is served from a stale identity map), per-event loaders,
 * and the task (and subtask or comment) read once. Each subscriber then checks its own freshly loaded
 * user against it in memory, so an event to N subscribers costs a handful of queries, not N.
 * Read-only: nothing flushes this EntityManager.
 */
export interface EventScope {
  em: EntityManager;
  loaders: Loaders;
  task: Promise<Task | null>;
  subtask: Promise<Subtask | null>;
  comment: Promise<TaskComment | null>;
  /** Execution results shared by subscribers of the same viewer class (shared-execution.ts). */
  results: Map<string, Promise<ExecutionResult>>;
}

/** Scopes live this long after their event (slow subscribers within it still share them). */
const SCOPE_TTL_MS = 10_000;
const MAX_SCOPES = 2_000;

class EventScopes {
  private readonly scopes = new Map<number, { scope: EventScope; created: number }>();
  private lastSweep = 0;
  constructor(private readonly app: AppRuntime) {}

  get(message: BoardEventMessage): EventScope {
    const now = Date.now();
    if (now - this.lastSweep > 1_000 || this.scopes.size > MAX_SCOPES) this.sweep(now);
    const existing = this.scopes.get(message.seq);
    if (existing) return existing.scope;
    const scope = this.create(message);
    this.scopes.set(message.seq, { scope, created: now });
    return scope;
  }

  private create(message: BoardEventMessage): EventScope {
    const em = this.app.orm.em.fork();
    const none = Promise.resolve(null);
    const entityId = message.entityId && isId(message.entityId) ? message.entityId : null;
    const scope: EventScope = {
      em,
      loaders: createLoaders(em),
      task: isId(message.taskId) ? em.findOne(Task, { id: message.taskId }) : none,
      subtask: entityId && message.kind.startsWith('SUBTASK_') ? em.findOne(Subtask, { id: entityId, taskId: message.taskId }) : none,
      comment: entityId && message.kind.startsWith('COMMENT_') ? em.findOne(TaskComment, { id: entityId, taskId: message.taskId }) : none,
      results: new Map(),
    };
    // A failed read surfaces to each subscriber that awaits it; never as an unhandled rejection.
    for (const p of [scope.task, scope.subtask, scope.comment]) p.catch(() => {});
    return scope;
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [seq, entry] of this.scopes) {
      if (now - entry.created > SCOPE_TTL_MS || this.scopes.size > MAX_SCOPES) this.scopes.delete(seq);
    }
  }
}

const registry = new WeakMap<AppRuntime, EventScopes>();

/** The shared read scope of one event in this process. */
export function eventScope(app: AppRuntime, message: BoardEventMessage): EventScope {
  let scopes = registry.get(app);
  if (!scopes) {
    scopes = new EventScopes(app);
    registry.set(app, scopes);
  }
  return scopes.get(message);
}
