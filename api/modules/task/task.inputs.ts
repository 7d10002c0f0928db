import { Field, Float, ID, InputType, Int } from 'type-graphql';
import { badInput } from '../../common/errors.js';
import { RepeatPattern, TaskColumn, TaskStatus } from './task.enums.js';
import * as v from '../../common/validate.js';
import {
  LIMITS,
  REPEAT_PATTERNS,
  isTimeOfDay,
  TASK_COLUMNS,
  TASK_STATUSES,
  normalizeColumn,
  normalizeStatus,
  type RepeatPatternValue,
  type TaskColumnValue,
  type TaskStatusValue,
} from '../../../schema/domain/task-rules.js';

/** The task fields a client may set, parsed and typed. Absent keys mean "leave as is". */
export interface TaskFields {
  title?: string;
  description?: string | null;
  project?: string | null;
  category?: string;
  priority?: string;
  status?: TaskStatusValue;
  progress?: number;
  column?: TaskColumnValue;
  tags?: string[];
  dueDate?: Date | null;
  scheduledDate?: Date | null;
  scheduledTime?: string | null;
  estimatedHours?: number | null;
  assignedToId?: string | null;
  isRepeatable?: boolean;
  repeatPattern?: RepeatPatternValue | null;
  repeatInterval?: number;
  repeatEndDate?: Date | null;
}

/** Any payload shape: a REST JSON body or a GraphQL input object. Unknown keys are ignored. */
export type RawTaskInput = Record<string, unknown>;

export function parseStatus(value: unknown): TaskStatusValue {
  const status = typeof value === 'string' ? normalizeStatus(value) : null;
  if (!status) throw badInput(`Unknown status "${String(value)}". Use one of: ${TASK_STATUSES.join(', ')} (Completed means Done)`);
  return status;
}

export function parseColumn(value: unknown): TaskColumnValue {
  const column = typeof value === 'string' ? normalizeColumn(value) : null;
  if (!column) throw badInput(`Unknown column "${String(value)}". Use one of: ${TASK_COLUMNS.join(', ')}`);
  return column;
}

export function parseScheduledTime(value: unknown): string | null {
  if (value === null || value === '') return null;
  // 'HH:mm', or 'HH:mm:00' as some clients send it.
  const text = typeof value === 'string' ? value.trim().replace(/^(\d{2}:\d{2}):00$/, '$1') : '';
  if (!isTimeOfDay(text)) throw badInput('Scheduled time must be a time like 09:30 (24-hour HH:mm)');
  return text;
}

/**
 * Parses a task payload into typed fields with readable errors (one parser for REST and GraphQL).
 * On create the title is required; on update only the keys present are parsed.
 */
export function parseTaskFields(raw: RawTaskInput, mode: 'create' | 'update', problems?: v.Problems): TaskFields {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw badInput('Expected a JSON object with the task fields');
  const out: TaskFields = {};
  const has = (k: string) => v.has(raw, k);
  // Every bad field is reported, not just the first (the caller may add its own checks before throwing).
  const p = problems ?? new v.Problems();
  const set = <K extends keyof TaskFields>(key: K, parse: () => TaskFields[K]) => {
    const value = p.check(parse);
    if (value !== undefined) out[key] = value;
  };

  if (mode === 'create' || has('title')) set('title', () => v.requiredText('Title', raw.title, LIMITS.titleMax));
  if (has('description')) set('description', () => v.optionalText('Description', raw.description, LIMITS.descriptionMax));
  if (has('project')) set('project', () => v.optionalText('Project', raw.project, 200));
  if (has('category')) set('category', () => v.optionalText('Category', raw.category, 100) ?? undefined);
  if (has('priority')) set('priority', () => v.optionalText('Priority', raw.priority, 100) ?? undefined);
  if (has('status') && raw.status !== null) set('status', () => parseStatus(raw.status));
  if (has('progress') && raw.progress !== null) set('progress', () => v.integer('Progress', raw.progress, 0, 100));
  if (has('column') && raw.column !== null) set('column', () => parseColumn(raw.column));
  if (has('tags')) set('tags', () => v.tagList('Tags', raw.tags, LIMITS.tagsMax, LIMITS.tagMax));
  if (has('dueDate')) set('dueDate', () => v.optionalDate('Due date', raw.dueDate));
  if (has('scheduledDate')) set('scheduledDate', () => v.optionalDate('Scheduled date', raw.scheduledDate));
  if (has('scheduledTime')) set('scheduledTime', () => parseScheduledTime(raw.scheduledTime));
  if (has('estimatedHours')) {
    set('estimatedHours', () => (raw.estimatedHours === null ? null : v.decimal('Estimated hours', raw.estimatedHours, 0, LIMITS.estimatedHoursMax)));
  }
  if (has('assignedToId')) set('assignedToId', () => v.optionalId('Assignee', raw.assignedToId));
  if (has('isRepeatable') && raw.isRepeatable !== null) set('isRepeatable', () => v.bool('Repeatable', raw.isRepeatable));
  if (has('repeatPattern'))
    set('repeatPattern', () => (raw.repeatPattern === null || raw.repeatPattern === '' ? null : v.oneOf('Repeat pattern', raw.repeatPattern, REPEAT_PATTERNS)));
  if (has('repeatInterval') && raw.repeatInterval !== null)
    set('repeatInterval', () => v.integer('Repeat interval', raw.repeatInterval, 1, LIMITS.repeatIntervalMax));
  if (has('repeatEndDate')) set('repeatEndDate', () => v.optionalDate('Repeat end date', raw.repeatEndDate));
  if (!problems) p.throwIfAny();
  return out;
}

/** GraphQL input for createTask / updateTask; dates are 'yyyy-MM-dd' or ISO date-time strings. */
@InputType()
export class TaskInput {
  @Field(() => String, { nullable: true }) title?: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, { nullable: true, description: "The project's name" }) project?: string | null;
  @Field(() => String, { nullable: true }) category?: string;
  @Field(() => String, { nullable: true }) priority?: string;
  @Field(() => TaskStatus, { nullable: true }) status?: string;
  @Field(() => Int, { nullable: true }) progress?: number;
  @Field(() => TaskColumn, { nullable: true, description: 'Setting a different column moves the task' }) column?: string;
  @Field(() => [String], { nullable: true }) tags?: string[];
  @Field(() => String, { nullable: true }) dueDate?: string | null;
  @Field(() => String, { nullable: true }) scheduledDate?: string | null;
  @Field(() => String, { nullable: true, description: 'HH:mm, 24-hour' }) scheduledTime?: string | null;
  @Field(() => Float, { nullable: true }) estimatedHours?: number | null;
  @Field(() => ID, { nullable: true }) assignedToId?: string | null;
  @Field(() => Boolean, { nullable: true }) isRepeatable?: boolean;
  @Field(() => RepeatPattern, { nullable: true }) repeatPattern?: string | null;
  @Field(() => Int, { nullable: true }) repeatInterval?: number;
  @Field(() => String, { nullable: true }) repeatEndDate?: string | null;
  @Field(() => Int, {
    nullable: true,
    description: 'updateTask: the version the change is based on. Stale and changing a field changed since: CONFLICT, nothing stored. Absent: last write wins',
  })
  version?: number | null;
}

/** Filters of the tasks connection. */
@InputType()
export class TaskFilter {
  @Field(() => String, {
    nullable: true,
    description:
      "Whose tasks: mine (assigned to or created by the viewer), team (the viewer's and their direct reports'; a member's own), everyone (default: all the viewer may read). Only narrows what the viewer may read",
  })
  scope?: string;
  @Field(() => String, { nullable: true, description: 'Matches title, description, project and tags' }) search?: string;
  @Field(() => ID, { nullable: true }) assignedToId?: string;
  @Field(() => TaskStatus, { nullable: true }) status?: string;
  @Field(() => String, { nullable: true }) project?: string;
  @Field(() => String, { nullable: true }) category?: string;
  @Field(() => String, { nullable: true }) priority?: string;
  @Field(() => String, { nullable: true }) tag?: string;
  @Field(() => String, { nullable: true, description: 'Scheduled on or after (falls back to createdAt)' }) from?: string;
  @Field(() => String, { nullable: true, description: 'Scheduled on or before (falls back to createdAt)' }) to?: string;
  @Field(() => String, { nullable: true, description: 'with: tasks with time entries; without: tasks without any' }) timeSpent?: string;
  @Field(() => [ID], { nullable: true }) ids?: string[];
}

/** GraphQL input of moveTask: the board's drop, the pending-from-before actions and reschedule. */
@InputType()
export class MoveTaskInput {
  @Field(() => ID) taskId!: string;
  @Field(() => TaskColumn) column!: string;
  @Field(() => String, { nullable: true, description: 'HH:mm: dropped on a time slot' }) scheduledTime?: string | null;
  @Field(() => String, { nullable: true, description: 'Reschedule to this date (status becomes Planned)' }) scheduledDate?: string | null;
  @Field(() => Int, {
    nullable: true,
    description:
      'The version the move is based on. Stale while the task was placed elsewhere since (column, date, time or status changed): CONFLICT, nothing stored. Absent: last write wins',
  })
  version?: number | null;
  @Field(() => String, { nullable: true, description: "yyyy-MM-dd: the move is made on this day's board (Today's Plan schedules for it), not today's" }) day?:
    string | null;
}
