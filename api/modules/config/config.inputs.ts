import { Field, InputType, Int } from 'type-graphql';
import { badInput } from '../../common/errors.js';
import * as v from '../../common/validate.js';

export interface SystemConfigFields {
  configType?: string;
  configKey?: string;
  displayLabel?: string;
  color?: string | null;
  isActive?: boolean;
  value?: string | null;
  sortOrder?: number;
}

export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields.';

function required(value: unknown, max: number, label: string): string {
  const text = typeof value === 'string' ? v.plainText(label, value).trim() : '';
  if (!text) throw badInput(REQUIRED_FIELDS_MESSAGE);
  if (text.length > max) throw badInput(`${label} must be at most ${max} characters`);
  return text;
}

/** Parses a category/priority item payload; key and label are required ('Please fill in all required fields.'). */
export function parseSystemConfigFields(raw: Record<string, unknown>, mode: 'create' | 'update'): SystemConfigFields {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw badInput('Expected a JSON object with the item fields');
  const out: SystemConfigFields = {};
  const has = (k: string) => v.has(raw, k);
  if (mode === 'create' || has('configType')) {
    out.configType = required(raw.configType, 50, 'Config type');
    if (!/^[a-z][a-z0-9_-]*$/i.test(out.configType)) throw badInput('Config type must be a word such as categories or priorities');
  }
  if (mode === 'create' || has('configKey')) out.configKey = required(raw.configKey, 100, 'Key');
  if (mode === 'create' || has('displayLabel')) out.displayLabel = required(raw.displayLabel, 200, 'Display label');
  if (has('color')) out.color = v.parseColor('Colour', raw.color, null);
  if (has('isActive') && raw.isActive !== null) out.isActive = v.bool('Active', raw.isActive);
  if (has('value')) out.value = v.optionalText('Value', raw.value, 10_000);
  if (has('sortOrder') && raw.sortOrder !== null) out.sortOrder = v.integer('Sort order', v.numeric(raw.sortOrder), 0, 1_000_000);
  return out;
}

/** GraphQL input of createSystemConfig / updateSystemConfig. */
@InputType()
export class SystemConfigInput {
  @Field(() => String, { nullable: true, description: 'categories or priorities (others possible); required on create' }) configType?: string;
  @Field(() => String, { nullable: true }) configKey?: string;
  @Field(() => String, { nullable: true }) displayLabel?: string;
  @Field(() => String, { nullable: true, description: '#rrggbb' }) color?: string | null;
  @Field(() => Boolean, { nullable: true }) isActive?: boolean;
  @Field(() => String, { nullable: true }) value?: string | null;
  @Field(() => Int, { nullable: true }) sortOrder?: number;
}
