import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { AppError, forbidden, notFound } from '../../common/errors.js';
import * as v from '../../common/validate.js';
import { recordAudit } from '../audit/audit.service.js';
import { commitWrite, stageTaskEvent, taskReaders } from '../../realtime/task-events.js';
import type { Task } from '../task/task.entity.js';
import { getReadableTask, keepReadableMentions } from '../task/index.js';
import { canReadTask } from '../task/task.policy.js';
import type { TaskPermissions } from '../task/index.js';
import { TaskComment } from './comment.entity.js';
import { parseCommentFields, parseCommentUpdate } from './comment.inputs.js';
import { assertCanDeleteComment, canDeleteComment, canUpdateComment } from './comment.policy.js';

const COMMENT_AUDIT_FIELDS = ['content', 'commentType', 'isInternal'] as const;

const auditValues = (c: TaskComment) => Object.fromEntries(COMMENT_AUDIT_FIELDS.map((f) => [f, c[f]]));

/** The comments of a task the actor may read, oldest first; NOT_FOUND when the task is not readable. */
export async function listComments(ctx: ServiceContext, taskId: string): Promise<TaskComment[]> {
  const task = await getReadableTask(ctx, taskId);
  return ctx.loaders.comments.load(task.id);
}

/** The comments of a task already known to be readable (GraphQL Task.comments, batched). */
export const commentsOf = (ctx: ServiceContext, task: Task): TaskComment[] | Promise<TaskComment[]> => ctx.loaders.comments.get(task.id);

/**
 * Adds a comment to a task the actor may read. The author is always the actor, whatever the payload
 * says. Audits on the task and publishes COMMENT_CREATED. Throws BAD_USER_INPUT, NOT_FOUND.
 */
export async function addComment(ctx: ServiceContext, taskId: string, raw: unknown): Promise<TaskComment> {
  const actor = requireActor(ctx);
  const task = await getReadableTask(ctx, taskId);
  const fields = parseCommentFields(raw);
  const comment = new TaskComment();
  comment.taskId = task.id;
  comment.userId = actor.id;
  // Mentions of people who cannot read the task become plain text (task.mentions).
  comment.content = await keepReadableMentions(ctx, task, fields.content);
  comment.commentType = fields.commentType;
  comment.isInternal = fields.isInternal;
  comment.createdAt = ctx.now();
  ctx.em.persist(comment);
  recordAudit(ctx, {
    action: 'created',
    description: `Commented on "${task.title}"`,
    entityType: 'comment',
    entityId: comment.id,
    taskId: task.id,
    readers: taskReaders(task),
    newValues: auditValues(comment),
  });
  const event = stageTaskEvent(ctx, 'COMMENT_CREATED', task.id, taskReaders(task), comment.id);
  await commitWrite(ctx, [event], () => forgetComments(ctx, task.id));
  return comment;
}

/**
 * Changes a comment's text: its author only (FORBIDDEN for anyone else's, NOT_FOUND when the comment
 * or its task is not readable). Mentions are kept as in addComment; the audit entry's old and new text
 * let the notification module notify only the people newly mentioned. Publishes COMMENT_UPDATED.
 */
export async function updateComment(ctx: ServiceContext, commentId: string, raw: unknown): Promise<TaskComment> {
  const actor = requireActor(ctx);
  const { comment, task } = await readableComment(ctx, commentId);
  if (!canUpdateComment(actor, comment)) throw forbidden('You can only edit your own comments');
  const content = await keepReadableMentions(ctx, task, parseCommentUpdate(raw).content);
  if (content === comment.content) return comment;
  const oldValues = auditValues(comment);
  comment.content = content;
  recordAudit(ctx, {
    action: 'updated',
    description: `Edited a comment on "${task.title}"`,
    entityType: 'comment',
    entityId: comment.id,
    taskId: task.id,
    readers: taskReaders(task),
    oldValues,
    newValues: auditValues(comment),
  });
  const event = stageTaskEvent(ctx, 'COMMENT_UPDATED', task.id, taskReaders(task), comment.id);
  await commitWrite(ctx, [event], () => forgetComments(ctx, task.id));
  return comment;
}

/** A comment and its task, when both exist and the task is readable (NOT_FOUND 'Comment' otherwise). */
export async function readableComment(ctx: ServiceContext, commentId: string): Promise<{ comment: TaskComment; task: Task }> {
  const comment = v.lookupId('Comment id', commentId) ? await ctx.em.findOne(TaskComment, { id: commentId }) : null;
  if (!comment) throw notFound('Comment');
  try {
    return { comment, task: await getReadableTask(ctx, comment.taskId) };
  } catch (err) {
    throw err instanceof AppError && err.code === 'NOT_FOUND' ? notFound('Comment') : err;
  }
}

/**
 * Deletes a comment: its author may, and admins may delete any. NOT_FOUND when the
 * comment or its task is not readable, FORBIDDEN for someone else's comment. What other modules keep
 * per comment (its files: AppRuntime.commentParts) goes with it. Returns the id.
 */
export async function deleteComment(ctx: ServiceContext, commentId: string): Promise<string> {
  const actor = requireActor(ctx);
  const { comment, task } = await readableComment(ctx, commentId);
  assertCanDeleteComment(actor, comment);
  recordAudit(ctx, {
    action: 'deleted',
    description: `Deleted a comment on "${task.title}"`,
    entityType: 'comment',
    entityId: comment.id,
    taskId: task.id,
    readers: taskReaders(task),
    oldValues: { ...auditValues(comment), userId: comment.userId },
  });
  const afterCommit: (() => Promise<void>)[] = [];
  for (const part of ctx.app.commentParts) afterCommit.push(await part.stageDeleteOf(ctx, comment, task));
  const event = stageTaskEvent(ctx, 'COMMENT_DELETED', task.id, taskReaders(task), comment.id);
  ctx.em.remove(comment);
  await commitWrite(ctx, [event], () => forgetComments(ctx, task.id));
  for (const then of afterCommit) await then();
  return comment.id;
}

/** viewerCan of a comment, from comment.policy (nothing when its task is not readable). */
export async function commentPermissions(ctx: ServiceContext, comment: TaskComment): Promise<TaskPermissions> {
  const actor = requireActor(ctx);
  const task = await ctx.loaders.task.load(comment.taskId);
  if (!task || !canReadTask(actor, task)) return { update: false, delete: false };
  return { update: canUpdateComment(actor, comment), delete: canDeleteComment(actor, comment) };
}

/** The request's loaders forget a task's comments and their count (read again after a change). */
function forgetComments(ctx: ServiceContext, taskId: string): void {
  ctx.loaders.comments.clear(taskId);
  ctx.loaders.commentCount.clear(taskId);
}
