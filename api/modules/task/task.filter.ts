import { raw, type FilterQuery, type QueryOrderMap } from '@mikro-orm/core';
import type { Knex, QBFilterQuery, QBQueryOrderMap, SqlEntityManager } from '@mikro-orm/knex';
import type { ServiceContext } from '../../common/context.js';
import { isManagerOrAdmin, type Actor } from '../../common/actor.js';
import { badInput } from '../../common/errors.js';
import * as v from '../../common/validate.js';
import { Task } from './task.entity.js';
import type { TaskStatus } from './task.enums.js';
import { readableTaskFilter } from './task.policy.js';
import { isSqlite } from '../../common/dialect.js';

const DAY_MS = 86_400_000;

export interface TaskQuery {
  /** Whose tasks (TASK_SCOPES): narrows what the actor may read, never widens it. Absent: everyone's. */
  scope?: string | null;
  search?: string | null;
  assignedToId?: string | null;
  status?: string | null;
  project?: string | null;
  category?: string | null;
  priority?: string | null;
  tag?: string | null;
  from?: string | null;
  to?: string | null;
  /** with: tasks with time entries; without: tasks without any (the time module's TaskFilterPart). */
  timeSpent?: string | null;
  ids?: string[] | null;
}

/** The longest text a listing filter may have. */
const FILTER_TEXT_MAX = 500;

/**
 * The database filter for a task query, always within what the actor may read. Throws BAD_USER_INPUT
 * on a filter that is not plain text (a repeated query parameter included) or not a date.
 */
export function taskWhere(ctx: ServiceContext, actor: Actor, query: TaskQuery, window?: SearchWindow): FilterQuery<Task> {
  const search = v.optionalText('Search', query.search, FILTER_TEXT_MAX);
  const and = filtersBesideSearch(ctx, actor, query);
  if (search) and.push(window ? searchInWindow(ctx, actor, query, search, window) : searchFilter(ctx.em, search));
  return { $and: and } as FilterQuery<Task>;
}

/** Whether a task query searches (a text besides blanks): listTasks then tries a SearchWindow first. */
export const searches = (query: TaskQuery): boolean => typeof query.search === 'string' && query.search.trim() !== '';

/**
 * The first `size` tasks the rest of the filter selects, in the listing's order (after `after`, a
 * keyset's position, when given): a search looks only among them. When as many of them match as the
 * page needs, they are the page, and a common word answers from a few hundred rows instead of every
 * one of its matches (docs/DECISIONS.md, "Search"); otherwise the caller searches everything.
 */
export interface SearchWindow {
  size: number;
  order: QueryOrderMap<Task>[];
  after: () => FilterQuery<Task> | null;
}

/** The tasks among a SearchWindow's whose text or public comments contain `search` (searchFilter's tables). */
function searchInWindow(ctx: ServiceContext, actor: Actor, query: TaskQuery, search: string, window: SearchWindow): FilterQuery<Task> {
  const em = ctx.em as SqlEntityManager;
  const inner = filtersBesideSearch(ctx, actor, query);
  const after = window.after();
  if (after) inner.push(after);
  const { sql, bindings } = em
    .createQueryBuilder(Task, 'w')
    .select('w.id')
    .where({ $and: inner } as QBFilterQuery<Task>)
    .orderBy(window.order as QBQueryOrderMap<Task>[])
    .limit(Math.trunc(window.size))
    .getKnexQuery()
    .toSQL();
  const first = `(${sql}) w`;
  let matches: string;
  let params: Knex.RawBinding[];
  if (isSqlite(em) && [...search].length >= 3) {
    // The matches' search rowids, read once from the FTS index, against each window row's own.
    const phrase = `"${search.replace(/"/g, '""')}"`;
    matches =
      `select w.id from ${first} cross join task_search_rows r where r.task_id = w.id and r.search_rowid in (select rowid from task_search where task_search match ?) ` +
      `union select w.id from ${first} cross join task_comments c cross join comment_search_rows cr ` +
      'where c.task_id = w.id and cr.comment_id = c.id and cr.search_rowid in (select rowid from comment_search where comment_search match ?)';
    params = [...bindings, phrase, ...bindings, phrase];
  } else {
    const like = `%${search.toLowerCase()}%`;
    matches =
      `select w.id from ${first} cross join tasks y where y.id = w.id and (${SEARCHED_COLUMNS.map((column) => `lower(cast(y.${column} as text)) like ?`).join(' or ')}) ` +
      `union select w.id from ${first} cross join task_comments c where c.task_id = w.id and not c.is_internal and lower(c.content) like ?`;
    params = [...bindings, ...SEARCHED_COLUMNS.map(() => like), ...bindings, like];
  }
  return { id: { $in: em.getKnex().raw(matches, params) } } as unknown as FilterQuery<Task>;
}

/** Every condition of a task query but its search, within what the actor may read (built anew each call: raw fragments serve one query). */
function filtersBesideSearch(ctx: ServiceContext, actor: Actor, query: TaskQuery): FilterQuery<Task>[] {
  const and: FilterQuery<Task>[] = [readableTaskFilter(actor) as FilterQuery<Task>];
  const scope = scopeFilter(ctx, actor, query.scope);
  if (scope) and.push(scope);
  const assignedToId = v.optionalText('Assignee', query.assignedToId, FILTER_TEXT_MAX);
  if (assignedToId) and.push({ assignedToId: assignedToId === 'unassigned' ? null : assignedToId });
  const status = v.optionalText('Status', query.status, FILTER_TEXT_MAX);
  if (status) and.push({ status: parseStatusFilter(status) as TaskStatus });
  for (const [field, label] of [
    ['project', 'Project'],
    ['category', 'Category'],
    ['priority', 'Priority'],
  ] as const) {
    const value = v.optionalText(label, query[field], FILTER_TEXT_MAX);
    if (value) and.push({ [field]: value });
  }
  const tag = v.optionalText('Tag', query.tag, FILTER_TEXT_MAX);
  if (tag) {
    // One element of the JSON list, case-insensitive: '"tag"' in its JSON text. LIKE's wildcards (and
    // JSON's escapes) in a tag become '_' (any one character): both databases agree, at worst a superset.
    const like = `%${JSON.stringify(tag.toLowerCase())
      .slice(1, -1)
      .replace(/[%_\\]/g, '_')}%`
      .replace(/^%/, '%"')
      .replace(/%$/, '"%');
    and.push({ [raw((alias: string) => `lower(cast(${alias}.tags as text))`)]: { $like: like } } as unknown as FilterQuery<Task>);
  }
  for (const part of ctx.app.taskFilters) {
    const value = v.optionalText(part.key, query[part.key], FILTER_TEXT_MAX);
    if (value) and.push(part.where(ctx, value));
  }
  if (query.ids?.length) and.push({ id: { $in: query.ids.map((id) => v.lookupId('Task id', id)).filter((id) => id !== null) } });
  const from = v.optionalDate('From', query.from);
  const to = v.optionalDate('To', query.to);
  if (from) and.push({ $or: [{ scheduledDate: { $gte: from } }, { scheduledDate: null, createdAt: { $gte: from } }] });
  if (to) {
    const end = /^\d{4}-\d{2}-\d{2}$/.test(query.to ?? '') ? new Date(to.getTime() + DAY_MS / 2) : to;
    and.push({ $or: [{ scheduledDate: { $lte: end } }, { scheduledDate: null, createdAt: { $lte: end } }] });
  }
  return and;
}

/**
 * Whose tasks a listing shows (the planner's team-member filter): `mine`, the actor's own (assigned to
 * or created by them); `team` ("All Team Members"), the actor's and their direct reports' (for a member,
 * their own); `everyone`, all the actor may read.
 */
export const TASK_SCOPES = ['mine', 'team', 'everyone'] as const;
export type TaskScope = (typeof TASK_SCOPES)[number];

/**
 * The condition of a scope (null for everyone's), in addition to what the actor may read. A team is
 * the actor and the users whose manager they are, read in the same statement; each person's tasks are
 * two index walks (assignee, creator), so the board reads the team's tasks, not the company's.
 */
function scopeFilter(ctx: ServiceContext, actor: Actor, value: unknown): FilterQuery<Task> | null {
  const scope = v.optionalText('Scope', value, FILTER_TEXT_MAX);
  if (!scope || scope === 'everyone') return null;
  if (!TASK_SCOPES.includes(scope as TaskScope)) throw badInput(`Scope must be one of: ${TASK_SCOPES.join(', ')}`);
  if (scope === 'mine' || !isManagerOrAdmin(actor)) return { $or: [{ assignedToId: actor.id }, { createdById: actor.id }] } as FilterQuery<Task>;
  const knex = (ctx.em as SqlEntityManager).getKnex();
  const reports = () => knex.raw('select id from users where manager_id = ? union all select ?', [actor.id, actor.id]);
  return { $or: [{ assignedToId: { $in: reports() } }, { createdById: { $in: reports() } }] } as unknown as FilterQuery<Task>;
}

/** The columns a search looks in, besides the task's public comments. */
const SEARCHED_COLUMNS = ['title', 'description', 'project', 'tags'] as const;

/**
 * Tasks whose title, description, project or tags (their JSON text), or one of whose public comments,
 * contain `search`, case-insensitively, answered from an index (docs/DECISIONS.md, "Search"): on SQLite
 * the trigram FTS5 tables (for three characters or more; shorter ones are read row by row), on
 * PostgreSQL the same `like` comparisons its trigram indexes are built on.
 */
function searchFilter(em: ServiceContext['em'], search: string): FilterQuery<Task> {
  const knex = (em as SqlEntityManager).getKnex();
  if (isSqlite(em) && [...search].length >= 3) {
    const phrase = `"${search.replace(/"/g, '""')}"`;
    return {
      $or: [
        { id: { $in: knex.raw('select task_id from task_search where task_search match ?', [phrase]) } },
        { id: { $in: knex.raw('select task_id from comment_search where comment_search match ?', [phrase]) } },
      ],
    } as unknown as FilterQuery<Task>;
  }
  // One id list from both tables: an OR beside a subquery would make PostgreSQL read every task.
  const like = `%${search.toLowerCase()}%`;
  const inTasks = `select id from tasks where ${SEARCHED_COLUMNS.map((column) => `lower(cast(${column} as text)) like ?`).join(' or ')}`;
  const inComments = 'select task_id from task_comments where not is_internal and lower(content) like ?';
  const params = [...SEARCHED_COLUMNS.map(() => like), like];
  return { id: { $in: knex.raw(`${inTasks} union ${inComments}`, params) } } as unknown as FilterQuery<Task>;
}

function parseStatusFilter(status: string): string {
  const map: Record<string, string> = { completed: 'Done' };
  return map[status.toLowerCase()] ?? status;
}
