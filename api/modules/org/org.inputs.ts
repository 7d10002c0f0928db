import { Field, ID, InputType } from 'type-graphql';
import { badInput } from '../../common/errors.js';
import * as v from '../../common/validate.js';
import { DEFAULT_FUNCTION_COLOR, DEFAULT_TEAM_COLOR } from '../../../schema/domain/catalog.js';

export interface FunctionFields {
  name?: string;
  description?: string | null;
  color?: string;
  headId?: string | null;
  isActive?: boolean;
}

export interface TeamFields {
  name?: string;
  description?: string | null;
  functionId?: string;
  managerId?: string | null;
  color?: string;
  skillCategories?: string[];
  isActive?: boolean;
}

const asObject = (raw: unknown, what: string): Record<string, unknown> => {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw badInput(`Expected a JSON object with the ${what} fields`);
  return raw as Record<string, unknown>;
};

/** Parses a function payload: name required, colour default #3b82f6, optional head. */
export function parseFunctionFields(input: Record<string, unknown>, mode: 'create' | 'update'): FunctionFields {
  const raw = asObject(input, 'function');
  const has = (k: string) => v.has(raw, k);
  const out: FunctionFields = {};
  if (mode === 'create' || has('name')) out.name = v.requiredText('Function name', raw.name, 200);
  if (has('description')) out.description = v.optionalText('Description', raw.description, 20_000);
  if (has('color')) out.color = v.parseColor('Colour', raw.color, DEFAULT_FUNCTION_COLOR)!;
  if (has('headId')) out.headId = v.optionalId('Function head', raw.headId);
  if (has('isActive') && raw.isActive !== null) out.isActive = v.bool('Active', raw.isActive);
  return out;
}

/** Parses a team payload: name and function required ('Function is required'), colour default #6b7280. */
export function parseTeamFields(input: Record<string, unknown>, mode: 'create' | 'update'): TeamFields {
  const raw = asObject(input, 'team');
  const has = (k: string) => v.has(raw, k);
  const out: TeamFields = {};
  if (mode === 'create' || has('name')) out.name = v.requiredText('Team name', raw.name, 200);
  if (mode === 'create' || has('functionId') || raw.functionId === null) {
    const functionId = v.optionalId('Function', raw.functionId);
    if (!functionId) throw badInput('Function is required');
    out.functionId = functionId;
  }
  if (has('description')) out.description = v.optionalText('Description', raw.description, 20_000);
  if (has('managerId')) out.managerId = v.optionalId('Team manager', raw.managerId);
  if (has('color')) out.color = v.parseColor('Colour', raw.color, DEFAULT_TEAM_COLOR)!;
  if (has('skillCategories')) out.skillCategories = v.tagList('Skill categories', raw.skillCategories, 50, 100);
  if (has('isActive') && raw.isActive !== null) out.isActive = v.bool('Active', raw.isActive);
  return out;
}

@InputType()
export class FunctionInput {
  @Field(() => String, { nullable: true, description: 'Required on create' }) name?: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, { nullable: true, description: '#rrggbb, default #3b82f6' }) color?: string | null;
  @Field(() => ID, { nullable: true, description: 'An active function head or admin' }) headId?: string | null;
  @Field(() => Boolean, { nullable: true }) isActive?: boolean;
}

@InputType()
export class TeamInput {
  @Field(() => String, { nullable: true, description: 'Required on create' }) name?: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => ID, { nullable: true, description: 'An active function; required on create' }) functionId?: string;
  @Field(() => ID, { nullable: true, description: 'An active manager, function head or admin' }) managerId?: string | null;
  @Field(() => String, { nullable: true, description: '#rrggbb, default #6b7280' }) color?: string | null;
  @Field(() => [String], { nullable: true }) skillCategories?: string[];
  @Field(() => Boolean, { nullable: true }) isActive?: boolean;
}
