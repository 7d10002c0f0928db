import { raw, type FilterQuery } from '@mikro-orm/core';
import type { QBFilterQuery, SqlEntityManager } from '@mikro-orm/knex';
import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import type { Actor } from '../../common/actor.js';
import { isAdmin, isManagerOrAdmin } from '../../common/actor.js';
import { badInput, notFound } from '../../common/errors.js';
import type { ListPage } from '../../common/paging.js';
import * as v from '../../common/validate.js';
import { dayKey, LIMITS } from '../../../schema/domain/task-rules.js';
import type { User } from '../user/user.entity.js';
import { Task } from '../task/task.entity.js';
import { assertCanReadTask, canWriteTask, readableTaskFilter, type TaskOwnership } from '../task/task.policy.js';
import { AuditEntry } from './audit.entity.js';

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

const json = (values: Record<string, unknown> | null | undefined): string | null =>
  values && Object.keys(values).length > 0 ? JSON.stringify(values) : null;

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
  for (const listener of auditListeners) listener(ctx, entry);
  return entry;
}

/**
 * The audit entries of one task, newest first (the newest 500 unless a page is given). A deleted task's
 * log stays readable to those who could read it (the entries' readers). NOT_FOUND when the task is
 * not readable (or never existed).
 */
export async function listTaskAudit(ctx: ServiceContext, taskId: string, page: ListPage = { limit: LIMITS.pageMax, offset: 0 }): Promise<AuditEntry[]> {
  const actor = requireActor(ctx);
  // The task policy is read directly (not the task service): audit must not import the task service,
  // which records its changes here.
  const task = v.lookupId('Task id', taskId) ? await ctx.em.findOne(Task, { id: taskId }) : null;
  if (!v.lookupId('Task id', taskId)) throw notFound('Task');
  if (task) assertCanReadTask(actor, task);
  const where: FilterQuery<AuditEntry> = task ? { taskId } : ({ $and: [{ taskId }, visibleEntries(ctx, actor)] } as FilterQuery<AuditEntry>);
  const entries = await ctx.em.find(AuditEntry, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit, offset: page.offset });
  if (!task && entries.length === 0 && page.offset === 0) throw notFound('Task');
  return entries;
}

/** One audit entry the actor may see (the timeline's rules); NOT_FOUND otherwise. Loads the snapshot too. */
export async function getVisibleEntry(ctx: ServiceContext, auditId: string): Promise<AuditEntry> {
  const actor = requireActor(ctx);
  const id = v.lookupId('Audit entry id', auditId);
  const entry = id
    ? await ctx.em.findOne(AuditEntry, { $and: [{ id }, visibleEntries(ctx, actor)] } as FilterQuery<AuditEntry>, { populate: ['snapshot'] as never })
    : null;
  if (!entry) throw notFound('Activity entry');
  return entry;
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

function parseValues(text: string | null): Record<string, unknown> {
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

/** A person's name as the activity log and comments show it ('Unknown User' when gone, SPEC 8). */
export const displayName = (user: User | null): string => (user ? `${user.firstName} ${user.lastName}`.trim() || user.username : 'Unknown User');

/** The activity timeline's filters (all optional; DESIGN 7). */
export interface ActivityQuery {
  taskId?: string | null;
  userId?: string | null;
  action?: string | null;
  entityType?: string | null;
  /** yyyy-MM-dd (from the start of that day in the viewer's zone) or an ISO date-time. */
  from?: string | null;
  /** yyyy-MM-dd (to the end of that day in the viewer's zone) or an ISO date-time. */
  to?: string | null;
  /** Text matched in the description and the changed values. */
  q?: string | null;
}

export interface ActivityPage {
  items: AuditEntry[];
  totalCount: number;
  offset: number;
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

/** A date-and-time formatter per zone, built once (constructing one costs far more than using it). */
function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    if (zoneFormatters.size < 1000) zoneFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Milliseconds the zone is ahead of UTC at an instant. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = zoneFormatter(timeZone).formatToParts(new Date(instant));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - Math.floor(instant / 1000) * 1000;
}

/** The first instant of a calendar day in a time zone. */
function startOfDay(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const guess = Date.UTC(y, m - 1, d);
  let t = guess - zoneOffsetMs(guess, timeZone);
  t = guess - zoneOffsetMs(t, timeZone);
  return new Date(t);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function bound(ctx: ServiceContext, label: string, value: string | null | undefined, end: boolean): Date | null {
  const date = v.optionalDate(label, value);
  if (!date || !value || !DATE_ONLY.test(value.trim())) return date;
  const day = value.trim();
  if (!end) return startOfDay(day, ctx.timeZone);
  const next = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)) + 1)).toISOString().slice(0, 10);
  return new Date(startOfDay(next, ctx.timeZone).getTime() - 1);
}

/**
 * Entries the actor may see: admins all (administration entries have no task); managers every task's
 * entries; members those recorded for them (the entry's readers) and those of tasks they can read
 * now (e.g. the history of a task later assigned to them).
 */
function visibleEntries(ctx: ServiceContext, actor: Actor): FilterQuery<AuditEntry> {
  if (isAdmin(actor)) return {};
  if (isManagerOrAdmin(actor)) return { taskId: { $ne: null } };
  const readableTasks = (ctx.em as unknown as SqlEntityManager)
    .createQueryBuilder(Task, 'rt')
    .select('rt.id')
    .where(readableTaskFilter(actor) as QBFilterQuery<Task>);
  return {
    $or: [
      { [raw((alias: string) => `cast(${alias}.readers as text)`)]: { $like: `%"${actor.id}"%` } },
      { taskId: { $in: readableTasks.getKnexQuery() } },
    ],
  } as unknown as FilterQuery<AuditEntry>;
}

/** Matches no entry: what a taskId or userId that is not an id filters by. */
const NO_ID = '00000000-0000-0000-0000-000000000000';

function activityWhere(ctx: ServiceContext, actor: Actor, query: ActivityQuery): FilterQuery<AuditEntry> {
  const and: FilterQuery<AuditEntry>[] = [visibleEntries(ctx, actor)];
  if (query.taskId) and.push({ taskId: v.lookupId('Task', query.taskId) ?? NO_ID });
  if (query.userId) and.push({ userId: v.lookupId('User', query.userId) ?? NO_ID });
  const action = v.optionalText('Action', query.action, 100);
  if (action) and.push({ action: action.toLowerCase() });
  const entityType = v.optionalText('Entity type', query.entityType, 100);
  if (entityType) and.push({ entityType: entityType.toLowerCase() });
  const from = bound(ctx, 'From', query.from, false);
  const to = bound(ctx, 'To', query.to, true);
  if (from && to && from > to) throw badInput('From must be on or before To');
  if (from) and.push({ createdAt: { $gte: from } });
  if (to) and.push({ createdAt: { $lte: to } });
  const q = v.optionalText('Search text', query.q, 200)?.toLowerCase();
  if (q) {
    const like = `%${q}%`;
    const lower = (column: string) => ({ [raw((alias: string) => `lower(coalesce(${alias}.${column}, ''))`)]: { $like: like } });
    and.push({ $or: ['description', 'old_values', 'new_values'].map(lower) } as unknown as FilterQuery<AuditEntry>);
  }
  return { $and: and } as FilterQuery<AuditEntry>;
}

/** One page of the activity timeline the actor may see, newest first, with the total count. */
export async function listActivity(ctx: ServiceContext, query: ActivityQuery, page: { first?: number | null; offset?: number } = {}): Promise<ActivityPage> {
  const actor = requireActor(ctx);
  const first = page.first ?? 50;
  if (!Number.isInteger(first) || first < 1 || first > LIMITS.pageMax) throw badInput(`first must be between 1 and ${LIMITS.pageMax}`);
  const offset = page.offset ?? 0;
  const [items, totalCount] = await ctx.em.findAndCount(AuditEntry, activityWhere(ctx, actor, query), {
    orderBy: { createdAt: 'desc', id: 'desc' },
    limit: first,
    offset,
  });
  return { items, totalCount, offset };
}

/** How many entries one calendar day of the timeline holds. */
export interface ActivityDay {
  /** yyyy-MM-dd in the viewer's time zone (X-Time-Zone). */
  date: string;
  count: number;
}

/**
 * Every entry the filter selects (not only one page), counted per calendar day in the viewer's time
 * zone, newest day first: the counts in the timeline's day headings. One statement reading only the
 * creation times; the days are formed here, because SQLite has no time zones.
 */
export async function countActivityDays(ctx: ServiceContext, query: ActivityQuery): Promise<ActivityDay[]> {
  const actor = requireActor(ctx);
  const rows = await (ctx.em as unknown as SqlEntityManager)
    .createQueryBuilder(AuditEntry, 'a')
    .select('a.createdAt')
    .where(activityWhere(ctx, actor, query) as QBFilterQuery<AuditEntry>)
    .execute<{ createdAt: unknown }[]>('all', true);
  const counts = new Map<string, number>();
  for (const { createdAt } of rows) {
    const value = typeof createdAt === 'string' && /^\d+$/.test(createdAt) ? Number(createdAt) : createdAt;
    const instant = value instanceof Date ? value : new Date(value as string | number);
    if (Number.isNaN(instant.getTime())) continue;
    const day = dayKey(instant, ctx.timeZone);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return [...counts].map(([date, count]) => ({ date, count })).sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

/**
 * What restoring an entry does, for the timeline's buttons: 'task' brings a deleted task back,
 * 'version' puts the changed fields back; null when the entry cannot be restored. The restore
 * itself (task service) checks everything again.
 */
export function restoreKind(entry: AuditEntry): 'task' | 'version' | null {
  if (entry.entityType !== 'task' || !entry.taskId) return null;
  if (entry.action === 'deleted') return 'task';
  if (entry.action === 'created' || !entry.oldValues) return null;
  return 'version';
}

/**
 * restoreKind for this viewer: null as well when the restore would be refused (the task is read-only
 * for them, or a deleted task already exists again), so the timeline offers no button that cannot work.
 * Batched: the tasks and assignees come from the request's loaders.
 */
export async function viewerRestoreKind(ctx: ServiceContext, entry: AuditEntry): Promise<'task' | 'version' | null> {
  const kind = restoreKind(entry);
  if (!kind || !entry.taskId) return null;
  const actor = requireActor(ctx);
  const task = await ctx.loaders.task.load(entry.taskId);
  const mayWrite = async (owner: TaskOwnership) => {
    const assignee = owner.assignedToId ? await ctx.loaders.user.load(owner.assignedToId) : null;
    return canWriteTask(actor, owner, assignee ? { managerId: assignee.managerId } : null);
  };
  if (kind === 'version') return task && (await mayWrite(task)) ? 'version' : null;
  if (task) return null;
  // A deleted task: its creator and assignee are the entry's readers; its assignee is in oldValues.
  if (isAdmin(actor) || entry.readers?.includes(actor.id)) return 'task';
  const assignedToId = parseValues(entry.oldValues).assignedToId;
  return typeof assignedToId === 'string' && (await mayWrite({ assignedToId, createdById: null })) ? 'task' : null;
}
