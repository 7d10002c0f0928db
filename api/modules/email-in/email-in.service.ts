import type { EntityManager } from '@mikro-orm/core';
import { AppError } from '../../common/errors.js';
import { createContext, requireActor, type AppRuntime, type ServiceContext } from '../../common/context.js';
import { logger } from '../../common/logger.js';
import { LIMITS } from '../../../schema/domain/task-rules.js';
import { User } from '../user/user.entity.js';
import { addComment } from '../comment/comment.service.js';
import { quickAddTask } from '../quick-add/quick-add.service.js';
import { EmailInAddress } from './email-in.entity.js';
import { addAttachmentBytes, filesANewTaskHolds } from '../attachment/attachment.service.js';
import { replyText, subjectTitle, taskDescription, type InboundMail } from './email-in.message.js';
import { mayReceive, requireDomain } from './email-in.policy.js';
import { hashEmailToken, personalAddress, personalToken, readAddress, readReplyToken } from './email-in.tokens.js';

/** What the viewer's Settings show: their address, or null when the server offers no email-in. */
export interface EmailInInfo {
  address: string | null;
}

/** A new row for the actor (a new id, so a new token). */
function newRow(ctx: ServiceContext, userId: string): EmailInAddress {
  const row = ctx.em.create(EmailInAddress, { userId, tokenHash: '', timeZone: ctx.timeZone, createdAt: ctx.now() });
  row.tokenHash = hashEmailToken(personalToken(ctx.app.config.sessionSecret, row.id));
  return row;
}

/**
 * The caller's address (created on first read). Remembers the caller's time zone, in which the
 * quick-add words of a subject are read. A changed server secret changes the token: the stored hash
 * follows it here. Throws UNAUTHENTICATED.
 */
export async function emailInAddress(ctx: ServiceContext): Promise<EmailInInfo> {
  const actor = requireActor(ctx);
  const domain = ctx.app.config.inboundEmailDomain;
  if (!domain) return { address: null };
  const row = (await ctx.em.findOne(EmailInAddress, { userId: actor.id })) ?? newRow(ctx, actor.id);
  const token = personalToken(ctx.app.config.sessionSecret, row.id);
  row.tokenHash = hashEmailToken(token);
  row.timeZone = ctx.timeZone;
  await ctx.em.flush();
  return { address: personalAddress(token, domain) };
}

/** Replaces the caller's address; mail to the old one is refused from now on. Throws UNAUTHENTICATED, BAD_USER_INPUT (no email-in). */
export async function rotateEmailInAddress(ctx: ServiceContext): Promise<EmailInInfo> {
  const actor = requireActor(ctx);
  const domain = requireDomain(ctx.app.config.inboundEmailDomain);
  await ctx.em.nativeDelete(EmailInAddress, { userId: actor.id });
  const row = newRow(ctx, actor.id);
  await ctx.em.flush();
  return { address: personalAddress(personalToken(ctx.app.config.sessionSecret, row.id), domain) };
}

/** Deletes a user's address (deactivation, deletion). */
export async function deleteEmailInAddress(em: EntityManager, userId: string): Promise<void> {
  await em.nativeDelete(EmailInAddress, { userId });
}

/** What one recipient address stands for: a person's own address, or the reply address of a task for one person. */
export type Recipient = { kind: 'task'; userId: string; timeZone: string } | { kind: 'reply'; taskId: string; userId: string };

/** The recipient an address names, or null (another domain, an unknown, rotated or forged token, an inactive owner). */
export async function findRecipient(app: AppRuntime, address: string): Promise<Recipient | null> {
  const domain = app.config.inboundEmailDomain;
  const token = domain ? readAddress(address, domain) : null;
  if (!token) return null;
  const em = app.orm.em.fork();
  if (token.kind === 'reply') {
    const reply = readReplyToken(app.config.sessionSecret, token.token);
    if (!reply || !mayReceive(await em.findOne(User, { id: reply.userId }, { fields: ['isActive'] }))) return null;
    return { kind: 'reply', ...reply };
  }
  const row = await em.findOne(EmailInAddress, { tokenHash: hashEmailToken(token.token) });
  if (!row || !mayReceive(await em.findOne(User, { id: row.userId }, { fields: ['isActive'] }))) return null;
  return { kind: 'task', userId: row.userId, timeZone: row.timeZone };
}

/** Words quick add would look up (#project, @person) kept as text: "quoted". */
const keepTags = (line: string): string => line.replace(/(^|\s)([#@][^\s"]+)/g, '$1"$2"');

/**
 * A task for the address's owner from the message, through quick add (its words in the subject apply:
 * a date schedules it, `!high` sets the priority), assigned to the owner, with the message's files as
 * its attachments (those it cannot hold are named in the description). A `#project` or `@person` quick
 * add cannot find stays in the title.
 */
async function taskFromMail(ctx: ServiceContext, mail: InboundMail): Promise<void> {
  const owner = requireActor(ctx);
  const title = subjectTitle(mail.subject).slice(0, LIMITS.titleMax) || '(no subject)';
  const files = filesANewTaskHolds(mail.attachments, ctx.app.config.attachmentMaxBytes);
  const more = { description: taskDescription(mail, files.left), assignedToId: owner.id };
  for (const line of [title, keepTags(title), `"${title.replace(/"/g, "'")}"`]) {
    let task;
    try {
      task = await quickAddTask(ctx, line, more);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'BAD_USER_INPUT') throw err;
      continue;
    }
    if (files.kept.length > 0) await addAttachmentBytes(ctx, task.id, files.kept);
    return;
  }
}

/**
 * Acts on a received message for one recipient: a task for a person's address, a comment for a reply
 * (as the recipient, through the comment service: a task they can no longer read adds nothing). An
 * automatic answer (out of office) or an empty reply stores nothing; the sender is told nothing.
 */
export async function receiveMail(app: AppRuntime, recipient: Recipient, mail: InboundMail): Promise<void> {
  if (mail.automatic) return;
  const ctx = await createContext(app, { userId: recipient.userId, timeZone: recipient.kind === 'task' ? recipient.timeZone : 'UTC' });
  if (!ctx.actor) return;
  if (recipient.kind === 'task') return taskFromMail(ctx, mail);
  const content = replyText(mail.text);
  if (!content) return;
  try {
    await addComment(ctx, recipient.taskId, { content });
  } catch (err) {
    if (!(err instanceof AppError) || !['NOT_FOUND', 'FORBIDDEN', 'UNAUTHENTICATED'].includes(err.code)) throw err;
    logger.info(`A reply to task ${recipient.taskId} by user ${recipient.userId} was dropped (${err.code})`);
  }
}
