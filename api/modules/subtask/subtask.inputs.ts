import { Field, Float, ID, InputType, Int } from 'type-graphql';
import { badInput } from '../../common/errors.js';
import * as v from '../../common/validate.js';
import { LIMITS, SUBTASK_STATUSES, type SubtaskStatusValue } from '../../../schema/domain/task-rules.js';

/** The subtask fields a client may set, parsed and typed. Absent keys mean "leave as is". */
export interface SubtaskFields {
  title?: string;
  description?: string | null;
  assignedToId?: string | null;
  status?: SubtaskStatusValue;
  dueDate?: Date | null;
  estimatedHours?: number;
  comments?: string | null;
  tags?: string[];
}

/** The fields the audit log compares for a subtask. */
export const SUBTASK_AUDIT_FIELDS = ['title', 'description', 'assignedToId', 'status', 'dueDate', 'estimatedHours', 'comments', 'tags'] as const;

/** A subtask status in any case; 'Completed' means Done. */
export function parseSubtaskStatus(value: unknown): SubtaskStatusValue {
  const key =
    typeof value === 'string'
      ? value
          .trim()
          .toLowerCase()
          .replace(/[\s_-]+/g, ' ')
      : '';
  if (key === 'completed' || key === 'complete') return 'Done';
  const found = SUBTASK_STATUSES.find((s) => s.toLowerCase() === key);
  if (!found) throw badInput(`Unknown subtask status "${String(value)}". Use one of: ${SUBTASK_STATUSES.join(', ')}`);
  return found;
}

/**
 * Parses a subtask payload (REST body or GraphQL input) with readable errors. On create the title
 * is required; on update only the keys present are parsed. Unknown keys (id, taskId...) are ignored.
 */
export function parseSubtaskFields(raw: unknown, mode: 'create' | 'update'): SubtaskFields {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw badInput('Expected a JSON object with the subtask fields');
  const input = raw as Record<string, unknown>;
  const has = (k: string) => v.has(input, k);
  const out: SubtaskFields = {};
  if (mode === 'create' || has('title')) out.title = v.requiredText('Title', input.title, LIMITS.titleMax);
  if (has('description')) out.description = v.optionalText('Description', input.description, LIMITS.descriptionMax);
  if (has('assignedToId')) out.assignedToId = v.optionalId('Assignee', input.assignedToId);
  if (has('status') && input.status !== null) out.status = parseSubtaskStatus(input.status);
  if (has('dueDate')) out.dueDate = v.optionalDate('Due date', input.dueDate);
  if (has('estimatedHours')) {
    out.estimatedHours =
      input.estimatedHours === null || input.estimatedHours === '' ? 0 : v.decimal('Estimated hours', input.estimatedHours, 0, LIMITS.estimatedHoursMax);
  }
  if (has('comments')) out.comments = v.optionalText('Notes', input.comments, LIMITS.descriptionMax);
  if (has('tags')) out.tags = v.tagList('Tags', input.tags, LIMITS.tagsMax, LIMITS.tagMax);
  return out;
}

/** GraphQL input of createSubtask / updateSubtask (on update, omitted fields stay as they are). */
@InputType()
export class SubtaskInput {
  @Field(() => String, { nullable: true, description: 'Required on create' }) title?: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => ID, { nullable: true, description: 'null for unassigned' }) assignedToId?: string | null;
  @Field(() => String, { nullable: true, description: 'Not Started (default), In Progress, Done or Blocked' }) status?: string;
  @Field(() => String, { nullable: true, description: 'yyyy-MM-dd or an ISO date-time' }) dueDate?: string | null;
  @Field(() => Float, { nullable: true, description: 'Hours, 0 or more' }) estimatedHours?: number | null;
  @Field(() => String, { nullable: true, description: 'Free-text notes' }) comments?: string | null;
  @Field(() => [String], { nullable: true }) tags?: string[];
  @Field(() => Int, {
    nullable: true,
    description: 'On update: the version the change is based on (stale and changing a field changed since: CONFLICT). Absent: last write wins',
  })
  version?: number | null;
}
