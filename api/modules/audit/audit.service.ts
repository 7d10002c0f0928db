import type { ServiceContext } from '../../common/context.js';
import type { User } from '../user/user.entity.js';
import { AuditEntry } from './audit.entity.js';
import { AuditReader } from './audit-reader.entity.js';

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
  /** A restorable copy of what a delete removed (kept as JSON text, never served). */
  snapshot?: unknown;

  /** The version of the changed object after this change (versioned objects: audit.versions). */
  entityVersion?: number;
}

const json = (values: Record<string, unknown> | null | undefined): string | null => (values && Object.keys(values).length > 0 ? JSON.stringify(values) : null);

/**
 * Called with every audit entry as it is staged, in the caller's unit of work: what a listener persists
 * through `ctx.em` is written by the same flush (the same transaction) as the change. The extension point
 * for modules that react to changes without the services knowing them (webhooks queue their events
 * here). A listener must be synchronous and must not throw for a change it does not care about.
 */
export type AuditListener = (ctx: ServiceContext, entry: AuditEntry) => void;

const auditListeners = new Set<AuditListener>();

/** Adds a listener to every recorded audit entry (once per listener, however often it is added). */
export function onAuditRecorded(listener: AuditListener): void {
  auditListeners.add(listener);
}

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
  entry.snapshot = record.snapshot === undefined || record.snapshot === null ? null : JSON.stringify(record.snapshot);

  entry.entityVersion = record.entityVersion ?? null;
  entry.createdAt = ctx.now();
  ctx.em.persist(entry);
  for (const reader of readerRows(entry)) ctx.em.persist(reader);
  for (const listener of auditListeners) listener(ctx, entry);
  return entry;
}

/** The entry's readers as rows of their own (each person once): what a member's timeline walks. */
function readerRows(entry: AuditEntry): AuditReader[] {
  return [...new Set(entry.readers ?? [])]
    .filter((id) => typeof id === 'string' && id.length > 0)
    .map((userId) => {
      const row = new AuditReader();
      row.entryId = entry.id;
      row.userId = userId;
      row.createdAt = entry.createdAt;
      return row;
    });
}

/** The stored snapshot of a deleted task's entry (null when none was kept). */
export function entrySnapshot<T>(entry: AuditEntry): T | null {
  if (!entry.snapshot) return null;
  try {
    return JSON.parse(entry.snapshot) as T;
  } catch {
    return null;
  }
}

/** One changed field of an entry: its values before and after (null when not recorded). */
export interface FieldChange {
  field: string;
  oldValue: unknown;
  newValue: unknown;
}

/** An entry's recorded values (oldValues or newValues) as an object; {} when none or unreadable. */
export function parseValues(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The fields an entry changed (or set, or removed), in the order they were recorded. */
export function entryChanges(entry: AuditEntry): FieldChange[] {
  const oldValues = parseValues(entry.oldValues);
  const newValues = parseValues(entry.newValues);
  const fields = [...new Set([...Object.keys(oldValues), ...Object.keys(newValues)])];
  return fields.map((field) => ({ field, oldValue: oldValues[field] ?? null, newValue: newValues[field] ?? null }));
}

/** A person's name as the activity log and comments show it ('Unknown User' when gone). */
export const displayName = (user: User | null): string => (user ? `${user.firstName} ${user.lastName}`.trim() || user.username : 'Unknown User');

/**
 * What restoring an entry does, for the timeline's buttons: 'task' brings a deleted task back,
 * 'version' puts the changed fields back; null when the entry cannot be restored. The restore
 * itself (task service) checks everything again; the viewer's buttons: activity.service viewerRestoreKind.
 */
export function restoreKind(entry: AuditEntry): 'task' | 'version' | null {
  if (entry.entityType !== 'task' || !entry.taskId) return null;
  if (entry.action === 'deleted') return 'task';
  if (entry.action === 'created' || !entry.oldValues) return null;
  return 'version';
}
