import { badInput } from './errors.js';
import { isId } from './ids.js';

/**
 * Small parsers shared by every module's inputs: each takes a field label (as a person reads it),
 * returns a typed value, and throws BAD_USER_INPUT with a readable message.
 */

export function requiredText(label: string, value: unknown, max: number): string {
  if (typeof value !== 'string') throw badInput(`${label} is required`);
  const text = value.trim();
  if (!text) throw badInput(`${label} is required`);
  if (text.length > max) throw badInput(`${label} must be at most ${max} characters`);
  return text;
}

/** Text or null; blank text becomes null. */
export function optionalText(label: string, value: unknown, max: number): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw badInput(`${label} must be text`);
  const text = value.trim();
  if (text.length > max) throw badInput(`${label} must be at most ${max} characters`);
  return text || null;
}

export function bool(label: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw badInput(`${label} must be true or false`);
  return value;
}

export function integer(label: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw badInput(`${label} must be a whole number from ${min} to ${max}`);
  }
  return value;
}

export function decimal(label: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw badInput(`${label} must be a number`);
  if (value < min) throw badInput(min === 0 ? `${label} cannot be negative` : `${label} must be at least ${min}`);
  if (value > max) throw badInput(`${label} must be at most ${max}`);
  return value;
}

export function oneOf<T extends string>(label: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !allowed.includes(value as T)) {
    throw badInput(`${label} must be one of: ${allowed.join(', ')}`);
  }
  return value as T;
}

export function id(label: string, value: unknown): string {
  if (!isId(value)) throw badInput(`${label} is not a valid id`);
  return value;
}

export function optionalId(label: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '' || value === 'unassigned') return null;
  return id(label, value);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A calendar date ('yyyy-MM-dd', kept as noon UTC so it reads as the same day in every zone from
 * UTC-11 to UTC+11) or an ISO date-time (an instant). Null clears.
 */
export function optionalDate(label: string, value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw badInput(`${label} is not a valid date`);
    return value;
  }
  if (typeof value !== 'string') throw badInput(`${label} must be a date like 2026-01-31`);
  const trimmed = value.trim();
  const dateOnly = DATE_ONLY.exec(trimmed);
  if (dateOnly) {
    const [y, m, d] = [Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])];
    const date = new Date(Date.UTC(y, m - 1, d, 12));
    if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) throw badInput(`${label} is not a valid date`);
    return date;
  }
  if (!DATE_TIME.test(trimmed)) throw badInput(`${label} must be a date like 2026-01-31 or an ISO date-time`);
  const date = new Date(trimmed);
  if (Number.isNaN(date.getTime())) throw badInput(`${label} is not a valid date`);
  const year = date.getUTCFullYear();
  if (year < 1900 || year > 9999) throw badInput(`${label} is out of range`);
  return date;
}

/** Strings, or one comma-separated string; trimmed, blanks and duplicates dropped. */
export function tagList(label: string, value: unknown, maxTags: number, maxLength: number): string[] {
  if (value === null || value === undefined) return [];
  const raw = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(raw) || raw.some((t) => typeof t !== 'string')) throw badInput(`${label} must be a list of text`);
  const tags = [...new Set((raw as string[]).map((t) => t.trim()).filter(Boolean))];
  if (tags.length > maxTags) throw badInput(`${label}: at most ${maxTags} allowed`);
  const long = tags.find((t) => t.length > maxLength);
  if (long) throw badInput(`${label}: each must be at most ${maxLength} characters`);
  return tags;
}

/** Picks the keys present in a payload: undefined means "not sent", null means "clear". */
export const has = (input: object, key: string): boolean => Object.prototype.hasOwnProperty.call(input, key) && (input as Record<string, unknown>)[key] !== undefined;
