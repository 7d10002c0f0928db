import type { EntityManager } from '@mikro-orm/core';
import { countsByTask, groupByTask, PeekableLoader } from '../../common/loaders.js';
import { TaskComment } from './comment.entity.js';

declare module '../../common/loaders.js' {
  interface Loaders {
    commentCount: PeekableLoader<string, number>;
    /** The comments of each task id, oldest first. */
    comments: PeekableLoader<string, TaskComment[]>;
  }
}

/** The comment module's per-request loaders. */
export const commentLoaders = (em: EntityManager) => ({
  commentCount: new PeekableLoader<string, number>(async (taskIds) => {
    const rows = await countsByTask(em, TaskComment.name, taskIds);
    const counts = new Map(rows.map((r) => [r.task_id, Number(r.total)]));
    return taskIds.map((id) => counts.get(id) ?? 0);
  }),
  comments: new PeekableLoader<string, TaskComment[]>(async (taskIds) =>
    groupByTask(taskIds, await em.find(TaskComment, { taskId: { $in: [...taskIds] } }, { orderBy: { createdAt: 'asc', id: 'asc' } })),
  ),
});
