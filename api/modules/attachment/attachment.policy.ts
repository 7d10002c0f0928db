import type { Actor } from '../../common/actor.js';
import { isAdmin } from '../../common/actor.js';
import { forbidden } from '../../common/errors.js';

// Reading an attachment follows its task (task.policy: NOT_FOUND when the task is not readable). Renaming
// and deleting: its uploader, anyone who may change the task, and admins. Attaching to a comment: its
// author, anyone who may change the task, and admins.

/** Whether the actor may rename or delete the attachment; `mayWriteTask` is the task policy's answer. */
export const canChangeAttachment = (actor: Actor, attachment: { uploadedById: string }, mayWriteTask: boolean): boolean =>
  attachment.uploadedById === actor.id || mayWriteTask || isAdmin(actor);

/** FORBIDDEN unless canChangeAttachment (call after the task read check). */
export function assertCanChangeAttachment(actor: Actor, attachment: { uploadedById: string }, mayWriteTask: boolean): void {
  if (!canChangeAttachment(actor, attachment, mayWriteTask))
    throw forbidden('Only the person who added the file, or someone who may change the task, can rename or delete it');
}

/** Whether the actor may attach files to the comment; `mayWriteTask` is the task policy's answer. */
export const canAttachToComment = (actor: Actor, comment: { userId: string }, mayWriteTask: boolean): boolean =>
  comment.userId === actor.id || mayWriteTask || isAdmin(actor);

/** FORBIDDEN unless canAttachToComment (call after the task read check). */
export function assertCanAttachToComment(actor: Actor, comment: { userId: string }, mayWriteTask: boolean): void {
  if (!canAttachToComment(actor, comment, mayWriteTask))
    throw forbidden("Only the comment's author, or someone who may change the task, can attach files to it");
}
