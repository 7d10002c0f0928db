import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { badInput } from '../../common/errors.js';
import * as v from '../../common/validate.js';
import { LIMITS } from '../../../schema/domain/task-rules.js';
import type { User } from '../user/user.entity.js';
import type { Task } from './task.entity.js';
import type { TaskQuery } from './task.filter.js';
import { parseSortOrder, TASK_SORT_FIELDS, type TaskSortField } from './task.order.js';
import { listTasks } from './task.query.js';

/** The listing's columns a CSV may carry, with their header labels (the saved views' column names). */
export const EXPORT_COLUMNS = {
  title: 'Title',
  status: 'Status',
  priority: 'Priority',
  assignedTo: 'Assigned To',
  project: 'Project',
  dueDate: 'Due Date',
  category: 'Category',
  tags: 'Tags',
  scheduledDate: 'Scheduled Date',
  estimatedHours: 'Estimated Hours',
  progress: 'Progress',
  createdBy: 'Created By',
  createdAt: 'Created At',
  updatedAt: 'Updated At',
  description: 'Description',
} as const;
export type ExportColumn = keyof typeof EXPORT_COLUMNS;
export const DEFAULT_EXPORT_COLUMNS: ExportColumn[] = ['title', 'status', 'priority', 'assignedTo', 'project', 'dueDate'];

/** Parses a comma-separated column list (empty: the default columns). BAD_USER_INPUT for an unknown one. */
export function parseExportColumns(value: unknown): ExportColumn[] {
  const text = v.optionalText('Columns', value, 1000);
  if (!text) return DEFAULT_EXPORT_COLUMNS;
  const columns = [
    ...new Set(
      text
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = columns.find((c) => !Object.hasOwn(EXPORT_COLUMNS, c));
  if (unknown) throw badInput(`Unknown column "${unknown}". Use: ${Object.keys(EXPORT_COLUMNS).join(', ')}`);
  return columns.length ? (columns as ExportColumn[]) : DEFAULT_EXPORT_COLUMNS;
}

const personName = (user: User | null | undefined): string => (user ? `${user.firstName} ${user.lastName}`.trim() || user.username : '');
const day = (date: Date | null): string => (date ? date.toISOString().slice(0, 10) : '');

/** One task's cell of a column, as the listing's export writes it (`users`: the people its fields name, by id). */
export function cellValue(task: Task, column: ExportColumn, users: Map<string, User | null>): string {
  switch (column) {
    case 'assignedTo':
      return task.assignedToId ? personName(users.get(task.assignedToId)) || 'Unknown User' : 'Unassigned';
    case 'createdBy':
      return task.createdById ? personName(users.get(task.createdById)) || 'Unknown User' : '';
    case 'dueDate':
    case 'scheduledDate':
      return day(task[column]);
    case 'createdAt':
    case 'updatedAt':
      return task[column].toISOString();
    case 'tags':
      return task.tags.join(', ');
    case 'estimatedHours':
      return task.estimatedHours === null ? '' : String(task.estimatedHours);
    case 'progress':
      return String(task.progress);
    default:
      return task[column] ?? '';
  }
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break; a value starting with
 * = + - @ (or a tab or carriage return) gets a leading ' so spreadsheets do not run it as a formula.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV row (csvCell for each cell), CRLF-terminated. */
export const csvLine = (cells: string[]): string => `${cells.map(csvCell).join(',')}\r\n`;

export interface ExportRequest {
  query: TaskQuery;
  sortBy?: string | null;
  sortOrder?: string | null;
  columns: ExportColumn[];
}

/**
 * Writes the CSV of exactly the tasks the listing shows for these filters and sort (within what the
 * actor may read), with a header row, page by page through the same list function as the listing
 * (a few statements per page of 500). Throws BAD_USER_INPUT on a bad filter, sort or column before
 * anything is written.
 */
export async function exportTasksCsv(ctx: ServiceContext, request: ExportRequest, write: (chunk: string) => void | Promise<void>): Promise<number> {
  requireActor(ctx);
  const sortBy = (request.sortBy || 'updatedAt') as TaskSortField;
  if (!TASK_SORT_FIELDS.includes(sortBy)) throw badInput(`Sort by one of: ${TASK_SORT_FIELDS.join(', ')}`);
  const sortOrder = parseSortOrder(request.sortOrder);
  const page = { first: LIMITS.pageMax, sortBy, sortOrder } as const;
  let result = await listTasks(ctx, request.query, { ...page, offset: 0 });
  await write(`\uFEFF${csvLine(request.columns.map((c) => EXPORT_COLUMNS[c]))}`);
  let written = 0;
  const wantsPeople = request.columns.includes('assignedTo') || request.columns.includes('createdBy');
  for (;;) {
    const users = new Map<string, User | null>();
    if (wantsPeople) {
      const ids = [...new Set(result.items.flatMap((t) => [t.assignedToId, t.createdById]).filter((id): id is string => !!id))];
      const loaded = await ctx.loaders.user.loadMany(ids);
      ids.forEach((id, i) => users.set(id, loaded[i] instanceof Error ? null : (loaded[i] as User | null)));
    }
    let chunk = '';
    for (const task of result.items) chunk += csvLine(request.columns.map((c) => cellValue(task, c, users)));
    if (chunk) await write(chunk);
    written += result.items.length;
    if (result.items.length < LIMITS.pageMax || written >= result.totalCount) break;
    ctx.em.clear();
    result = await listTasks(ctx, request.query, { ...page, offset: written, totalCount: result.totalCount });
  }
  return written;
}
