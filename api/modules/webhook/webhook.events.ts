import { wrap } from '@mikro-orm/core';
import type { ServiceContext } from '../../common/context.js';
import { logger } from '../../common/logger.js';
import type { AuditEntry } from '../audit/audit.entity.js';
import { entryChanges, onAuditRecorded } from '../audit/audit.service.js';
import { Task } from '../task/task.entity.js';
import { taskJson } from '../task/task.presenter.js';
import { Subtask } from '../subtask/subtask.entity.js';
import { TaskComment } from '../comment/comment.entity.js';
import { WebhookEvent } from './webhook.entity.js';

/** The events a webhook can subscribe to. */
export const WEBHOOK_EVENTS = [
  'task.created',
  'task.updated',
  'task.deleted',
  'comment.created',
  'subtask.created',
  'subtask.updated',
  'subtask.deleted',
] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

/** The webhook event an audit entry stands for, or null (administration, comment deletions ...). */
export function webhookEventOf(entry: Pick<AuditEntry, 'entityType' | 'action' | 'oldValues' | 'taskId'>): WebhookEventName | null {
  if (!entry.taskId) return null;
  switch (entry.entityType) {
    case 'task':
      if (entry.action === 'created') return 'task.created';
      if (entry.action === 'deleted') return 'task.deleted';
      // A deleted task brought back is created again; a version restored is an update.
      if (entry.action === 'restored' && !entry.oldValues) return 'task.created';
      return 'task.updated'; // updated, moved, rescheduled, restored
    case 'subtask':
      if (entry.action === 'created') return 'subtask.created';
      if (entry.action === 'updated') return 'subtask.updated';
      // A promoted subtask leaves its task (it becomes a task of its own: task.created).
      if (entry.action === 'deleted' || entry.action === 'promoted') return 'subtask.deleted';
      return null;
    case 'comment':
      return entry.action === 'created' ? 'comment.created' : null;
    default:
      return null;
  }
}

/** An object of the change as the caller's unit of work holds it (loaded, or new and persisted). */
function staged<T extends object>(ctx: ServiceContext, entity: new () => T, id: string | null): T | null {
  if (!id) return null;
  const uow = ctx.em.getUnitOfWork();
  const loaded = uow.getById<T>(entity.name, id as never);
  if (loaded) return loaded;
  for (const e of uow.getPersistStack()) if (e instanceof entity && (e as { id?: string }).id === id) return e as T;
  return null;
}

/** What every delivery of an event sends (docs/API.md, Webhooks). */
export interface WebhookPayload {
  id: string;
  event: WebhookEventName;
  occurredAt: string;
  actor: { id: string; username: string } | null;
  /** The task in its REST shape (GET /api/tasks/{id}) less descriptionMentions and timeSpentMinutes, as it is after the change (before, for a deletion). */
  task: Record<string, unknown> | null;
  /** Each changed field: its value before and after (null when it had none; all fields for a creation or deletion). */
  changes: Record<string, { from: unknown; to: unknown }>;
  /** The subtask of a subtask.* event. */
  subtask?: Record<string, unknown>;
  /** The comment of comment.created. */
  comment?: Record<string, unknown>;
}

/** The payload of an audit entry's event; the changes are the entry's own (audit.diff's exactly-the-changed-fields). */
export function buildPayload(ctx: ServiceContext, entry: AuditEntry, event: WebhookEventName, id: string): WebhookPayload {
  const task = staged(ctx, Task, entry.taskId);
  const changes: WebhookPayload['changes'] = {};
  for (const c of entryChanges(entry)) changes[c.field] = { from: c.oldValue, to: c.newValue };
  const payload: WebhookPayload = {
    id,
    event,
    occurredAt: entry.createdAt.toISOString(),
    actor: ctx.actor ? { id: ctx.actor.id, username: ctx.actor.username } : null,
    task: task ? { ...taskJson(ctx, task), ...(entry.entityType === 'task' && entry.entityVersion ? { version: entry.entityVersion } : {}) } : null,
    changes,
  };
  if (event.startsWith('subtask.')) {
    const subtask = staged(ctx, Subtask, entry.entityId);
    if (subtask) payload.subtask = wrap(subtask).toObject() as Record<string, unknown>;
  }
  if (event === 'comment.created') {
    const comment = staged(ctx, TaskComment, entry.entityId);
    if (comment) payload.comment = wrap(comment).toObject() as Record<string, unknown>;
  }
  return payload;
}

/**
 * Queues the webhook event of an audited change in the outbox, in the change's unit of work: it
 * commits (or rolls back) with the change. An event no enabled webhook wants is not queued
 * (webhook.interest.ts); which webhooks get a queued one is decided by the worker.
 */
export function queueWebhookEvent(ctx: ServiceContext, entry: AuditEntry): void {
  const event = webhookEventOf(entry);
  if (!event || !ctx.app.webhookInterest.wants(event)) return;
  try {
    const row = new WebhookEvent();
    row.event = event;
    row.createdAt = entry.createdAt;
    row.body = JSON.stringify(buildPayload(ctx, entry, event, row.id));
    ctx.em.persist(row);
  } catch (err) {
    // A payload that cannot be built must not undo the change itself; the event is lost (and logged).
    logger.error(`Webhook event ${event} for task ${entry.taskId} not queued`, err);
  }
}

/** Registers the outbox writer with the audit log (idempotent; every app in the process shares it). */
export function listenForWebhookEvents(): void {
  onAuditRecorded(queueWebhookEvent);
}
