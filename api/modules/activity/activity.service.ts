import type { FilterQuery } from '@mikro-orm/core';
import { raw } from '@mikro-orm/core';
import type { QBFilterQuery, SqlEntityManager } from '@mikro-orm/knex';
import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import type { Actor } from '../../common/actor.js';
import { isAdmin } from '../../common/actor.js';
import { badInput, notFound } from '../../common/errors.js';
import type { ListPage } from '../../common/paging.js';
import * as v from '../../common/validate.js';
import { dayKey, LIMITS } from '../../../schema/domain/task-rules.js';
import { AuditEntry } from '../audit/audit.entity.js';
import { parseValues, restoreKind } from '../audit/audit.service.js';
import { Task } from '../task/task.entity.js';
import { visibleAuditEntries } from '../task/task.history.js';
import { assertCanReadTask, canWriteTask, type TaskOwnership } from '../task/task.policy.js';

/*
 * The activity read side: a task's log, the timeline with its filters and per-day counts, and what
 * Restore offers each viewer. It reads the audit log (audit module, which records every change) through
 * the task module's visibility rule; the restores themselves are task behaviours (task.service).
 */

/**
 * The audit entries of one task, newest first (the newest 500 unless a page is given). A deleted task's
 * log stays readable to those who could read it (the entries' readers). NOT_FOUND when the task is
 * not readable (or never existed).
 */
export async function listTaskAudit(ctx: ServiceContext, taskId: string, page: ListPage = { limit: LIMITS.pageMax, offset: 0 }): Promise<AuditEntry[]> {
  const actor = requireActor(ctx);
  // The task row is read directly, not through getReadableTask: a deleted task's log stays readable.
  const task = v.lookupId('Task id', taskId) ? await ctx.em.findOne(Task, { id: taskId }) : null;
  if (!v.lookupId('Task id', taskId)) throw notFound('Task');
  if (task) assertCanReadTask(actor, task);
  const where: FilterQuery<AuditEntry> = task ? { taskId } : ({ $and: [{ taskId }, visibleAuditEntries(ctx, actor)] } as FilterQuery<AuditEntry>);
  const entries = await ctx.em.find(AuditEntry, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit, offset: page.offset });
  if (!task && entries.length === 0 && page.offset === 0) throw notFound('Task');
  return entries;
}

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
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
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

/** Matches no entry: what a taskId or userId that is not an id filters by. */
const NO_ID = '00000000-0000-0000-0000-000000000000';

function activityWhere(ctx: ServiceContext, actor: Actor, query: ActivityQuery): FilterQuery<AuditEntry> {
  const and: FilterQuery<AuditEntry>[] = [visibleAuditEntries(ctx, actor)];
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
