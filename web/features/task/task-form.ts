import { parseTags } from '../../../schema/domain/task-rules';
import type { RepeatPattern, TaskColumn, TaskDetails_TaskFragment, TaskInput, TaskStatus } from '../../gql/graphql';
import { toDateInput } from './task-labels';

/** The task form's values: text inputs hold text, '' means empty. */
export interface TaskFormValues {
  title: string;
  description: string;
  project: string;
  category: string;
  priority: string;
  assignedToId: string;
  dueDate: string;
  scheduledDate: string;
  scheduledTime: string;
  estimatedHours: string;
  isRepeatable: boolean;
  repeatPattern: RepeatPattern;
  repeatInterval: string;
  repeatEndDate: string;
  status: TaskStatus;
  progress: number;
  tags: string;
  column: TaskColumn;
}

/** The New Task dialog's defaults: category Dev, priority Medium, status Planned, progress 0, column unscheduled (today with a scheduled time), not repeatable, daily every 1, assigned to the viewer. */
export function newTaskValues(
  viewerId: string,
  defaults?: { scheduledTime?: string; scheduledDate?: string; column?: 'unscheduled' | 'today' },
): TaskFormValues {
  const today = defaults?.column === 'today' || Boolean(defaults?.scheduledTime);
  return {
    title: '',
    description: '',
    project: '',
    category: 'dev',
    priority: 'medium',
    assignedToId: viewerId,
    dueDate: '',
    scheduledDate: defaults?.scheduledDate ?? '',
    scheduledTime: defaults?.scheduledTime ?? '',
    estimatedHours: '',
    isRepeatable: false,
    repeatPattern: 'DAILY',
    repeatInterval: '1',
    repeatEndDate: '',
    status: 'PLANNED',
    progress: 0,
    tags: '',
    column: today ? 'TODAY' : 'UNSCHEDULED',
  };
}

/** The form values of an existing task. */
export function taskValues(task: TaskDetails_TaskFragment): TaskFormValues {
  return {
    title: task.title,
    description: task.description ?? '',
    project: task.project ?? '',
    category: task.category,
    priority: task.priority,
    assignedToId: task.assignedToId ?? '',
    dueDate: toDateInput(task.dueDate),
    scheduledDate: toDateInput(task.scheduledDate),
    scheduledTime: task.scheduledTime ?? '',
    estimatedHours: task.estimatedHours === null || task.estimatedHours === undefined ? '' : String(task.estimatedHours),
    isRepeatable: task.isRepeatable,
    repeatPattern: task.repeatPattern ?? 'DAILY',
    repeatInterval: String(task.repeatInterval || 1),
    repeatEndDate: toDateInput(task.repeatEndDate),
    status: task.status,
    progress: task.progress,
    tags: task.tags.join(', '),
    column: task.column,
  };
}

/** Progress text: 0-100, non-numeric becomes 0. */
export function clampProgress(value: unknown): number {
  const n = Math.round(Number(value));
  if (!Number.isFinite(n)) return 0;
  return Math.max(0, Math.min(100, n));
}

/** Repeat interval: a whole number of at least 1, falling back to 1. */
export function repeatInterval(value: string): number {
  const n = Math.floor(Number(value));
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

function hours(value: string): number | null {
  if (value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

const text = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** Every field as the API takes it; null for empty. */
function allFields(values: TaskFormValues): Required<{ [K in keyof TaskFormValues]: TaskInput[keyof TaskInput] }> {
  return {
    title: values.title.trim(),
    description: text(values.description),
    project: text(values.project),
    category: values.category,
    priority: values.priority,
    assignedToId: values.assignedToId || null,
    dueDate: text(values.dueDate),
    scheduledDate: text(values.scheduledDate),
    scheduledTime: text(values.scheduledTime),
    estimatedHours: hours(values.estimatedHours),
    isRepeatable: values.isRepeatable,
    repeatPattern: values.repeatPattern,
    repeatInterval: repeatInterval(values.repeatInterval),
    repeatEndDate: text(values.repeatEndDate),
    status: values.status,
    progress: clampProgress(values.progress),
    tags: parseTags(values.tags),
    column: values.column,
  };
}

/** The create payload: empty optional fields are omitted. */
export function createInput(values: TaskFormValues): TaskInput {
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(allFields(values))) {
    if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    input[key] = value;
  }
  return input as TaskInput;
}

/**
 * The update payload: only the fields the person changed. A field emptied on purpose is sent as
 * null (cleared); fields left empty are omitted.
 */
export function updateInput(values: TaskFormValues, dirty: Partial<Record<keyof TaskFormValues, unknown>>): TaskInput {
  const fields = allFields(values);
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(dirty) as (keyof TaskFormValues)[]) {
    if (!dirty[key]) continue;
    if (key === 'title' && !fields.title) continue;
    input[key] = fields[key];
  }
  return input as TaskInput;
}
