import type { FilterQuery } from '@mikro-orm/core';
import type { QBFilterQuery, SqlEntityManager } from '@mikro-orm/knex';
import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import type { Actor } from '../../common/actor.js';
import { isAdmin, isManagerOrAdmin } from '../../common/actor.js';
import { badInput, notFound } from '../../common/errors.js';
import type { ListPage } from '../../common/paging.js';
import * as v from '../../common/validate.js';
import { dayKey, LIMITS } from '../../../schema/domain/task-rules.js';
import { AuditEntry } from '../audit/audit.entity.js';
import { parseValues, restoreKind } from '../audit/audit.service.js';
import { Task } from '../task/task.entity.js';
import { visibleAuditEntries } from '../task/task.history.js';
import { assertCanReadTask, canWriteTask, readableTaskFilter, type TaskOwnership } from '../task/task.policy.js';
import { isSqlite } from '../../common/dialect.js';

/*
 * The activity read side: a task's log, the timeline with its filters and per-day counts, and what
 * Restore offers each viewer. It reads the audit log (audit module, which records every change) through
 * the task module's visibility rule; the restores themselves are task behaviours (task/commands/restore-task.ts).
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

/** The activity timeline's filters (all optional). */
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

/** A statement (or part of one) with its bound values, `?` placeholders on both databases. */
interface Sql {
  sql: string;
  params: unknown[];
}

/** A time as the database compares it: epoch milliseconds on SQLite, a timestamp on PostgreSQL. */
const dbTime = (ctx: ServiceContext, at: Date): unknown => (isSqlite(ctx.em) ? at.getTime() : at);

/** The timeline's filters, checked, as conditions on the entries `a` (visibility apart). */
interface ActivityFilters {
  where: string[];
  params: unknown[];
  from: Date | null;
  to: Date | null;
}

function activityFilters(ctx: ServiceContext, query: ActivityQuery): ActivityFilters {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, ...values: unknown[]) => (where.push(sql), params.push(...values));
  if (query.taskId) add('a.task_id = ?', v.lookupId('Task', query.taskId) ?? NO_ID);
  if (query.userId) add('a.user_id = ?', v.lookupId('User', query.userId) ?? NO_ID);
  const action = v.optionalText('Action', query.action, 100);
  if (action) add('a.action = ?', action.toLowerCase());
  const entityType = v.optionalText('Entity type', query.entityType, 100);
  if (entityType) add('a.entity_type = ?', entityType.toLowerCase());
  const from = bound(ctx, 'From', query.from, false);
  const to = bound(ctx, 'To', query.to, true);
  if (from && to && from > to) throw badInput('From must be on or before To');
  const q = v.optionalText('Search text', query.q, 200)?.toLowerCase();
  if (q) {
    const like = `%${q}%`;
    add(
      "(lower(coalesce(a.description, '')) like ? or lower(coalesce(a.old_values, '')) like ? or lower(coalesce(a.new_values, '')) like ?)",
      like,
      like,
      like,
    );
  }
  return { where, params, from, to };
}

/** A position in the timeline's order (newest first): the last entry of a page. */
export interface ActivityPosition {
  createdAt: Date;
  id: string;
}

/** Which part of the visible entries a statement reads. */
interface Reach {
  /** Entries from this instant on (with the filter's own From). */
  from?: Date | null;
  /** An ordered walk: the entries after this position, newest first, at most `limit`. */
  walk?: { after: ActivityPosition | null; limit: number };
}

/** Conditions on a time column and an id column (one alias) for a reach: its time range and keyset. */
function rangeOn(ctx: ServiceContext, time: string, id: string, filters: ActivityFilters, reach: Reach): Sql {
  const sql: string[] = [];
  const params: unknown[] = [];
  const from = filters.from && reach.from ? (filters.from > reach.from ? filters.from : reach.from) : (filters.from ?? reach.from ?? null);
  if (from) {
    sql.push(`${time} >= ?`);
    params.push(dbTime(ctx, from));
  }
  if (filters.to) {
    sql.push(`${time} <= ?`);
    params.push(dbTime(ctx, filters.to));
  }
  const after = reach.walk?.after;
  if (after) {
    sql.push(`${time} <= ? and (${time} < ? or ${id} < ?)`);
    params.push(dbTime(ctx, after.createdAt), dbTime(ctx, after.createdAt), after.id);
  }
  return { sql: sql.join(' and '), params };
}

const and = (...parts: string[]): string => parts.filter((p) => p.length > 0).join(' and ') || '1 = 1';

/**
 * The entries (id, created_at) the actor may see that the filter selects, as one statement: the
 * visibility rule of task.history visibleAuditEntries, written so that every part walks an index.
 * Admins: every entry; managers: every task's entries (an ordered walk of created_at, id). Members:
 * their own reader rows (audit_readers by user_id, created_at) and the entries of the tasks they can
 * read now (by task_id), two walks joined by a union. With `walk`, each part stops after `limit` rows
 * in the timeline's order, so a page reads about a page whatever the table's size.
 */
function visibleEntries(ctx: ServiceContext, actor: Actor, filters: ActivityFilters, reach: Reach): Sql {
  const order = (time: string, id: string) => (reach.walk ? ` order by ${time} desc, ${id} desc limit ${reach.walk.limit}` : '');
  if (isManagerOrAdmin(actor)) {
    const range = rangeOn(ctx, 'a.created_at', 'a.id', filters, reach);
    const visible = isAdmin(actor) ? '' : 'a.task_id is not null';
    return {
      sql: `select a.id, a.created_at from audit_entries a where ${and(visible, ...filters.where, range.sql)}${order('a.created_at', 'a.id')}`,
      params: [...filters.params, ...range.params],
    };
  }
  const readerRange = rangeOn(ctx, 'r.created_at', 'r.entry_id', filters, reach);
  // Without filters on the entries themselves, the reader rows alone answer (an index-only read).
  const byReader: Sql = {
    sql:
      filters.where.length === 0
        ? `select r.entry_id as id, r.created_at from audit_readers r where ${and('r.user_id = ?', readerRange.sql)}${order('r.created_at', 'r.entry_id')}`
        : `select a.id, a.created_at from audit_readers r join audit_entries a on a.id = r.entry_id where ${and('r.user_id = ?', readerRange.sql, ...filters.where)}${order('r.created_at', 'r.entry_id')}`,
    params: [actor.id, ...readerRange.params, ...filters.params],
  };
  const readable = (ctx.em as unknown as SqlEntityManager)
    .createQueryBuilder(Task, 'rt')
    .select('rt.id')
    .where(readableTaskFilter(actor) as QBFilterQuery<Task>)
    .getKnexQuery()
    .toSQL();
  const taskRange = rangeOn(ctx, 'a.created_at', 'a.id', filters, reach);
  const ofReadableTasks = `select a.id, a.created_at from audit_entries a where ${and(`a.task_id in (${readable.sql})`, taskRange.sql, ...filters.where)}`;
  // The member's tasks drive this part (by task_id), then their entries are sorted: PostgreSQL would
  // otherwise walk every entry by time probing each one's task, a read of the whole log for a member
  // with few tasks. OFFSET 0 keeps it from merging the walk into the order (SQLite plans it so anyway).
  const byTask: Sql = {
    sql:
      reach.walk && !isSqlite(ctx.em)
        ? `select t.id, t.created_at from (${ofReadableTasks} offset 0) t${order('t.created_at', 't.id')}`
        : `${ofReadableTasks}${order('a.created_at', 'a.id')}`,
    params: [...readable.bindings, ...taskRange.params, ...filters.params],
  };
  // A part with its own ORDER BY and LIMIT is a subquery in a union (SQLite allows them nowhere else).
  const part = (p: Sql, name: string) => (reach.walk ? `select * from (${p.sql}) ${name}` : p.sql);
  return { sql: `${part(byReader, 'by_reader')} union ${part(byTask, 'by_task')}`, params: [...byReader.params, ...byTask.params] };
}

async function rows<T>(ctx: ServiceContext, statement: Sql): Promise<T[]> {
  return ctx.em.getConnection().execute<T[]>(statement.sql, statement.params, 'all');
}

export interface ActivityPage {
  items: AuditEntry[];
  /** Entries the filter selects in all (counted only when asked for: `withTotal`). */
  totalCount: number | null;
  offset: number;
  hasNextPage: boolean;
}

/**
 * One page of the activity timeline the actor may see, newest first: the entries after `after` (a
 * keyset position, what the timeline's cursor holds) or, for REST pages, after `offset` entries. Two
 * statements: the page's ids through the visibility walks, then its entries; a third counts the total
 * when `withTotal` (the timeline counts once, on its first page).
 */
export async function listActivity(
  ctx: ServiceContext,
  query: ActivityQuery,
  page: { first?: number | null; offset?: number; after?: ActivityPosition | null; withTotal?: boolean } = {},
): Promise<ActivityPage> {
  const actor = requireActor(ctx);
  const first = page.first ?? 50;
  if (!Number.isInteger(first) || first < 1 || first > LIMITS.pageMax) throw badInput(`first must be between 1 and ${LIMITS.pageMax}`);
  const offset = page.offset ?? 0;
  const filters = activityFilters(ctx, query);
  const visible = visibleEntries(ctx, actor, filters, { walk: { after: page.after ?? null, limit: offset + first + 1 } });
  const ids = await rows<{ id: string }>(ctx, {
    sql: `select v.id from (${visible.sql}) v order by v.created_at desc, v.id desc limit ${first + 1} offset ${offset}`,
    params: visible.params,
  });
  const pageIds = ids.slice(0, first).map((r) => r.id);
  const items = pageIds.length > 0 ? await ctx.em.find(AuditEntry, { id: { $in: pageIds } }, { orderBy: { createdAt: 'desc', id: 'desc' } }) : [];
  const totalCount = page.withTotal ? await countActivity(ctx, actor, filters) : null;
  return { items, totalCount, offset, hasNextPage: ids.length > first };
}

/**
 * Unfiltered totals from the counts the audit tables' triggers keep per write (audit_counts: `all`
 * entries, `untasked` ones without a task), two rows instead of a count of every entry (170-300 ms
 * on PostgreSQL at a million, even from an index): an admin's is every entry, a manager's every task
 * entry.
 */
const UNFILTERED_TOTAL = {
  admin: "select n from audit_counts where scope = 'all'",
  manager: "select sum(case when scope = 'all' then n else -n end) as n from audit_counts where scope in ('all', 'untasked')",
};

/** How many entries the filter selects that the actor may see. */
async function countActivity(ctx: ServiceContext, actor: Actor, filters: ActivityFilters): Promise<number> {
  if (isManagerOrAdmin(actor) && filters.where.length === 0 && !filters.from && !filters.to) {
    const [total] = await rows<{ n: number | string }>(ctx, { sql: isAdmin(actor) ? UNFILTERED_TOTAL.admin : UNFILTERED_TOTAL.manager, params: [] });
    return Number(total?.n ?? 0);
  }
  const visible = visibleEntries(ctx, actor, filters, {});
  const [row] = await rows<{ n: number | string }>(ctx, { sql: `select count(*) as n from (${visible.sql}) v`, params: visible.params });
  return Number(row?.n ?? 0);
}

/** How many entries one calendar day of the timeline holds. */
export interface ActivityDay {
  /** yyyy-MM-dd in the viewer's time zone (X-Time-Zone). */
  date: string;
  count: number;
}

/** SQLite's buckets: a quarter of an hour, so that every bucket lies within one day of any zone (all offsets are whole quarters). */
const BUCKET_MS = 15 * 60 * 1000;

/**
 * The entries the filter selects, counted per calendar day in the viewer's time zone, newest day first:
 * the counts in the timeline's day headings, grouped by the database. `since` bounds them to the days
 * the timeline shows (from the first instant of its oldest loaded day; none for one task's log).
 * PostgreSQL groups by the day in the zone; SQLite, which has no time zones, by quarter hours, which
 * become days here (at most 96 rows a day).
 */
export async function countActivityDays(ctx: ServiceContext, query: ActivityQuery, since: Date | null = null): Promise<ActivityDay[]> {
  const actor = requireActor(ctx);
  const filters = activityFilters(ctx, query);
  const visible = visibleEntries(ctx, actor, filters, { from: since });
  const counts = new Map<string, number>();
  if (isSqlite(ctx.em)) {
    const buckets = await rows<{ b: number; n: number }>(ctx, {
      sql: `select cast(v.created_at / ${BUCKET_MS} as integer) as b, count(*) as n from (${visible.sql}) v group by b`,
      params: visible.params,
    });
    for (const { b, n } of buckets) {
      const day = dayKey(new Date(Number(b) * BUCKET_MS), ctx.timeZone);
      counts.set(day, (counts.get(day) ?? 0) + Number(n));
    }
  } else {
    const days = await rows<{ day: string; n: number | string }>(ctx, {
      sql: `select to_char(v.created_at at time zone ?, 'YYYY-MM-DD') as day, count(*) as n from (${visible.sql}) v group by 1`,
      params: [ctx.timeZone, ...visible.params],
    });
    for (const { day, n } of days) counts.set(day, Number(n));
  }
  return [...counts].map(([date, count]) => ({ date, count })).sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

/** The first instant of the viewer's calendar day holding `instant`: where the day counts of a timeline that reaches it begin. */
export function startOfViewerDay(ctx: ServiceContext, instant: Date): Date {
  return startOfDay(dayKey(instant, ctx.timeZone), ctx.timeZone);
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
