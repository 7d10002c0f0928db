import { format, isValid, parseISO } from 'date-fns';
import { COLUMN_TITLES, type TaskColumnValue } from '../../../schema/domain/task-rules';
import type { RepeatPattern, TaskColumn, TaskStatus } from '../../gql/graphql';

/** Task statuses as the details form shows them (Done reads 'Completed' in task details). */
export const STATUS_OPTIONS: { value: TaskStatus; label: string }[] = [
  { value: 'NOT_STARTED', label: 'Not Started' },
  { value: 'PLANNED', label: 'Planned' },
  { value: 'IN_PROGRESS', label: 'In Progress' },
  { value: 'BLOCKED', label: 'Blocked' },
  { value: 'DEFERRED', label: 'Deferred' },
  { value: 'DONE', label: 'Completed' },
];

export const statusLabel = (status: TaskStatus | null | undefined): string => STATUS_OPTIONS.find((s) => s.value === status)?.label ?? 'Planned';

const COLUMN_KEYS: Record<TaskColumn, TaskColumnValue> = {
  UNSCHEDULED: 'unscheduled',
  TODAY: 'today',
  PENDING: 'pending',
  PENDING_FROM_BEFORE: 'pendingFromBefore',
  COMPLETED: 'completed',
};

/** The columns a task can be sent to from the Settings tab of the details dialog. */
export const COLUMN_OPTIONS: { value: TaskColumn; label: string }[] = (['UNSCHEDULED', 'TODAY', 'PENDING', 'COMPLETED'] as const).map((value) => ({
  value,
  label: COLUMN_TITLES[COLUMN_KEYS[value]],
}));

export const columnLabel = (column: TaskColumn): string => COLUMN_TITLES[COLUMN_KEYS[column]];

export const REPEAT_OPTIONS: { value: RepeatPattern; label: string }[] = [
  { value: 'DAILY', label: 'Daily' },
  { value: 'WEEKLY', label: 'Weekly' },
  { value: 'MONTHLY', label: 'Monthly' },
];

/** Subtask statuses: Not Started is the default. */
export const SUBTASK_STATUS_OPTIONS = ['Not Started', 'In Progress', 'Done', 'Blocked'] as const;

/** An ISO instant as the value of a date input (the viewer's calendar day), or ''. */
export function toDateInput(value: string | null | undefined): string {
  if (!value) return '';
  const date = parseISO(value);
  return isValid(date) ? format(date, 'yyyy-MM-dd') : '';
}

/** 'Jan 31, 2026' */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const date = parseISO(value);
  return isValid(date) ? format(date, 'MMM d, yyyy') : '';
}

/** 'Jan 31, 2026, 3:05 PM' */
export function formatStamp(value: string | null | undefined): string {
  if (!value) return '';
  const date = parseISO(value);
  return isValid(date) ? format(date, 'MMM d, yyyy, h:mm a') : '';
}

const PRIORITY_TONES: Record<string, 'green' | 'blue' | 'orange' | 'red'> = { low: 'green', medium: 'blue', high: 'orange', critical: 'red' };
/** Badge tone of a priority key (unknown priorities use the medium style). */
export const priorityTone = (priority: string | null | undefined) => PRIORITY_TONES[(priority ?? '').toLowerCase()] ?? 'blue';
