import type { EntityManager } from '@mikro-orm/core';
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
 * Read-only: nothing flushes this EntityManager. It lives as long as the event's fan-out.
 */
export interface EventScope {
  em: EntityManager;
  loaders: Loaders;
  task: Promise<Task | null>;
  subtask: Promise<Subtask | null>;
  comment: Promise<TaskComment | null>;
}

/** Forks the read scope of one event and starts its reads. */
export function eventScope(app: AppRuntime, message: BoardEventMessage): EventScope {
  const em = app.orm.em.fork();
  const none = Promise.resolve(null);
  const entityId = message.entityId && isId(message.entityId) ? message.entityId : null;
  const scope: EventScope = {
    em,
    loaders: createLoaders(em),
    task: isId(message.taskId) ? em.findOne(Task, { id: message.taskId }) : none,
    subtask: entityId && message.kind.startsWith('SUBTASK_') ? em.findOne(Subtask, { id: entityId, taskId: message.taskId }) : none,
    comment: entityId && message.kind.startsWith('COMMENT_') ? em.findOne(TaskComment, { id: entityId, taskId: message.taskId }) : none,
  };
  // A failed read surfaces to the fan-out that awaits it; never as an unhandled rejection.
  for (const p of [scope.task, scope.subtask, scope.comment]) p.catch(() => {});
  return scope;
}
