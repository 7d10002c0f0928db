import type { EntityManager } from '@mikro-orm/core';
import { countsByTask, groupByTask, PeekableLoader } from '../../common/loaders.js';
import { Subtask } from './subtask.entity.js';

export interface SubtaskCounts {
  total: number;
  done: number;
}

declare module '../../common/loaders.js' {
  interface Loaders {
    subtaskCounts: PeekableLoader<string, SubtaskCounts>;
    /** The subtasks of each task id, oldest first. */
    subtasks: PeekableLoader<string, Subtask[]>;
  }
}

/** The subtask module's per-request loaders. */
export const subtaskLoaders = (em: EntityManager) => ({
  subtaskCounts: new PeekableLoader<string, SubtaskCounts>(async (taskIds) => {
    const rows = await countsByTask(em, Subtask.name, taskIds, `sum(case when status = 'Done' then 1 else 0 end)`);
    const counts = new Map(rows.map((r) => [r.task_id, { total: Number(r.total), done: Number(r.extra) }]));
    return taskIds.map((id) => counts.get(id) ?? { total: 0, done: 0 });
  }),
  subtasks: new PeekableLoader<string, Subtask[]>(async (taskIds) =>
    groupByTask(taskIds, await em.find(Subtask, { taskId: { $in: [...taskIds] } }, { orderBy: { createdAt: 'asc', id: 'asc' } })),
  ),
});
