import { Field, ID, InputType } from 'type-graphql';
import { badInput } from '../../common/errors.js';
import * as v from '../../common/validate.js';
import type { TaskViewFilters } from './view.entity.js';
import { TIME_SPENT_FILTERS, type TimeSpentFilter } from '../../../schema/domain/task-rules.js';

export const VIEW_COLUMNS = [
  'title',
  'status',
  'priority',
  'assignedTo',
  'project',
  'dueDate',
  'category',
  'tags',
  'scheduledDate',
  'estimatedHours',
  'progress',
  'createdBy',
  'createdAt',
  'updatedAt',
  'description',
  'timeSpent',
] as const;
export const DEFAULT_VIEW_COLUMNS = ['title', 'status', 'priority', 'assignedTo', 'project', 'dueDate'];
export const VIEW_SORT_FIELDS = ['title', 'status', 'priority', 'dueDate', 'updatedAt', 'createdAt'] as const;
export const VIEW_SORT_ORDERS = ['asc', 'desc'] as const;
const FILTER_LISTS = ['projects', 'statuses', 'tags', 'assignees', 'categories', 'priorities'] as const;

export interface TaskViewFields {
  name?: string;
  description?: string | null;
  filters?: TaskViewFilters;
  columns?: string[];
  sortBy?: string;
  sortOrder?: string;
  isPublic?: boolean;
  sharedWith?: string[];
}

/** A list of ids (a single id is accepted as a list of one). */
export function idList(label: string, value: unknown, max: number): string[] {
  if (value === null || value === undefined || value === '') return [];
  const list = Array.isArray(value) ? value : [value];
  if (list.length > max) throw badInput(`${label}: at most ${max} allowed`);
  return [...new Set(list.map((item) => v.id(label, item)))];
}

function dateText(label: string, value: unknown): string | null {
  const date = v.optionalDate(label, value);
  return date ? String(value).trim() : null;
}

/** Parses saved-view filters: lists of text (a single value is a list of one), a date range, a search text. */
export function parseFilters(value: unknown): TaskViewFilters {
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw badInput('Filters must be an object');
  const raw = value as Record<string, unknown>;
  const out: TaskViewFilters = {};
  for (const key of FILTER_LISTS) {
    if (raw[key] === undefined || raw[key] === null) continue;
    out[key] = key === 'assignees' ? idList('Assignee filter', raw[key], 100) : v.tagList(`Filter ${key}`, raw[key], 100, 200);
  }
  if (raw.dateRange !== undefined && raw.dateRange !== null) {
    if (typeof raw.dateRange !== 'object' || Array.isArray(raw.dateRange)) throw badInput('The date range must be an object with start and end');
    const range = raw.dateRange as Record<string, unknown>;
    const start = dateText('Date range start', range.start);
    const end = dateText('Date range end', range.end);
    if (start && end && v.optionalDate('', start)! > v.optionalDate('', end)!) throw badInput('The date range must start on or before its end');
    out.dateRange = { start, end };
  }
  if (raw.search !== undefined) out.search = v.optionalText('Search', raw.search, 500);
  if (raw.timeSpent !== undefined) {
    const timeSpent = v.optionalText('Time spent', raw.timeSpent, 20);
    if (timeSpent && !TIME_SPENT_FILTERS.includes(timeSpent as TimeSpentFilter)) throw badInput(`Time spent must be one of: ${TIME_SPENT_FILTERS.join(', ')}`);
    out.timeSpent = timeSpent;
  }
  return out;
}

/** Parses a saved view payload: name required (trimmed), known columns and sort fields. */
export function parseTaskViewFields(raw: Record<string, unknown>, mode: 'create' | 'update'): TaskViewFields {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw badInput('Expected a JSON object with the view fields');
  const out: TaskViewFields = {};
  const has = (k: string) => v.has(raw, k);
  if (mode === 'create' || has('name')) out.name = v.requiredText('View name', raw.name, 200);
  if (has('description')) out.description = v.optionalText('Description', raw.description, 2000);
  if (has('filters')) out.filters = parseFilters(raw.filters);
  if (has('columns')) {
    const columns = v.tagList('Columns', raw.columns, VIEW_COLUMNS.length, 50);
    const unknown = columns.find((c) => !(VIEW_COLUMNS as readonly string[]).includes(c));
    if (unknown) throw badInput(`Unknown column "${unknown}". Use: ${VIEW_COLUMNS.join(', ')}`);
    out.columns = columns.length ? columns : DEFAULT_VIEW_COLUMNS;
  }
  if (has('sortBy') && raw.sortBy !== null && raw.sortBy !== '') out.sortBy = v.oneOf('Sort by', raw.sortBy, VIEW_SORT_FIELDS);
  if (has('sortOrder') && raw.sortOrder !== null && raw.sortOrder !== '')
    out.sortOrder = v.oneOf('Sort order', typeof raw.sortOrder === 'string' ? raw.sortOrder.toLowerCase() : raw.sortOrder, VIEW_SORT_ORDERS);
  if (has('isPublic') && raw.isPublic !== null) out.isPublic = v.bool('Public', raw.isPublic);
  if (has('sharedWith')) out.sharedWith = idList('Shared with', raw.sharedWith, 500);
  return out;
}

@InputType()
export class TaskViewDateRangeInput {
  @Field(() => String, { nullable: true }) start?: string | null;
  @Field(() => String, { nullable: true }) end?: string | null;
}

@InputType()
export class TaskViewFiltersInput {
  @Field(() => [String], { nullable: true }) projects?: string[];
  @Field(() => [String], { nullable: true }) statuses?: string[];
  @Field(() => [String], { nullable: true }) tags?: string[];
  @Field(() => [ID], { nullable: true }) assignees?: string[];
  @Field(() => [String], { nullable: true }) categories?: string[];
  @Field(() => [String], { nullable: true }) priorities?: string[];
  @Field(() => TaskViewDateRangeInput, { nullable: true }) dateRange?: TaskViewDateRangeInput | null;
  @Field(() => String, { nullable: true }) search?: string | null;
  @Field(() => String, { nullable: true, description: 'with or without time entries' }) timeSpent?: string | null;
}

/** GraphQL input of createTaskView / updateTaskView. */
@InputType()
export class TaskViewInput {
  @Field(() => String, { nullable: true, description: 'Required on create' }) name?: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => TaskViewFiltersInput, { nullable: true }) filters?: TaskViewFiltersInput | null;
  @Field(() => [String], { nullable: true, description: 'Default title, status, priority, assignedTo, project, dueDate' }) columns?: string[];
  @Field(() => String, { nullable: true, description: 'title, status, priority, dueDate, updatedAt (default), createdAt' }) sortBy?: string;
  @Field(() => String, { nullable: true, description: 'asc or desc (default)' }) sortOrder?: string;
  @Field(() => Boolean, { nullable: true }) isPublic?: boolean;
  @Field(() => [ID], { nullable: true }) sharedWith?: string[];
}

/** GraphQL input of shareTaskView. */
@InputType()
export class ShareTaskViewInput {
  @Field(() => Boolean, { nullable: true }) isPublic?: boolean;
  @Field(() => [ID], { nullable: true }) sharedWith?: string[];
}
