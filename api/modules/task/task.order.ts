import { raw, type FilterQuery, type QueryOrderMap } from '@mikro-orm/core';
import { badInput } from '../../common/errors.js';
import { TASK_STATUSES } from '../../../schema/domain/task-rules.js';
import type { Task } from './task.entity.js';

export const TASK_SORT_FIELDS = ['title', 'status', 'priority', 'dueDate', 'updatedAt', 'createdAt', 'scheduledDate'] as const;
export type TaskSortField = (typeof TASK_SORT_FIELDS)[number];
export type TaskSortOrder = 'asc' | 'desc';

/** A sort direction as given (GraphQL argument, query string): absent for the default, else asc or desc. */
export function parseSortOrder(value: unknown): TaskSortOrder | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (value === 'asc' || value === 'desc') return value;
  throw badInput('Sort order must be asc or desc');
}

/**
 * A task's place in a listing's order: the value of the sort key (the raw column value: title, status
 * or priority text, a date as epoch milliseconds, null for an empty date) and its id.
 */
export interface TaskPosition {
  sortBy: TaskSortField;
  sortOrder: TaskSortOrder;
  key: string | number | null;
  id: string;
}

/** A task's position in the order `sortBy` (what a keyset cursor holds). */
export function taskPosition(task: Task, sortBy: TaskSortField, sortOrder: TaskSortOrder): TaskPosition {
  const value = task[sortBy] as string | Date | null | undefined;
  const key = value instanceof Date ? value.getTime() : (value ?? null);
  return { sortBy, sortOrder, key, id: task.id };
}

/** A position as a cursor held it (parsed JSON); BAD_USER_INPUT when it is not one taskPosition made. */
export function parseTaskPosition(value: unknown): TaskPosition {
  const p = (value ?? {}) as Record<string, unknown>;
  const keyOk = p.key === null || typeof p.key === 'string' || (typeof p.key === 'number' && Number.isFinite(p.key));
  if (
    !TASK_SORT_FIELDS.includes(p.sortBy as TaskSortField) ||
    (p.sortOrder !== 'asc' && p.sortOrder !== 'desc') ||
    !keyOk ||
    typeof p.id !== 'string' ||
    !p.id
  ) {
    throw badInput('Invalid cursor: it is not one this list gave out (start again from the first page)');
  }
  return { sortBy: p.sortBy as TaskSortField, sortOrder: p.sortOrder, key: p.key as TaskPosition['key'], id: p.id };
}

const PRIORITY_RANK = ['low', 'medium', 'high', 'critical'];

/** A CASE expression ranking a column's known values in their order (unknown values after them). */
const rankOf = (column: string, values: readonly string[]) => raw((alias: string) => rankSql(`${alias}.${column}`, values));

/** The SQL of a rank: `expr` (a column or a parameter) by its place among `values`. */
const rankSql = (expr: string, values: readonly string[]): string =>
  `case lower(${expr}) ${values.map((value, i) => `when '${value.toLowerCase().replace(/'/g, "''")}' then ${i}`).join(' ')} else ${values.length} end`;

/**
 * The order of a listing: priority and status by their rank (Low < Critical, Not Started < Done), not
 * alphabetically; dates with empty ones last either way (both databases alike); then id, so pages are stable.
 */
export function taskOrder(sortBy: TaskSortField, order: 'asc' | 'desc'): QueryOrderMap<Task>[] {
  const direction = order;
  const nullsLast = (order === 'asc' ? 'asc nulls last' : 'desc nulls last') as 'asc';
  const first: QueryOrderMap<Task> =
    sortBy === 'priority'
      ? { [rankOf('priority', PRIORITY_RANK)]: direction }
      : sortBy === 'status'
        ? { [rankOf('status', TASK_STATUSES)]: direction }
        : sortBy === 'dueDate' || sortBy === 'scheduledDate'
          ? { [sortBy]: nullsLast }
          : sortBy === 'title'
            ? { [raw((alias: string) => `lower(${alias}.title)`)]: direction }
            : { [sortBy]: direction };
  return [first, { id: 'asc' }];
}

/** A raw condition (trusted SQL with `?` parameters) as a filter. */
const sqlCondition = (sql: (alias: string) => string, params: unknown[]): FilterQuery<Task> => ({ [raw(sql, params)]: [] }) as unknown as FilterQuery<Task>;

/**
 * The rows after `position` in taskOrder's order (the same keys: rank of priority or status,
 * lower(title), dates with empty ones last, then id ascending). Dates and ids go through MikroORM's
 * filters (their values converted as the platform stores them), the computed keys as SQL with the
 * cursor's value put through the same expression; the key's own bound (`<=` / `>=`) is stated as well,
 * so the walk starts at the position in an index on the key.
 */
export function afterPosition(position: TaskPosition): FilterQuery<Task> {
  const { sortBy, key, id } = position;
  const before = position.sortOrder === 'desc';
  const op = before ? '<' : '>';
  if (sortBy === 'priority' || sortBy === 'status' || sortBy === 'title') {
    const expr = (column: string): string => (sortBy === 'title' ? `lower(${column})` : rankSql(column, sortBy === 'priority' ? PRIORITY_RANK : TASK_STATUSES));
    const value = key === null ? null : String(key);
    return {
      $or: [
        sqlCondition((a) => `${expr(`${a}.${sortBy}`)} ${op} ${expr('?')}`, [value]),
        { $and: [sqlCondition((a) => `${expr(`${a}.${sortBy}`)} = ${expr('?')}`, [value]), { id: { $gt: id } }] },
      ],
    } as FilterQuery<Task>;
  }
  const field = sortBy as 'dueDate' | 'scheduledDate' | 'updatedAt' | 'createdAt';
  if (key === null) return { [field]: null, id: { $gt: id } } as FilterQuery<Task>;
  const at = new Date(Number(key));
  const range = before ? { $lt: at } : { $gt: at };
  const nullable = field === 'dueDate' || field === 'scheduledDate';
  if (nullable) return { $or: [{ [field]: range }, { [field]: at, id: { $gt: id } }, { [field]: null }] } as FilterQuery<Task>;
  return { [field]: before ? { $lte: at } : { $gte: at }, $or: [{ [field]: range }, { id: { $gt: id } }] } as FilterQuery<Task>;
}
