import type { FilterQuery } from '@mikro-orm/core';
import type { QBFilterQuery, SqlEntityManager } from '@mikro-orm/knex';
import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { badInput } from '../../common/errors.js';
import { LIMITS } from '../../../schema/domain/task-rules.js';
import { latestEventSeq, latestEventSeqColumn } from '../../realtime/task-events.js';
import { readDetachedRowsWith, readPlainRows, type ExtraColumn, type PlainRow } from '../../common/plain-rows.js';
import { Task } from './task.entity.js';
import { readableTaskFilter } from './task.policy.js';
import { countColumns, primeCounts, type RowCounts } from './task.loaders.js';
import { searches, taskWhere, type SearchWindow, type TaskQuery } from './task.filter.js';
import { afterPosition, taskOrder, TASK_SORT_FIELDS, type TaskPosition, type TaskSortField, type TaskSortOrder } from './task.order.js';

/** The fewest tasks a search looks among first (SearchWindow): four pages' worth when a page is larger. */
const SEARCH_WINDOW_MIN = 500;

export interface TaskPage {
  items: Task[];
  totalCount: number;
  offset: number;
  /** More rows follow this page. */
  hasNextPage: boolean;
  /** With `withLatestSeq`: the board event log's newest sequence number the items include (0 when empty). */
  latestSeq?: number;
}

/** Which page of tasks to list, in which order, and what to read with its rows. */
export interface TaskPageRequest {
  first?: number | null;
  /** Rows to skip (the CSV export's pages); ignored with `after`. */
  offset?: number;
  /** Keyset: the page starts after this task's position in the order (a cursor of the connection's). */
  after?: TaskPosition | null;
  sortBy?: TaskSortField;
  sortOrder?: TaskSortOrder;
  /** Known from an earlier page (the CSV export reads page after page, a cursor carries it): not counted again. */
  totalCount?: number;
  /** False when the answer shows no total (a palette's few matches): not counted; the page's totalCount is then -1. */
  countTotal?: boolean;
  /** Also the newest board event the page includes (TaskPage.latestSeq). */
  withLatestSeq?: boolean;
  /** Per-task counts read with the rows and primed into ctx.loaders (their fields then cost no query). */
  counts?: RowCounts;
}

/**
 * One page of the tasks the actor may read, with the total count (cursor pagination over an order). The
 * tasks are read-only rows (readDetachedRowsWith): load a task with getWritableTask to change it. With
 * `withLatestSeq`, also the newest board event the page includes, for a live board to follow from (read
 * with the rows, in the same statement). With `after`, the page starts after that position (a keyset:
 * the skipped rows are not read again); the total is counted only when not known (`totalCount`, which
 * a later page's cursor carries). Throws BAD_USER_INPUT on a bad page, order or filter.
 */
export async function listTasks(ctx: ServiceContext, query: TaskQuery, page: TaskPageRequest): Promise<TaskPage> {
  const actor = requireActor(ctx);
  const first = page.first ?? 100;
  if (!Number.isInteger(first) || first < 1 || first > LIMITS.pageMax) throw badInput(`first must be between 1 and ${LIMITS.pageMax}`);
  const sortBy = page.sortBy ?? 'updatedAt';
  if (!TASK_SORT_FIELDS.includes(sortBy)) throw badInput(`Sort by one of: ${TASK_SORT_FIELDS.join(', ')}`);
  const order = page.sortOrder === 'asc' ? 'asc' : 'desc';
  const after = page.after ?? null;
  if (after && (after.sortBy !== sortBy || after.sortOrder !== order))
    throw badInput('This cursor belongs to another order of the list: start again from the first page');
  const offset = after ? 0 : (page.offset ?? 0);
  // Read-only rows, not managed entities: hydrating a page of 500 entities was a third of the request.
  // (Filter and order are built per query: their raw() fragments can be used once.)
  const counts = page.counts ?? {};
  const seqColumn = page.withLatestSeq ? latestEventSeqColumn(ctx.em) : null;
  // A search in the order of an index walk looks among the first tasks of that walk first (SearchWindow).
  const window: SearchWindow | null =
    searches(query) && sortBy === 'updatedAt' && offset === 0
      ? { size: Math.max(SEARCH_WINDOW_MIN, 4 * (first + 1)), order: taskOrder(sortBy, order), after: () => (after ? afterPosition(after) : null) }
      : null;
  const readRows = async (seq: ExtraColumn | null) => {
    const readPage = (filter: FilterQuery<Task>) => {
      const extraColumns = [...(seq ? [seq] : []), ...countColumns(ctx.em, counts)];
      const where = after ? ({ $and: [filter, afterPosition(after)] } as FilterQuery<Task>) : filter;
      // One row more than the page: whether a next page exists, without counting.
      return readDetachedRowsWith(ctx.em, Task, where, { orderBy: taskOrder(sortBy, order), limit: first + 1, offset }, extraColumns);
    };
    let read = window ? await readPage(taskWhere(ctx, actor, query, window)) : null;
    if (!read || read.rows.length <= first) read = await readPage(taskWhere(ctx, actor, query));
    const hasNextPage = read.rows.length > first;
    if (hasNextPage) {
      read.rows.length = first;
      read.extras.length = first;
    }
    primeCounts(ctx.loaders, read.rows, read.extras, counts);
    return { ...read, hasNextPage };
  };
  // The count's filter first: a bad filter throws here, before any statement starts.
  const countWhere = page.totalCount === undefined && page.countTotal !== false ? taskWhere(ctx, actor, query) : null;
  // The rows and the count side by side.
  const [read, totalCount] = await Promise.all([readRows(seqColumn), countWhere ? ctx.em.count(Task, countWhere) : (page.totalCount ?? -1)]);
  const items = read.rows;
  const result = { items, totalCount, offset, hasNextPage: read.hasNextPage };
  if (!seqColumn) return result;
  if (items.length) return { ...result, latestSeq: read.extras[0][seqColumn.name] ?? 0 };
  // An empty page has no row to carry it: the newest event first, then the rows it vouches for.
  const latestSeq = await latestEventSeq(ctx.em);
  const again = await readRows(null);
  return { ...result, items: again.rows, hasNextPage: again.hasNextPage, latestSeq };
}

/**
 * The distinct tags of the tasks the actor may read (as the listing), sorted case-insensitively:
 * the listing's Tag filter options. One statement over the distinct tag lists.
 */
export async function listTaskTags(ctx: ServiceContext): Promise<string[]> {
  const actor = requireActor(ctx);
  const rows = await (ctx.em as unknown as SqlEntityManager)
    .createQueryBuilder(Task, 't')
    .select('t.tags')
    .distinct()
    .where(readableTaskFilter(actor) as QBFilterQuery<Task>)
    .execute<{ tags: unknown }[]>('all', true);
  const tags = new Set<string>();
  for (const { tags: value } of rows) {
    let list: unknown = value;
    if (typeof value === 'string') {
      try {
        list = JSON.parse(value);
      } catch {
        list = [];
      }
    }
    if (Array.isArray(list)) for (const tag of list) if (typeof tag === 'string' && tag.trim()) tags.add(tag);
  }
  return [...tags].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || (a < b ? -1 : a > b ? 1 : 0));
}

/** The REST list's order: newest change first, then by id (a total order, so a keyset can follow it). */
const TASK_LIST_ORDER = { updatedAt: 'desc', id: 'asc' } as const;

/** Where a keyset page of the REST list starts: after the task with this change time and id. */
export interface TaskListCursor {
  updatedAt: Date;
  id: string;
}

/** The opaque cursor of the task after which the next page starts (base64url of its change time and id). */
export const encodeTaskListCursor = (task: TaskListCursor): string => Buffer.from(`${task.updatedAt.toISOString()}|${task.id}`).toString('base64url');

/** A cursor made by encodeTaskListCursor; BAD_USER_INPUT for anything else. */
export function decodeTaskListCursor(value: unknown): TaskListCursor {
  const [time, id, ...rest] = typeof value === 'string' ? Buffer.from(value, 'base64url').toString('utf8').split('|') : [];
  const updatedAt = new Date(time ?? '');
  if (!id || rest.length || Number.isNaN(updatedAt.getTime())) throw badInput('cursor is not one this list gave out');
  return { updatedAt, id };
}

/**
 * The tasks the actor may read (REST GET /api/tasks) in TASK_LIST_ORDER, as plain rows, `batch` rows at
 * a time (each a keyset read after the last row of the one before), starting after `after` (or skipping
 * `offset`), at most `limit` in all: any number of tasks in constant memory. Throws BAD_USER_INPUT on a
 * bad filter.
 */
export async function* taskListBatches(
  ctx: ServiceContext,
  query: TaskQuery,
  options: { batch: number; limit?: number; offset?: number; after?: TaskListCursor | null },
): AsyncGenerator<PlainRow<Task>[]> {
  const actor = requireActor(ctx);
  let after = options.after ?? null;
  let offset = options.offset ?? 0;
  let left = options.limit ?? Number.POSITIVE_INFINITY;
  while (left > 0) {
    const filter = taskWhere(ctx, actor, query);
    const where = after
      ? { $and: [filter, { $or: [{ updatedAt: { $lt: after.updatedAt } }, { updatedAt: after.updatedAt, id: { $gt: after.id } }] }] }
      : filter;
    const size = Math.min(options.batch, left);
    const rows = await readPlainRows(ctx.em, Task, where as FilterQuery<Task>, { orderBy: TASK_LIST_ORDER, limit: size, offset });
    if (rows.length) yield rows;
    if (rows.length < size) return;
    left -= rows.length;
    offset = 0;
    after = rows[rows.length - 1];
  }
}
