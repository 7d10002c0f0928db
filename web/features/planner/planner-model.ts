import { boardColumn, COLUMN_TITLES, dayKey, DAILY_COLUMNS, type TaskColumnValue } from '../../../schema/domain/task-rules';
import type { TaskCard_TaskFragment, TaskColumn } from '../../gql/graphql';
import { timeZone } from '../../lib/apollo';
import { displayName } from '../../lib/auth';
import type { PlannerScope } from './planner.graphql';

export type PlannerTask = TaskCard_TaskFragment;

/** GraphQL column enum <-> the domain's column keys (schema/domain/task-rules.ts). */
export const COLUMN_KEY: Record<TaskColumn, TaskColumnValue> = {
  UNSCHEDULED: 'unscheduled',
  TODAY: 'today',
  PENDING: 'pending',
  PENDING_FROM_BEFORE: 'pendingFromBefore',
  COMPLETED: 'completed',
};
export const COLUMN_ENUM: Record<TaskColumnValue, TaskColumn> = {
  unscheduled: 'UNSCHEDULED',
  today: 'TODAY',
  pending: 'PENDING',
  pendingFromBefore: 'PENDING_FROM_BEFORE',
  completed: 'COMPLETED',
};

/** The daily board's columns, left to right, as GraphQL enum values. */
export const BOARD_COLUMNS: TaskColumn[] = DAILY_COLUMNS.map((c) => COLUMN_ENUM[c]);
export const columnTitle = (column: TaskColumn): string => COLUMN_TITLES[COLUMN_KEY[column]];

/** Today in the viewer's time zone, 'yyyy-MM-dd' (the zone the server derives columns in). */
export const todayKey = (now = new Date()): string => dayKey(now, timeZone);

/** A calendar day ('yyyy-MM-dd') moved by whole days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The calendar day of a stored date in the viewer's zone. */
export const taskDay = (iso: string): string => dayKey(new Date(iso), timeZone);

/** A yyyy-MM-dd day key, or null for anything else (an impossible date included). */
export function parseDayKey(value: string | null | undefined): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
}

/** The daily board's column of a task on `day`'s board (the derived placement with that day as today). */
export function columnOnDay(task: Pick<PlannerTask, 'status' | 'scheduledDate'>, day: string): TaskColumn {
  const [y, m, d] = day.split('-').map(Number);
  return COLUMN_ENUM[
    boardColumn({ status: task.status === 'DONE' ? 'Done' : 'Planned', scheduledDate: task.scheduledDate }, new Date(y, m - 1, d, 12), timeZone)
  ];
}

/**
 * Where a task lands after a move, for the optimistic answer; the server's answer replaces it.
 * `board` is the board's day when it is not today (the task's `column` is then its column on that day).
 */
export function movedTask(
  task: PlannerTask,
  input: { column: TaskColumn; scheduledTime?: string | null; scheduledDate?: string | null; day?: string | null },
  now = new Date(),
): PlannerTask {
  const next: PlannerTask = { ...task };
  const wasDone = task.status === 'DONE';
  const board = input.day ?? todayKey(now);
  if (input.scheduledDate) {
    next.scheduledDate = new Date(`${input.scheduledDate}T12:00:00Z`).toISOString();
    next.status = 'PLANNED';
  } else {
    switch (input.column) {
      case 'TODAY':
        if (task.column !== 'TODAY') next.scheduledDate = input.day ? `${input.day}T12:00:00.000Z` : now.toISOString();
        next.status = 'IN_PROGRESS';
        break;
      case 'COMPLETED':
        next.status = 'DONE';
        next.completedAt = now.toISOString();
        break;
      case 'UNSCHEDULED':
        next.scheduledDate = null;
        next.scheduledTime = null;
        next.status = 'NOT_STARTED';
        break;
      case 'PENDING':
        if (task.column !== 'PENDING') next.scheduledDate = `${addDays(board, 1)}T12:00:00.000Z`;
        next.status = 'NOT_STARTED';
        break;
      case 'PENDING_FROM_BEFORE':
        if (task.column !== 'PENDING_FROM_BEFORE') next.scheduledDate = `${addDays(board, -1)}T12:00:00.000Z`;
        next.status = 'NOT_STARTED';
        break;
    }
  }
  if (input.scheduledTime !== undefined && input.scheduledTime !== null) next.scheduledTime = input.scheduledTime;
  if (wasDone && next.status !== 'DONE') next.completedAt = null;
  const status = next.status === 'DONE' ? 'Done' : 'Planned';
  next.column = COLUMN_ENUM[boardColumn({ status, scheduledDate: next.scheduledDate }, now, timeZone)];
  next.updatedAt = now.toISOString();
  return next;
}

/** Case-insensitive match of title, description, project and tags (what the API's search matches). */
export function matchesSearch(task: PlannerTask, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [task.title, task.description ?? '', task.project ?? '', ...task.tags].some((text) => text.toLowerCase().includes(q));
}

/** The team-member filter's value for tasks without an assignee. */
export const UNASSIGNED = '__unassigned__';
export const ALL_MEMBERS = '';

export function matchesMember(task: PlannerTask, member: string): boolean {
  if (member === ALL_MEMBERS) return true;
  if (member === UNASSIGNED) return !task.assignedToId;
  return task.assignedToId === member;
}

/** The person filter's value for every task the viewer may read (a manager's or admin's wider scope). */
export const EVERYONE = '__everyone__';

/** The planner's scope from its address (`?scope=everyone`; anything else: the team). */
export const plannerScopeOf = (value: string | null): PlannerScope => (value === 'everyone' ? 'everyone' : 'team');

/**
 * 'All Team Members' plus the assignees of the loaded tasks, by display name ('Unassigned' last), and
 * 'Everyone' at the end when the viewer may widen the board past their team (`canSeeEveryone`).
 */
export function memberOptions(tasks: PlannerTask[], canSeeEveryone = false): { value: string; label: string }[] {
  const people = new Map<string, string>();
  let unassigned = false;
  for (const t of tasks) {
    if (!t.assignedToId) unassigned = true;
    else if (!people.has(t.assignedToId)) people.set(t.assignedToId, t.assignedTo ? displayName(t.assignedTo) : 'Unknown User');
  }
  const options = [...people].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  return [
    { value: ALL_MEMBERS, label: 'All Team Members' },
    ...options,
    ...(unassigned ? [{ value: UNASSIGNED, label: 'Unassigned' }] : []),
    ...(canSeeEveryone ? [{ value: EVERYONE, label: 'Everyone' }] : []),
  ];
}

/** Plain code-unit order: right for 'HH:mm' and ISO dates, and far cheaper than localeCompare on thousands of cards. */
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Card order inside a column: today's plan by time, completed newest first, others as loaded. */
export function sortForColumn(column: TaskColumn, tasks: PlannerTask[]): PlannerTask[] {
  if (column === 'TODAY') return [...tasks].sort((a, b) => byText(a.scheduledTime ?? '99:99', b.scheduledTime ?? '99:99'));
  if (column === 'COMPLETED') return [...tasks].sort((a, b) => byText(b.completedAt ?? '', a.completedAt ?? ''));
  if (column === 'PENDING') return [...tasks].sort((a, b) => byText(a.scheduledDate ?? '', b.scheduledDate ?? ''));
  if (column === 'PENDING_FROM_BEFORE') return [...tasks].sort((a, b) => byText(b.scheduledDate ?? '', a.scheduledDate ?? ''));
  return tasks;
}
