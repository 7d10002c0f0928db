import { Field, Float, ID, InputType } from 'type-graphql';
import { badInput } from '../../common/errors.js';
import * as v from '../../common/validate.js';
import { ROLES, type RoleValue } from '../../../schema/domain/catalog.js';
import { assertPasswordRules } from '../../auth/passwords.js';

/** The user fields an admin may set, parsed and typed. Absent keys mean "leave as is". */
export interface UserFields {
  username?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  role?: RoleValue;
  managerId?: string | null;
  password?: string;
  isActive?: boolean;
  profileImageUrl?: string | null;
  dailyCapacityHours?: number;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function parseEmail(value: unknown): string {
  const email = v.requiredText('Email', value, 255);
  if (!EMAIL.test(email)) throw badInput('Please enter a valid email address');
  return email;
}

export function parseRole(value: unknown): RoleValue {
  const role = typeof value === 'string' ? value.trim().toLowerCase() : value;
  return v.oneOf('Role', role, ROLES);
}

/** An http(s) link or nothing (a typed `javascript:` link never gets stored). */
export function parseImageUrl(value: unknown): string | null {
  const url = v.optionalText('Profile image URL', value, 2000);
  if (url && !/^https?:\/\/\S+$/i.test(url)) throw badInput('Profile image URL must start with http:// or https://');
  return url;
}

/** Daily capacity in hours: a number from 0.5 to 24, in steps of 0.5 (numeric strings accepted). */
export function parseCapacity(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  const hours = v.decimal('Daily capacity', n, 0.5, 24);
  if (!Number.isInteger(hours * 2)) throw badInput('Daily capacity must be in steps of 0.5 hours');
  return hours;
}

/**
 * Parses a user payload (REST body or GraphQL input). On create username and email are required and
 * the role defaults to member; on update only the keys present are parsed. An empty managerId is null.
 */
export function parseUserFields(raw: Record<string, unknown>, mode: 'create' | 'update'): UserFields {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw badInput('Expected a JSON object with the user fields');
  const out: UserFields = {};
  const has = (k: string) => v.has(raw, k);
  if (mode === 'create' || has('username')) {
    out.username = v.requiredText('Username', raw.username, 100);
    if (/\s/.test(out.username)) throw badInput('Username cannot contain spaces');
  }
  if (mode === 'create' || has('email')) out.email = parseEmail(raw.email);
  if (has('firstName')) out.firstName = v.optionalText('First name', raw.firstName, 100) ?? '';
  if (has('lastName')) out.lastName = v.optionalText('Last name', raw.lastName, 100) ?? '';
  if (has('role') && raw.role !== null && raw.role !== '') out.role = parseRole(raw.role);
  else if (mode === 'create') out.role = 'member';
  if (has('managerId')) out.managerId = v.optionalId('Reporting manager', raw.managerId);
  if (has('password') && raw.password !== null && raw.password !== '') {
    assertPasswordRules(raw.password);
    out.password = raw.password;
  }
  if (has('isActive') && raw.isActive !== null) out.isActive = v.bool('Active', raw.isActive);
  if (has('profileImageUrl')) out.profileImageUrl = parseImageUrl(raw.profileImageUrl);
  if (has('dailyCapacityHours') && raw.dailyCapacityHours !== null && raw.dailyCapacityHours !== '') {
    out.dailyCapacityHours = parseCapacity(raw.dailyCapacityHours);
  }
  return out;
}

/** GraphQL input of createUser / updateUser (admins only). */
@InputType()
export class UserInput {
  @Field(() => String, { nullable: true }) username?: string;
  @Field(() => String, { nullable: true }) email?: string;
  @Field(() => String, { nullable: true }) firstName?: string | null;
  @Field(() => String, { nullable: true }) lastName?: string | null;
  @Field(() => String, { nullable: true, description: 'member (default), manager, admin or function_head' }) role?: string;
  @Field(() => ID, { nullable: true, description: 'An active manager or admin; null or empty for none' }) managerId?: string | null;
  @Field(() => String, { nullable: true, description: '8 to 128 characters; without one the user cannot sign in' }) password?: string | null;
  @Field(() => Boolean, { nullable: true }) isActive?: boolean;
  @Field(() => String, { nullable: true }) profileImageUrl?: string | null;
  @Field(() => Float, { nullable: true, description: 'Hours per day, 0.5 to 24 in steps of 0.5 (default 8)' }) dailyCapacityHours?: number;
}
