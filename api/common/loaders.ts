import DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/core';
import type { ExtraColumn } from './plain-rows.js';
import { findByIds } from './by-id.js';
import { User } from '../modules/user/user.entity.js';
import { Task } from '../modules/task/task.entity.js';
import { Subtask } from '../modules/subtask/subtask.entity.js';
import { TaskComment } from '../modules/comment/comment.entity.js';

export interface SubtaskCounts {
  total: number;
  done: number;
}

/**
 * A DataLoader that also remembers the values it has loaded, so that a caller can take one without a
 * promise (peek, or get): a page whose relations were loaded up front (preloadTaskFields) then resolves
 * its per-task fields synchronously, and graphql-js completes the whole page without a promise per field.
 */
export class PeekableLoader<K, V> extends DataLoader<K, V> {
  private readonly values = new Map<K, V>();

  constructor(batch: (keys: readonly K[]) => Promise<V[]>) {
    super(async (keys) => {
      const values = await batch(keys);
      keys.forEach((key, i) => this.values.set(key, values[i]));
      return values;
    });
  }

  /** The loaded value, or undefined when it has not been loaded (yet). */
  peek(key: K): V | undefined {
    return this.values.get(key);
  }

  /** The loaded value at once when there is one, else a promise of it (batched as load is). */
  get(key: K): V | Promise<V> {
    return this.values.has(key) ? (this.values.get(key) as V) : this.load(key);
  }

  /** As DataLoader's load; a primed or loaded value without a batch. */
  override load(key: K): Promise<V> {
    return this.values.has(key) ? Promise.resolve(this.values.get(key) as V) : super.load(key);
  }

  /**
   * A value known without a batch (a page primes two counts per task): kept here only, not also as a
   * resolved promise in DataLoader's cache, until someone asks for it by load. Errors and promises
   * go to DataLoader as before. As DataLoader's prime, a key that has a value keeps it.
   */
  override prime(key: K, value: V | Promise<V> | Error): this {
    if (value instanceof Error || value instanceof Promise) return super.prime(key, value);
    if (!this.values.has(key)) this.values.set(key, value);
    return this;
  }

  override clear(key: K): this {
    this.values.delete(key);
    return super.clear(key);
  }

  override clearAll(): this {
    this.values.clear();
    return super.clearAll();
  }
}

/** Per-request batch loaders: one query per kind of relation, whatever the number of tasks. */
export interface Loaders {
  user: PeekableLoader<string, User | null>;
  /** Tasks by id, unfiltered: callers check read permission themselves (task.policy). */
  task: PeekableLoader<string, Task | null>;
  subtaskCounts: PeekableLoader<string, SubtaskCounts>;
  commentCount: PeekableLoader<string, number>;
  /** The subtasks of each task id, oldest first. */
  subtasks: PeekableLoader<string, Subtask[]>;
  /** The comments of each task id, oldest first. */
  comments: PeekableLoader<string, TaskComment[]>;
}

function byId<T extends { id: string }>(keys: readonly string[], rows: T[]): (T | null)[] {
  const map = new Map(rows.map((r) => [r.id, r]));
  return keys.map((k) => map.get(k) ?? null);
}

function groupByTask<T extends { taskId: string }>(keys: readonly string[], rows: T[]): T[][] {
  const groups = new Map<string, T[]>(keys.map((k) => [k, []]));
  for (const row of rows) groups.get(row.taskId)?.push(row);
  return keys.map((k) => groups.get(k) ?? []);
}

interface CountRow {
  task_id: string;
  /** PostgreSQL answers counts as strings (bigint). */
  total: number | string;
  extra: number | string | null;
}

/**
 * Rows per task id counted in the database (one grouped query, no entities), with an optional second
 * aggregate. Plain SQL with one placeholder per id: MikroORM's criteria processing of a 500-id `$in`
 * cost more than the query itself.
 */
function countsByTask(em: EntityManager, entity: typeof Subtask | typeof TaskComment, taskIds: readonly string[], extra = 'null'): Promise<CountRow[]> {
  const table = em.getMetadata().get(entity.name).tableName;
  const placeholders = taskIds.map(() => '?').join(', ');
  return em
    .getConnection()
    .execute<CountRow[]>(`select task_id, count(*) as total, ${extra} as extra from ${table} where task_id in (${placeholders}) group by task_id`, [...taskIds], 'all');
}

/** The per-task counts a page of tasks may read with its rows (see countColumns). */
export interface RowCounts {
  subtaskCounts?: boolean;
  commentCounts?: boolean;
}

/** The SQL condition of a done subtask, on its status column. */
const isDoneSql = (status: string) => `${status} = 'Done'`;

const SUBTASK_TOTAL = 'subtask_total';
const SUBTASK_DONE = 'subtask_done';
const COMMENT_TOTAL = 'comment_total';

/**
 * Columns that count each task row's subtasks (all, done) and comments in the row's own statement:
 * correlated subqueries over the task_id indexes, cheaper for a page of 500 than a grouped query with
 * 500 placeholders per kind. primeCounts hands the counts to the loaders.
 */
export function countColumns(em: EntityManager, what: RowCounts): ExtraColumn[] {
  const columns: ExtraColumn[] = [];
  if (what.subtaskCounts) {
    const subtasks = em.getMetadata().get(Subtask.name).tableName;
    columns.push({ name: SUBTASK_TOTAL, sql: (t) => `(select count(*) from ${subtasks} s where s.task_id = ${t}.id)` });
    columns.push({ name: SUBTASK_DONE, sql: (t) => `(select count(*) from ${subtasks} s where s.task_id = ${t}.id and ${isDoneSql('s.status')})` });
  }
  if (what.commentCounts) {
    const comments = em.getMetadata().get(TaskComment.name).tableName;
    columns.push({ name: COMMENT_TOTAL, sql: (t) => `(select count(*) from ${comments} c where c.task_id = ${t}.id)` });
  }
  return columns;
}

/**
 * Primes the loaders with the counts read beside the rows (countColumns with the same `what`; extras[i]
 * belongs to rows[i], already numbers), so the rows' subtaskCount and commentCount fields answer without a query.
 */
export function primeCounts(loaders: Loaders, rows: readonly { id: string }[], extras: readonly Record<string, number | null>[], what: RowCounts): void {
  rows.forEach((row, i) => {
    const counts = extras[i];
    if (what.subtaskCounts) loaders.subtaskCounts.prime(row.id, { total: counts[SUBTASK_TOTAL] ?? 0, done: counts[SUBTASK_DONE] ?? 0 });
    if (what.commentCounts) loaders.commentCount.prime(row.id, counts[COMMENT_TOTAL] ?? 0);
  });
}

export function createLoaders(em: EntityManager): Loaders {
  return {
    user: new PeekableLoader(async (ids) => byId(ids, await findByIds(em, User, ids))),
    task: new PeekableLoader(async (ids) => byId(ids, await findByIds(em, Task, ids))),
    subtaskCounts: new PeekableLoader(async (taskIds) => {
      const rows = await countsByTask(em, Subtask, taskIds, `sum(case when ${isDoneSql('status')} then 1 else 0 end)`);
      const counts = new Map(rows.map((r) => [r.task_id, { total: Number(r.total), done: Number(r.extra) }]));
      return taskIds.map((id) => counts.get(id) ?? { total: 0, done: 0 });
    }),
    commentCount: new PeekableLoader(async (taskIds) => {
      const rows = await countsByTask(em, TaskComment, taskIds);
      const counts = new Map(rows.map((r) => [r.task_id, Number(r.total)]));
      return taskIds.map((id) => counts.get(id) ?? 0);
    }),
    subtasks: new PeekableLoader(async (taskIds) =>
      groupByTask(taskIds, await em.find(Subtask, { taskId: { $in: [...taskIds] } }, { orderBy: { createdAt: 'asc', id: 'asc' } })),
    ),
    comments: new PeekableLoader(async (taskIds) =>
      groupByTask(taskIds, await em.find(TaskComment, { taskId: { $in: [...taskIds] } }, { orderBy: { createdAt: 'asc', id: 'asc' } })),
    ),
  };
}
