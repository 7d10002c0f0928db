import { Field, ID, InputType, Int } from 'type-graphql';
import { badInput } from '../../common/errors.js';
import * as v from '../../common/validate.js';
import { DEFAULT_PROJECT_COLOR, PROJECT_PRIORITIES, PROJECT_STATUSES, PROJECT_TYPES, PROJECT_VISIBILITIES } from '../../../schema/domain/catalog.js';

export interface ProjectFields {
  name?: string;
  description?: string | null;
  charter?: string | null;
  color?: string;
  projectType?: string;
  visibility?: string;
  status?: string;
  priority?: string;
  progress?: number;
  projectManagerId?: string | null;
  functionId?: string | null;
  startDate?: Date | null;
  endDate?: Date | null;
  isActive?: boolean;
}

const lower = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/**
 * Parses a project payload (the pickers' {name}, the admin form's every field). Name required
 * ('Project name is required'), progress a whole number 0-100, colour #rrggbb, dates ISO.
 */
export function parseProjectFields(raw: Record<string, unknown>, mode: 'create' | 'update'): ProjectFields {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw badInput('Expected a JSON object with the project fields');
  const out: ProjectFields = {};
  const has = (k: string) => v.has(raw, k);
  if (mode === 'create' || has('name')) out.name = v.requiredText('Project name', raw.name, 200);
  if (has('description')) out.description = v.optionalText('Description', raw.description, 20_000);
  if (has('charter')) out.charter = v.optionalText('Charter', raw.charter, 20_000);
  if (has('color')) out.color = v.parseColor('Colour', raw.color, DEFAULT_PROJECT_COLOR)!;
  if (has('projectType') && raw.projectType !== null && raw.projectType !== '')
    out.projectType = v.oneOf('Project type', lower(raw.projectType), PROJECT_TYPES);
  if (has('visibility') && raw.visibility !== null && raw.visibility !== '')
    out.visibility = v.oneOf('Visibility', lower(raw.visibility), PROJECT_VISIBILITIES);
  if (has('status') && raw.status !== null && raw.status !== '') out.status = v.oneOf('Status', lower(raw.status), PROJECT_STATUSES);
  if (has('priority') && raw.priority !== null && raw.priority !== '') out.priority = v.oneOf('Priority', lower(raw.priority), PROJECT_PRIORITIES);
  if (has('progress') && raw.progress !== null && raw.progress !== '') out.progress = v.integer('Progress', v.numeric(raw.progress), 0, 100);
  if (has('projectManagerId')) out.projectManagerId = v.optionalId('Project manager', raw.projectManagerId);
  if (has('functionId')) out.functionId = v.optionalId('Primary function', raw.functionId);
  if (has('startDate')) out.startDate = v.optionalDate('Start date', raw.startDate);
  if (has('endDate')) out.endDate = v.optionalDate('End date', raw.endDate);
  if (has('isActive') && raw.isActive !== null) out.isActive = v.bool('Active', raw.isActive);
  return out;
}

/** GraphQL input of createProject / updateProject; dates 'yyyy-MM-dd' or ISO date-time. */
@InputType()
export class ProjectInput {
  @Field(() => String, { nullable: true, description: 'Required on create' }) name?: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, { nullable: true }) charter?: string | null;
  @Field(() => String, { nullable: true, description: '#rrggbb, default #3b82f6' }) color?: string | null;
  @Field(() => String, { nullable: true, description: 'team (default), cross-team or cross-department' }) projectType?: string;
  @Field(() => String, { nullable: true, description: 'members (default), explicit or department-heads' }) visibility?: string;
  @Field(() => String, { nullable: true, description: 'planning (default), active, on-hold, completed or cancelled' }) status?: string;
  @Field(() => String, { nullable: true, description: 'low, medium (default), high or critical' }) priority?: string;
  @Field(() => Int, { nullable: true, description: '0 to 100' }) progress?: number;
  @Field(() => ID, { nullable: true }) projectManagerId?: string | null;
  @Field(() => ID, { nullable: true, description: 'Only kept for cross-department projects' }) functionId?: string | null;
  @Field(() => String, { nullable: true }) startDate?: string | null;
  @Field(() => String, { nullable: true }) endDate?: string | null;
  @Field(() => Boolean, { nullable: true }) isActive?: boolean;
  @Field(() => Int, {
    nullable: true,
    description: 'On update: the version the change is based on (stale and changing a field changed since: CONFLICT). Absent: last write wins',
  })
  version?: number | null;
}
