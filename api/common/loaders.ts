import DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/core';
import { User } from '../modules/user/user.entity.js';
import { Task } from '../modules/task/task.entity.js';
import { Subtask } from '../modules/subtask/subtask.entity.js';
import { TaskComment } from '../modules/comment/comment.entity.js';

export interface SubtaskCounts {
  total: number;
  done: number;
}

/** Per-request batch loaders: one query per kind of relation, whatever the number of tasks. */
export interface Loaders {
  user: DataLoader<string, User | null>;
  /** Tasks by id, unfiltered: callers check read permission themselves (task.policy). */
  task: DataLoader<string, Task | null>;
  subtaskCounts: DataLoader<string, SubtaskCounts>;
  commentCount: DataLoader<string, number>;
  /** The subtasks of each task id, oldest first. */
  subtasks: DataLoader<string, Subtask[]>;
  /** The comments of each task id, oldest first. */
  comments: DataLoader<string, TaskComment[]>;
}

function byId<T extends { id: string }>(keys: readonly string[], rows: T[]): (T | null)[] {
  const map = new Map(rows.map((r) => [r.id, r]));
  return keys.map((k) => map.get(k) ?? null);
}

function groupByTask<T extends { taskId: string }>(keys: readonly string[], rows: T[]): T[][] {
  const groups = new Map<string, T[]>(keys.map((k) => [k, []]));
  for (const row of rows) groups.get(row.taskId)?.push(row);
  return keys.map((k) => groups.get(k) ?? []);
}

export function createLoaders(em: EntityManager): Loaders {
  return {
    user: new DataLoader(async (ids) => byId(ids, await em.find(User, { id: { $in: [...ids] } }))),
    task: new DataLoader(async (ids) => byId(ids, await em.find(Task, { id: { $in: [...ids] } }))),
    subtaskCounts: new DataLoader(async (taskIds) => {
      const rows = await em.find(Subtask, { taskId: { $in: [...taskIds] } }, { fields: ['id', 'taskId', 'status'] });
      const counts = new Map<string, SubtaskCounts>();
      for (const row of rows) {
        const c = counts.get(row.taskId) ?? { total: 0, done: 0 };
        c.total += 1;
        if (row.status === 'Done') c.done += 1;
        counts.set(row.taskId, c);
      }
      return taskIds.map((id) => counts.get(id) ?? { total: 0, done: 0 });
    }),
    commentCount: new DataLoader(async (taskIds) => {
      const rows = await em.find(TaskComment, { taskId: { $in: [...taskIds] } }, { fields: ['id', 'taskId'] });
      const counts = new Map<string, number>();
      for (const row of rows) counts.set(row.taskId, (counts.get(row.taskId) ?? 0) + 1);
      return taskIds.map((id) => counts.get(id) ?? 0);
    }),
    subtasks: new DataLoader(async (taskIds) =>
      groupByTask(taskIds, await em.find(Subtask, { taskId: { $in: [...taskIds] } }, { orderBy: { createdAt: 'asc', id: 'asc' } })),
    ),
    comments: new DataLoader(async (taskIds) =>
      groupByTask(taskIds, await em.find(TaskComment, { taskId: { $in: [...taskIds] } }, { orderBy: { createdAt: 'asc', id: 'asc' } })),
    ),
  };
}
