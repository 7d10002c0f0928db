import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { recordAudit } from '../audit/audit.service.js';
import { taskReaders } from '../../realtime/task-events.js';
import type { TaskComment } from '../comment/comment.entity.js';
import type { CommentPart } from '../comment/comment.parts.js';
import { readableComment } from '../comment/comment.service.js';
import { taskPermissions } from '../task/index.js';
import type { Task } from '../task/task.entity.js';
import { Attachment } from './attachment.entity.js';
import { assertCanAttachToComment } from './attachment.policy.js';
import { attachFiles, forgetFilesOf, removeUnreferencedContent, type IncomingFile } from './attachment.service.js';

// Files on comments: attached as a task's (the same limits, counted with the task's), shown under their
// comment rather than in the task's list, and removed with the comment.

/**
 * A comment the actor may attach files to, with its task: NOT_FOUND when the comment or its task is not
 * readable, FORBIDDEN unless the actor wrote it, may change the task or is an admin.
 */
export async function attachableComment(ctx: ServiceContext, commentId: string): Promise<{ comment: TaskComment; task: Task }> {
  const actor = requireActor(ctx);
  const found = await readableComment(ctx, commentId);
  assertCanAttachToComment(actor, found.comment, (await taskPermissions(ctx, found.task)).update);
  return found;
}

/** Attaches uploaded files to a comment, as addAttachments does to a task (and throws as it does, and as attachableComment). */
export async function addCommentAttachments(ctx: ServiceContext, commentId: string, files: readonly IncomingFile[]): Promise<Attachment[]> {
  const { comment, task } = await attachableComment(ctx, commentId);
  return attachFiles(ctx, task, comment.id, files);
}

/** The files of a comment whose task the actor may read, oldest first; NOT_FOUND otherwise. */
export async function listCommentAttachments(ctx: ServiceContext, commentId: string): Promise<Attachment[]> {
  const { comment } = await readableComment(ctx, commentId);
  return ctx.loaders.commentAttachments.load(comment.id);
}

/** The files of a comment already known to be readable (GraphQL TaskComment.attachments, batched). */
export const commentAttachmentsOf = (ctx: ServiceContext, comment: TaskComment): Attachment[] | Promise<Attachment[]> =>
  ctx.loaders.commentAttachments.get(comment.id);

/** A comment's files go with it: rows in the comment's delete, bytes no other row names after it commits. */
export const commentAttachmentPart: CommentPart = {
  async stageDeleteOf(ctx, comment, task) {
    const files = await ctx.em.find(Attachment, { commentId: comment.id });
    for (const file of files) {
      recordAudit(ctx, {
        action: 'deleted',
        description: `Removed the file "${file.name}" with a comment on "${task.title}"`,
        entityType: 'attachment',
        entityId: file.id,
        taskId: task.id,
        readers: taskReaders(task),
        oldValues: { name: file.name, size: file.size, contentType: file.contentType, uploadedById: file.uploadedById, commentId: comment.id },
      });
      ctx.em.remove(file);
    }
    return async () => {
      if (files.length === 0) return;
      forgetFilesOf(ctx, task.id, comment.id);
      await removeUnreferencedContent(
        ctx,
        files.map((f) => f.sha256),
      );
    };
  },
};
