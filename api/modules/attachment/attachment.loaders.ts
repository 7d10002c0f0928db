import type { EntityManager } from '@mikro-orm/core';
import { countsByTask, groupByTask, PeekableLoader } from '../../common/loaders.js';
import { Attachment } from './attachment.entity.js';

declare module '../../common/loaders.js' {
  interface Loaders {
    /** The task's own attachments (not its comments') of each task id, oldest first. */
    attachments: PeekableLoader<string, Attachment[]>;
    /** The attachments of each comment id, oldest first. */
    commentAttachments: PeekableLoader<string, Attachment[]>;
    /** How many files each task id holds, its comments' included (primed by the task pages that read it beside their rows). */
    attachmentCount: PeekableLoader<string, number>;
  }
}

/** The attachment module's per-request loaders. */
export const attachmentLoaders = (em: EntityManager) => ({
  attachments: new PeekableLoader<string, Attachment[]>(async (taskIds) =>
    groupByTask(taskIds, await em.find(Attachment, { taskId: { $in: [...taskIds] }, commentId: null }, { orderBy: { createdAt: 'asc', id: 'asc' } })),
  ),
  commentAttachments: new PeekableLoader<string, Attachment[]>(async (commentIds) => {
    const rows = await em.find(Attachment, { commentId: { $in: [...commentIds] } }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return commentIds.map((id) => rows.filter((a) => a.commentId === id));
  }),
  attachmentCount: new PeekableLoader<string, number>(async (taskIds) => {
    const counts = new Map((await countsByTask(em, Attachment.name, taskIds)).map((r) => [r.task_id, Number(r.total)]));
    return taskIds.map((id) => counts.get(id) ?? 0);
  }),
});
