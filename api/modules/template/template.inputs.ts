import { Field, Float, ID, InputType, Int } from 'type-graphql';
import { badInput } from '../../common/errors.js';
import * as v from '../../common/validate.js';
import { LIMITS, SUBTASK_STATUSES, DEFAULT_CATEGORY, DEFAULT_PRIORITY, type SubtaskStatusValue } from '../../../schema/domain/task-rules.js';

export interface TemplateSubtaskFields {
  title: string;
  description: string | null;
  status: SubtaskStatusValue;
  estimatedHours: number;
}

export interface TemplateFields {
  name?: string;
  title?: string;
  description?: string | null;
  project?: string | null;
  category?: string;
  priority?: string;
  estimatedHours?: number;
  tags?: string[];
  defaultAssigneeId?: string | null;
  /** Present: the template's subtasks are replaced by these. */
  subtasks?: TemplateSubtaskFields[];
}

export const MAX_TEMPLATE_SUBTASKS = 100;

/** Hours as the template form sends them: empty means 0; otherwise a number from 0. */
function hours(label: string, value: unknown): number {
  if (value === null || value === undefined || value === '') return 0;
  return v.decimal(label, v.numeric(value), 0, LIMITS.estimatedHoursMax);
}

function subtaskStatus(value: unknown): SubtaskStatusValue {
  if (value === null || value === undefined || value === '') return 'Not Started';
  const key = typeof value === 'string' ? value.trim().toLowerCase() : '';
  const found = key === 'completed' ? 'Done' : SUBTASK_STATUSES.find((s) => s.toLowerCase() === key);
  if (!found) throw badInput(`Subtask status must be one of: ${SUBTASK_STATUSES.join(', ')}`);
  return found;
}

function parseSubtasks(value: unknown): TemplateSubtaskFields[] {
  if (value === null) return [];
  if (!Array.isArray(value)) throw badInput('Subtasks must be a list');
  if (value.length > MAX_TEMPLATE_SUBTASKS) throw badInput(`A template can have at most ${MAX_TEMPLATE_SUBTASKS} subtasks`);
  return value.map((item: unknown, i) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) throw badInput(`Subtask ${i + 1} must be an object`);
    const s = item as Record<string, unknown>;
    return {
      title: v.requiredText('Subtask title', s.title, LIMITS.titleMax),
      description: v.optionalText('Subtask description', s.description, LIMITS.descriptionMax),
      status: subtaskStatus(s.status),
      estimatedHours: hours('Subtask estimated hours', s.estimatedHours),
    };
  });
}

/**
 * Parses a template payload (REST body or GraphQL input): name and title required; category dev and
 * priority medium by default; hours from 0 (empty is 0); 'unassigned' or empty assignee is none.
 */
export function parseTemplateFields(raw: Record<string, unknown>, mode: 'create' | 'update'): TemplateFields {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw badInput('Expected a JSON object with the template fields');
  const out: TemplateFields = {};
  const has = (k: string) => v.has(raw, k);
  if (mode === 'create' || has('name')) out.name = v.requiredText('Template name', raw.name, 200);
  if (mode === 'create' || has('title')) out.title = v.requiredText('Title', raw.title, LIMITS.titleMax);
  if (has('description')) out.description = v.optionalText('Description', raw.description, LIMITS.descriptionMax);
  if (has('project')) out.project = v.optionalText('Project', raw.project, 200);
  if (has('category')) out.category = v.optionalText('Category', raw.category, 100) ?? DEFAULT_CATEGORY;
  if (has('priority')) out.priority = v.optionalText('Priority', raw.priority, 100) ?? DEFAULT_PRIORITY;
  if (has('estimatedHours') || raw.estimatedHours === null) out.estimatedHours = hours('Estimated hours', raw.estimatedHours);
  if (has('tags')) out.tags = v.tagList('Tags', raw.tags, LIMITS.tagsMax, LIMITS.tagMax);
  if (has('defaultAssigneeId')) out.defaultAssigneeId = v.optionalId('Default assignee', raw.defaultAssigneeId);
  if (has('subtasks') || raw.subtasks === null) out.subtasks = parseSubtasks(raw.subtasks);
  return out;
}

@InputType()
export class TemplateSubtaskInput {
  @Field(() => String) title!: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, { nullable: true, description: 'Not Started (default), In Progress, Done or Blocked' }) status?: string | null;
  @Field(() => Float, { nullable: true }) estimatedHours?: number | null;
}

/** GraphQL input of createTaskTemplate / updateTaskTemplate; sending subtasks replaces them all. */
@InputType()
export class TaskTemplateInput {
  @Field(() => String, { nullable: true, description: 'Required on create' }) name?: string;
  @Field(() => String, { nullable: true, description: 'Required on create' }) title?: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, { nullable: true }) project?: string | null;
  @Field(() => String, { nullable: true }) category?: string | null;
  @Field(() => String, { nullable: true }) priority?: string | null;
  @Field(() => Float, { nullable: true }) estimatedHours?: number | null;
  @Field(() => [String], { nullable: true }) tags?: string[];
  @Field(() => ID, { nullable: true }) defaultAssigneeId?: string | null;
  @Field(() => [TemplateSubtaskInput], { nullable: true }) subtasks?: TemplateSubtaskInput[];
  @Field(() => Int, {
    nullable: true,
    description: 'On update: the version the change is based on (stale and changing a field changed since: CONFLICT). Absent: last write wins',
  })
  version?: number | null;
}
