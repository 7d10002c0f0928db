import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { AppError, badInput, notFound } from '../../common/errors.js';
import { logger } from '../../common/logger.js';
import * as v from '../../common/validate.js';
import { recordAudit } from '../audit/audit.service.js';
import { commitWrite, publishStagedEvents, stageTaskEvent, taskReaders } from '../../realtime/task-events.js';
import type { Task } from '../task/task.entity.js';
import { getReadableTask, taskPermissions, type TaskPermissions } from '../task/index.js';
import { canReadTask } from '../task/task.policy.js';
import { Attachment } from './attachment.entity.js';
import { cleanFileName, parseNewName } from './attachment.inputs.js';
import { assertCanChangeAttachment, canChangeAttachment } from './attachment.policy.js';
import { contentLockProbe, underContentLock } from './attachment.content-lock.js';
import { contentPath, discardUploads, placeContent, removeContent, sniffContentType, storeBytes, type StoredUpload } from './attachment.storage.js';

/** The request's loaded files and counts of a task (and of a comment of it), after they changed. */
export function forgetFilesOf(ctx: ServiceContext, taskId: string, commentId: string | null = null): void {
  ctx.loaders.attachments.clear(taskId);
  ctx.loaders.attachmentCount.clear(taskId);
  if (commentId) ctx.loaders.commentAttachments.clear(commentId);
}

/** The live event of a change to a file: the comment's (COMMENT_UPDATED) for a comment's file, else the task's (TASK_UPDATED). */
const stageFileEvent = (ctx: ServiceContext, task: Task, file: Attachment) =>
  stageTaskEvent(ctx, file.commentId ? 'COMMENT_UPDATED' : 'TASK_UPDATED', task.id, taskReaders(task), file.commentId ?? file.id);

/** Files one task may hold; their bytes together at most this many times ATTACHMENT_MAX_MB. */
export const MAX_ATTACHMENTS_PER_TASK = 100;
export const TASK_TOTAL_FACTOR = 20;
/** Files one comment may hold (within its task's share); keeps a task's comments and their files one cheap read. */
export const MAX_ATTACHMENTS_PER_COMMENT = 10;

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** An uploaded file, written to a temporary file by the route's storage. */
export interface IncomingFile {
  stored: StoredUpload;
  /** The name the client gave it (cleaned here). */
  name: string;
}

/** The task's own attachments (not its comments') of a task the actor may read, oldest first; NOT_FOUND when the task is not readable. */
export async function listAttachments(ctx: ServiceContext, taskId: string): Promise<Attachment[]> {
  const task = await getReadableTask(ctx, taskId);
  return ctx.loaders.attachments.load(task.id);
}

/** The attachments of a task already known to be readable (GraphQL Task.attachments, batched). */
export const attachmentsOf = (ctx: ServiceContext, task: Task): Attachment[] | Promise<Attachment[]> => ctx.loaders.attachments.get(task.id);

/** Throws as addAttachments would before any file is read: UNAUTHENTICATED, NOT_FOUND for an unreadable task. */
export async function assertCanAttach(ctx: ServiceContext, taskId: string): Promise<void> {
  await getReadableTask(ctx, taskId);
}

/**
 * Attaches uploaded files to a task the actor may read (as anyone who may comment on it may). The content
 * type is read from the bytes. PAYLOAD_TOO_LARGE when the task would hold more than its share; NOT_FOUND
 * for an unreadable task. Each file is audited on the task; the open task follows live (TASK_UPDATED).
 * The temporary files are moved into place with the rows, under the content lock (attachFiles); the caller
 * removes what is left.
 */
export async function addAttachments(ctx: ServiceContext, taskId: string, files: readonly IncomingFile[]): Promise<Attachment[]> {
  return attachFiles(ctx, await getReadableTask(ctx, taskId), null, files);
}

/**
 * Attaches files to a task, or to one of its comments (`commentId`), already checked for the actor: the
 * task's limits count its comments' files too. Rows and bytes go in under the content lock, so a delete of
 * the same content cannot remove bytes a new row needs (attachment.content-lock.ts).
 */
export async function attachFiles(ctx: ServiceContext, task: Task, commentId: string | null, files: readonly IncomingFile[]): Promise<Attachment[]> {
  const actor = requireActor(ctx);
  if (files.length === 0) throw badInput('Choose at least one file (send it in the field "file")');
  const existing = await ctx.em.find(Attachment, { taskId: task.id }, { fields: ['size'] });
  if (existing.length + files.length > MAX_ATTACHMENTS_PER_TASK)
    throw new AppError('PAYLOAD_TOO_LARGE', `A task holds at most ${MAX_ATTACHMENTS_PER_TASK} files: delete some before adding more`);
  if (commentId && (await ctx.em.count(Attachment, { commentId })) + files.length > MAX_ATTACHMENTS_PER_COMMENT)
    throw new AppError('PAYLOAD_TOO_LARGE', `A comment holds at most ${MAX_ATTACHMENTS_PER_COMMENT} files: add the others to the task or to another comment`);
  const total = TASK_TOTAL_FACTOR * ctx.app.config.attachmentMaxBytes;
  const used = existing.reduce((sum, a) => sum + a.size, 0) + files.reduce((sum, f) => sum + f.stored.size, 0);
  if (used > total) throw new AppError('PAYLOAD_TOO_LARGE', `A task's files take at most ${megabytes(total)} MB together: delete some before adding more`);

  const attachments: Attachment[] = [];
  const events = [];
  for (const [i, file] of files.entries()) {
    const attachment = new Attachment();
    attachment.taskId = task.id;
    attachment.commentId = commentId;
    attachment.name = cleanFileName(file.name);
    attachment.size = file.stored.size;
    attachment.contentType = await sniffContentType(file.stored);
    attachment.sha256 = file.stored.sha256;
    attachment.uploadedById = actor.id;
    // A millisecond apart, so that the list keeps the order of the upload.
    attachment.createdAt = new Date(ctx.now().getTime() + i);
    ctx.em.persist(attachment);
    recordAudit(ctx, {
      action: 'created',
      description: commentId ? `Attached "${attachment.name}" to a comment on "${task.title}"` : `Attached "${attachment.name}" to "${task.title}"`,
      entityType: 'attachment',
      entityId: attachment.id,
      taskId: task.id,
      readers: taskReaders(task),
      newValues: { name: attachment.name, size: attachment.size, contentType: attachment.contentType, ...(commentId ? { commentId } : {}) },
    });
    events.push(stageFileEvent(ctx, task, attachment));
    attachments.push(attachment);
  }
  const dir = ctx.app.config.attachmentsDir;
  await underContentLock(
    ctx,
    files.map((f) => f.stored.sha256),
    async () => {
      await ctx.em.flush();
      for (const file of files) await placeContent(dir, file.stored);
    },
  );
  forgetFilesOf(ctx, task.id, commentId);
  publishStagedEvents(ctx, events);
  return attachments;
}

/**
 * Removes stored contents no row names any more, each under its content lock (after the rows' delete
 * committed). A failure is logged: the bytes stay, unreferenced.
 */
export async function removeUnreferencedContent(ctx: ServiceContext, sha256s: readonly string[]): Promise<void> {
  for (const sha256 of new Set(sha256s)) {
    await underContentLock(ctx, [sha256], async () => {
      if ((await ctx.em.count(Attachment, { sha256 })) > 0) return;
      await contentLockProbe.beforeRemove?.(sha256);
      await removeContent(ctx.app.config.attachmentsDir, sha256);
    }).catch((err: unknown) => logger.warn(`Could not remove the stored file ${sha256}: ${String(err)}`));
  }
}

/** A file whose bytes are already in memory (an email's). */
export interface FileBytes {
  name: string;
  content: Buffer;
}

/**
 * Of files for a new task, those it can hold, in order (each within ATTACHMENT_MAX_MB, within the
 * task's count and total, as addAttachments checks them), and the names of the others.
 */
export function filesANewTaskHolds(files: readonly FileBytes[], maxBytes: number): { kept: FileBytes[]; left: string[] } {
  const kept: FileBytes[] = [];
  const left: string[] = [];
  let total = 0;
  for (const file of files) {
    const size = file.content.length;
    if (size <= maxBytes && kept.length < MAX_ATTACHMENTS_PER_TASK && total + size <= TASK_TOTAL_FACTOR * maxBytes) {
      kept.push(file);
      total += size;
    } else left.push(file.name);
  }
  return { kept, left };
}

/**
 * Attaches files held in memory (an email's) as addAttachments does, through the same temporary files.
 * Throws as addAttachments; nothing is left on disk either way.
 */
export async function addAttachmentBytes(ctx: ServiceContext, taskId: string, files: readonly FileBytes[]): Promise<Attachment[]> {
  const dir = ctx.app.config.attachmentsDir;
  const stored: StoredUpload[] = [];
  try {
    for (const file of files) stored.push(await storeBytes(dir, file.content));
    return await addAttachments(
      ctx,
      taskId,
      files.map((file, i) => ({ name: file.name, stored: stored[i]! })),
    );
  } finally {
    await discardUploads(stored);
  }
}

/** An attachment whose task the actor may read, with that task; NOT_FOUND otherwise (as for a missing id). */
async function readableAttachment(ctx: ServiceContext, id: string): Promise<{ attachment: Attachment; task: Task }> {
  const attachment = v.lookupId('Attachment id', id) ? await ctx.em.findOne(Attachment, { id }) : null;
  if (!attachment) throw notFound('Attachment');
  try {
    return { attachment, task: await getReadableTask(ctx, attachment.taskId) };
  } catch (err) {
    throw err instanceof AppError && err.code === 'NOT_FOUND' ? notFound('Attachment') : err;
  }
}

/** An attachment and where its bytes are, for download; NOT_FOUND when unreadable or its bytes are gone. */
export async function attachmentFile(ctx: ServiceContext, id: string): Promise<{ attachment: Attachment; path: string }> {
  const { attachment } = await readableAttachment(ctx, id);
  return { attachment, path: contentPath(ctx.app.config.attachmentsDir, attachment.sha256) };
}

async function changeableAttachment(ctx: ServiceContext, id: string): Promise<{ attachment: Attachment; task: Task }> {
  const actor = requireActor(ctx);
  const found = await readableAttachment(ctx, id);
  assertCanChangeAttachment(actor, found.attachment, (await taskPermissions(ctx, found.task)).update);
  return found;
}

/** Renames an attachment (its uploader, anyone who may change the task, admins). FORBIDDEN, NOT_FOUND, BAD_USER_INPUT. */
export async function renameAttachment(ctx: ServiceContext, id: string, rawName: unknown): Promise<Attachment> {
  const name = parseNewName(rawName);
  const { attachment, task } = await changeableAttachment(ctx, id);
  if (attachment.name === name) return attachment;
  recordAudit(ctx, {
    action: 'updated',
    description: `Renamed the file "${attachment.name}" to "${name}" on "${task.title}"`,
    entityType: 'attachment',
    entityId: attachment.id,
    taskId: task.id,
    readers: taskReaders(task),
    oldValues: { name: attachment.name },
    newValues: { name },
  });
  attachment.name = name;
  const event = stageFileEvent(ctx, task, attachment);
  await commitWrite(ctx, [event], () => forgetFilesOf(ctx, task.id, attachment.commentId));
  return attachment;
}

/**
 * Deletes an attachment (who may rename it may); its bytes go from the disk with the last row naming
 * them. Returns its id. FORBIDDEN, NOT_FOUND.
 */
export async function deleteAttachment(ctx: ServiceContext, id: string): Promise<string> {
  const { attachment, task } = await changeableAttachment(ctx, id);
  recordAudit(ctx, {
    action: 'deleted',
    description: `Removed the file "${attachment.name}" from "${task.title}"`,
    entityType: 'attachment',
    entityId: attachment.id,
    taskId: task.id,
    readers: taskReaders(task),
    oldValues: { name: attachment.name, size: attachment.size, contentType: attachment.contentType, uploadedById: attachment.uploadedById },
  });
  const event = stageFileEvent(ctx, task, attachment);
  ctx.em.remove(attachment);
  await commitWrite(ctx, [event], () => forgetFilesOf(ctx, task.id, attachment.commentId));
  await removeUnreferencedContent(ctx, [attachment.sha256]);
  return attachment.id;
}

/** viewerCan of an attachment: update (rename) and delete alike (nothing when its task is not readable). */
export async function attachmentPermissions(ctx: ServiceContext, attachment: Attachment): Promise<TaskPermissions> {
  const actor = requireActor(ctx);
  const task = await ctx.loaders.task.load(attachment.taskId);
  if (!task || !canReadTask(actor, task)) return { update: false, delete: false };
  const allowed = canChangeAttachment(actor, attachment, (await taskPermissions(ctx, task)).update);
  return { update: allowed, delete: allowed };
}
