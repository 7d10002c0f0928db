import type { EntityManager } from '@mikro-orm/core';
import { createLoaders, type LoaderFactory, type Loaders } from '../common/loaders.js';
import { isId } from '../common/ids.js';
import { Subtask } from '../modules/subtask/subtask.entity.js';
import { TaskComment } from '../modules/comment/comment.entity.js';
import type { Task } from '../modules/task/task.entity.js';
import type { BoardEventMessage } from './topics.js';

/** What one event's scope read: the task (null when gone), its subtask or comment, the assignee's manager. */
export interface EventData {
  task: Task | null;
  subtask: Subtask | null;
  comment: TaskComment | null;
  assigneeLine: { managerId: string | null } | null;
}

/**
 * What the subscribers of one process share while handling a batch of events: one EntityManager
 * forked for the batch (never per socket, so nothing is served from a stale identity map), its
 * loaders, and the batch's tasks, subtasks, comments and assignees read with one query each. Each
 * subscriber is then checked in memory, so a batch to N subscribers costs a handful of queries, not
 * N per event. Read-only: nothing flushes this EntityManager.
 */
export interface EventScope {
  em: EntityManager;
  loaders: Loaders;
  /** The event's data as it is now. */
  dataOf(message: BoardEventMessage): EventData;
}

const unique = (values: (string | null)[]): string[] => [...new Set(values.filter((v): v is string => v !== null && isId(v)))];

/** Reads what a batch of events is about, as it is now, through `em` (a fork of its own) and loaders of the modules' `factories`. */
export async function loadEventScope(em: EntityManager, factories: readonly LoaderFactory[], messages: BoardEventMessage[]): Promise<EventScope> {
  const loaders = createLoaders(em, factories);
  const entityIds = (prefix: string) => unique(messages.map((m) => (m.kind.startsWith(prefix) ? m.entityId : null)));
  const subtaskIds = entityIds('SUBTASK_');
  const commentIds = entityIds('COMMENT_');
  const [tasks, subtasks, comments] = await Promise.all([
    loaders.task.loadMany(unique(messages.map((m) => m.taskId))),
    subtaskIds.length ? em.find(Subtask, { id: { $in: subtaskIds } }) : [],
    commentIds.length ? em.find(TaskComment, { id: { $in: commentIds } }) : [],
  ]);
  const taskById = new Map<string, Task>();
  for (const t of tasks) if (t && !(t instanceof Error)) taskById.set(t.id, t);
  const assignees = await loaders.user.loadMany(unique([...taskById.values()].map((t) => t.assignedToId)));
  const managerOf = new Map<string, string | null>();
  for (const u of assignees) if (u && !(u instanceof Error)) managerOf.set(u.id, u.managerId);
  const subtaskById = new Map(subtasks.map((s) => [s.id, s]));
  const commentById = new Map(comments.map((c) => [c.id, c]));

  return {
    em,
    loaders,
    dataOf(message) {
      const task = taskById.get(message.taskId) ?? null;
      const subtask = message.entityId ? subtaskById.get(message.entityId) : undefined;
      const comment = message.entityId ? commentById.get(message.entityId) : undefined;
      const assigneeId = task?.assignedToId ?? null;
      return {
        task,
        subtask: message.kind.startsWith('SUBTASK_') && subtask?.taskId === message.taskId ? subtask : null,
        comment: message.kind.startsWith('COMMENT_') && comment?.taskId === message.taskId ? comment : null,
        assigneeLine: assigneeId && managerOf.has(assigneeId) ? { managerId: managerOf.get(assigneeId) ?? null } : null,
      };
    },
  };
}
