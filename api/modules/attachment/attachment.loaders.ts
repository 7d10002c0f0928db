import type { EntityManager } from '@mikro-orm/core';
import { countsByTask, groupByTask, PeekableLoader } from '../../common/loaders.js';
import { Attachment } from './attachment.entity.js';

declare module '../../common/loaders.js' {
  interface Loaders {
    /** The attachments of each task id, oldest first. */
    attachments: PeekableLoader<string, Attachment[]>;
    /** How many files each task id holds (primed by the task pages that read it beside their rows). */
    attachmentCount: PeekableLoader<string, number>;
  }
}

/** The attachment module's per-request loaders. */
export const attachmentLoaders = (em: EntityManager) => ({
  attachments: new PeekableLoader<string, Attachment[]>(async (taskIds) =>
    groupByTask(taskIds, await em.find(Attachment, { taskId: { $in: [...taskIds] } }, { orderBy: { createdAt: 'asc', id: 'asc' } })),
  ),
  attachmentCount: new PeekableLoader<string, number>(async (taskIds) => {
    const counts = new Map((await countsByTask(em, Attachment.name, taskIds)).map((r) => [r.task_id, Number(r.total)]));
    return taskIds.map((id) => counts.get(id) ?? 0);
  }),
});
