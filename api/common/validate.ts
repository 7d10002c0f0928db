import { AppError, badInput } from './errors.js';
import { isId } from './ids.js';
import { isHexColor } from '../../schema/domain/catalog.js';

/**
 * Small parsers shared by every module's inputs: each takes a field label (as a person reads it),
 * returns a typed value, and throws BAD_USER_INPUT with a readable message.
 */

// Control characters other than tab, LF and CR, and lone UTF-16 surrogates: no field has a use for
// them, PostgreSQL refuses NUL in text outright, and a lone surrogate cannot be stored as UTF-8.
const NOT_ALLOWED = /(?![\t\n\r])\p{Cc}|\p{Cs}/u;

/** The text unchanged; throws BAD_USER_INPUT when it holds a control character (other than tab, LF, CR) or a lone surrogate. */
export function plainText(label: string, text: string): string {
  if (NOT_ALLOWED.test(text)) throw badInput(`${label} contains a character that is not allowed`);
  return text;
}

/** Trimmed text, 1 to `max` characters; throws BAD_USER_INPUT when missing, too long or not plain text. */
export function requiredText(label: string, value: unknown, max: number): string {
  if (typeof value !== 'string') throw badInput(`${label} is required`);
  const text = plainText(label, value).trim();
  if (!text) throw badInput(`${label} is required`);
  if (text.length > max) throw badInput(`${label} must be at most ${max} characters`);
  return text;
}

/** Trimmed text or null (blank text becomes null); throws BAD_USER_INPUT when not text, too long or not plain text. */
export function optionalText(label: string, value: unknown, max: number): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw badInput(`${label} must be text`);
  const text = plainText(label, value).trim();
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

/**
 * An id to look an object up by: null when it cannot name one (the caller answers NOT_FOUND, as for
 * an id that names nothing); throws BAD_USER_INPUT when it holds characters no input may hold.
 */
export function lookupId(label: string, value: unknown): string | null {
  if (typeof value === 'string') plainText(label, value);
  return isId(value) ? value : null;
}

export function optionalId(label: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '' || value === 'unassigned') return null;
  return id(label, value);
}

/** The earliest year a date may have (date-only values and date-times alike). */
const MIN_YEAR = 1900;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A calendar date ('yyyy-MM-dd', kept as noon UTC so it reads as the same day in every zone from
 * UTC-11 to UTC+11) or an ISO date-time (an instant), from 1900 to 9999. Null clears. Throws
 * BAD_USER_INPUT on anything else.
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
    if (y < MIN_YEAR) throw badInput(`${label} is out of range`);
    const date = new Date(Date.UTC(y, m - 1, d, 12));
    if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) throw badInput(`${label} is not a valid date`);
    return date;
  }
  if (!DATE_TIME.test(trimmed)) throw badInput(`${label} must be a date like 2026-01-31 or an ISO date-time`);
  const date = new Date(trimmed);
  if (Number.isNaN(date.getTime())) throw badInput(`${label} is not a valid date`);
  const year = date.getUTCFullYear();
  if (year < MIN_YEAR || year > 9999) throw badInput(`${label} is out of range`);
  return date;
}

/** Strings, or one comma-separated string; trimmed, blanks and duplicates dropped. Throws BAD_USER_INPUT like optionalText. */
export function tagList(label: string, value: unknown, maxTags: number, maxLength: number): string[] {
  if (value === null || value === undefined) return [];
  const raw = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(raw) || raw.some((t) => typeof t !== 'string')) throw badInput(`${label} must be a list of text`);
  const tags = [...new Set((raw as string[]).map((t) => plainText(label, t).trim()).filter(Boolean))];
  if (tags.length > maxTags) throw badInput(`${label}: at most ${maxTags} allowed`);
  const long = tags.find((t) => t.length > maxLength);
  if (long) throw badInput(`${label}: each must be at most ${maxLength} characters`);
  return tags;
}

/** Picks the keys present in a payload: undefined means "not sent", null means "clear". */
export const has = (input: object, key: string): boolean =>
  Object.prototype.hasOwnProperty.call(input, key) && (input as Record<string, unknown>)[key] !== undefined;

/**
 * Gathers the BAD_USER_INPUT messages of several field parsers, so a request with several bad fields
 * hears about each of them in one answer (the other errors pass through).
 */
export class Problems {
  readonly messages: string[] = [];

  /** Runs one field's parser; on BAD_USER_INPUT notes the message and returns undefined. */
  check<T>(parse: () => T): T | undefined {
    try {
      return parse();
    } catch (err) {
      if (err instanceof AppError && err.code === 'BAD_USER_INPUT') {
        this.messages.push(err.message);
        return undefined;
      }
      throw err;
    }
  }

  add(message: string): void {
    this.messages.push(message);
  }

  /** Throws BAD_USER_INPUT: one problem as its own message, several as one message listing each (and `problems`). */
  throwIfAny(): void {
    if (this.messages.length === 1) throw badInput(this.messages[0]);
    if (this.messages.length > 1) {
      throw badInput(`Please fix ${this.messages.length} problems: ${this.messages.join('; ')}`, { problems: [...this.messages] });
    }
  }
}

/** A #rrggbb colour; blank means `fallback` (null when the colour is optional). */
export function parseColor(label: string, value: unknown, fallback: string | null): string | null {
  const text = optionalText(label, value, 20);
  if (!text) return fallback;
  if (!isHexColor(text)) throw badInput(`${label} must be a hex colour like #3b82f6`);
  return text.toLowerCase();
}

/** Accepts a number or numeric text (HTML forms send text); anything else is returned unchanged for the validator to refuse. */
export function numeric(value: unknown): unknown {
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return value;
}
