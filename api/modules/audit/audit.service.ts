import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { AuditEntry } from './audit.entity.js';
import { getReadableTask } from '../task/task.service.js';

export interface AuditRecord {
  action: string;
  description: string;
  entityType?: string;
  entityId?: string | null;
  taskId?: string | null;
  /** Users who can read the task (assignee and creator), so history stays scoped after a delete. */
  readers?: string[];
  oldValues?: Record<string, unknown> | null;
  newValues?: Record<string, unknown> | null;
}

const json = (values: Record<string, unknown> | null | undefined): string | null =>
  values && Object.keys(values).length > 0 ? JSON.stringify(values) : null;

/** Stages an audit entry in the caller's unit of work (it is written by the same flush as the change). */
export function recordAudit(ctx: ServiceContext, record: AuditRecord): AuditEntry {
  const entry = new AuditEntry();
  entry.action = record.action;
  entry.description = record.description;
  entry.entityType = record.entityType ?? 'task';
  entry.entityId = record.entityId ?? record.taskId ?? null;
  entry.taskId = record.taskId ?? null;
  entry.readers = record.readers ?? null;
  entry.userId = ctx.actor?.id ?? null;
  entry.oldValues = json(record.oldValues);
  entry.newValues = json(record.newValues);
  entry.createdAt = ctx.now();
  ctx.em.persist(entry);
  return entry;
}

/** The audit entries of one task, newest first; NOT_FOUND when the task is not readable. */
export async function listTaskAudit(ctx: ServiceContext, taskId: string): Promise<AuditEntry[]> {
  requireActor(ctx);
  await getReadableTask(ctx, taskId);
  return ctx.em.find(AuditEntry, { taskId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: 500 });
}
