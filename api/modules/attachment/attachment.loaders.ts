import type { EntityManager } from '@mikro-orm/core';
import { groupByTask, PeekableLoader } from '../../common/loaders.js';
import { Attachment } from './attachment.entity.js';

declare module '../../common/loaders.js' {
  interface Loaders {
    /** The attachments of each task id, oldest first. */
    attachments: PeekableLoader<string, Attachment[]>;
  }
}

/** The attachment module's per-request loaders. */
export const attachmentLoaders = (em: EntityManager) => ({
  attachments: new PeekableLoader<string, Attachment[]>(async (taskIds) =>
    groupByTask(taskIds, await em.find(Attachment, { taskId: { $in: [...taskIds] } }, { orderBy: { createdAt: 'asc', id: 'asc' } })),
  ),
});
