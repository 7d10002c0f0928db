import type { ListingRow_TaskFragment, TaskFilter, TaskStatus } from '../../gql/graphql';

/** The listing's sort fields (default updatedAt, descending) and columns (saved views' column names). */
export const SORT_FIELDS = [
  { value: 'updatedAt', label: 'Updated' },
  { value: 'createdAt', label: 'Created' },
  { value: 'title', label: 'Title' },
  { value: 'status', label: 'Status' },
  { value: 'priority', label: 'Priority' },
  { value: 'dueDate', label: 'Due date' },
] as const;
export type SortField = (typeof SORT_FIELDS)[number]['value'];

export const COLUMN_LABELS: Record<string, string> = {
  title: 'Title',
  status: 'Status',
  priority: 'Priority',
  assignedTo: 'Assigned To',
  project: 'Project',
  dueDate: 'Due Date',
  category: 'Category',
  tags: 'Tags',
  scheduledDate: 'Scheduled',
  estimatedHours: 'Hours',
  progress: 'Progress',
  createdBy: 'Created By',
  createdAt: 'Created',
  updatedAt: 'Updated',
  description: 'Description',
  timeSpent: 'Spent',
};

/** Columns the CSV export does not carry (time has its own export: Time entries as CSV). */
const NOT_EXPORTED = new Set(['timeSpent']);

/** The Spent filter: tasks with time entries, or without any. */
export const SPENT_OPTIONS = [
  { value: 'with', label: 'With time spent' },
  { value: 'without', label: 'No time spent' },
];
export const DEFAULT_COLUMNS = ['title', 'status', 'priority', 'assignedTo', 'project', 'dueDate'];

/** The listing's state, all of it in the URL (a copied link opens the same listing; Back works). */
export interface ListingState {
  q: string;
  project: string;
  status: string;
  tag: string;
  assignee: string;
  category: string;
  priority: string;
  from: string;
  to: string;
  spent: string;
  sort: SortField;
  order: 'asc' | 'desc';
  layout: 'table' | 'cards';
  view: string;
  cols: string[];
}

export const FILTER_KEYS = ['project', 'status', 'tag', 'assignee', 'category', 'priority', 'from', 'to', 'spent'] as const;

export function readState(params: URLSearchParams): ListingState {
  const get = (k: string) => params.get(k)?.trim() ?? '';
  const sort = SORT_FIELDS.some((s) => s.value === get('sort')) ? (get('sort') as SortField) : 'updatedAt';
  const cols = get('cols')
    .split(',')
    .filter((c) => c in COLUMN_LABELS);
  return {
    q: params.get('q') ?? '',
    project: get('project'),
    status: get('status'),
    tag: get('tag'),
    assignee: get('assignee'),
    category: get('category'),
    priority: get('priority'),
    from: get('from'),
    to: get('to'),
    spent: SPENT_OPTIONS.some((o) => o.value === get('spent')) ? get('spent') : '',
    sort,
    order: get('order') === 'asc' ? 'asc' : 'desc',
    layout: get('layout') === 'cards' ? 'cards' : 'table',
    view: get('view'),
    cols: cols.length ? cols : DEFAULT_COLUMNS,
  };
}

/** The URL parameters of a state (defaults left out, so links stay short). */
export function writeState(state: ListingState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.q.trim()) out.set('q', state.q);
  for (const k of FILTER_KEYS) if (state[k]) out.set(k, state[k]);
  if (state.sort !== 'updatedAt') out.set('sort', state.sort);
  if (state.order !== 'desc') out.set('order', state.order);
  if (state.layout !== 'table') out.set('layout', state.layout);
  if (state.view) out.set('view', state.view);
  if (state.cols.join(',') !== DEFAULT_COLUMNS.join(',')) out.set('cols', state.cols.join(','));
  return out;
}

/** The tasks connection's filter for a state. */
export function toFilter(state: ListingState): TaskFilter {
  const f: TaskFilter = {};
  if (state.q.trim()) f.search = state.q.trim();
  if (state.project) f.project = state.project;
  if (state.status) f.status = state.status as TaskStatus;
  if (state.tag) f.tag = state.tag;
  if (state.assignee) f.assignedToId = state.assignee;
  if (state.category) f.category = state.category;
  if (state.priority) f.priority = state.priority;
  if (state.from) f.from = state.from;
  if (state.to) f.to = state.to;
  if (state.spent) f.timeSpent = state.spent;
  return f;
}

/** The export URL: the same filters and sort as the listing, the view's columns. */
export function exportUrl(state: ListingState): string {
  const f = toFilter(state);
  const params = new URLSearchParams();
  const set = (k: string, value: unknown) => typeof value === 'string' && value && params.set(k, value);
  set('search', f.search);
  set('project', f.project);
  set('status', f.status === 'DONE' ? 'Done' : f.status ? STATUS_TEXT[f.status] : undefined);
  set('tag', f.tag);
  set('assignedToId', f.assignedToId);
  set('category', f.category);
  set('priority', f.priority);
  set('from', f.from);
  set('to', f.to);
  set('timeSpent', f.timeSpent);
  params.set('sortBy', state.sort);
  params.set('sortOrder', state.order);
  params.set('columns', state.cols.filter((c) => !NOT_EXPORTED.has(c)).join(','));
  return `/api/tasks/export.csv?${params}`;
}

const STATUS_TEXT: Record<TaskStatus, string> = {
  NOT_STARTED: 'Not Started',
  PLANNED: 'Planned',
  IN_PROGRESS: 'In Progress',
  BLOCKED: 'Blocked',
  DEFERRED: 'Deferred',
  DONE: 'Done',
};

/**
 * Whether a task (as it is now in the cache) still matches the listing's filters: a task changed
 * elsewhere that stops matching leaves the list at once (the date range is left to the server).
 */
export function stillMatches(task: ListingRow_TaskFragment, state: ListingState): boolean {
  const lower = (v: string | null | undefined) => (v ?? '').toLowerCase();
  if (state.status && task.status !== state.status) return false;
  if (state.project && task.project !== state.project) return false;
  if (state.category && task.category !== state.category) return false;
  if (state.priority && task.priority !== state.priority) return false;
  if (state.assignee && (state.assignee === 'unassigned' ? task.assignedToId !== null : task.assignedToId !== state.assignee)) return false;
  if (state.tag && !task.tags.some((t) => lower(t) === lower(state.tag))) return false;
  const q = lower(state.q.trim());
  if (q && ![task.title, task.description, task.project, JSON.stringify(task.tags)].some((v) => lower(v).includes(q))) return false;
  return true;
}
