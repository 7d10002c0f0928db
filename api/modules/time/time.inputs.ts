import { badInput } from '../../common/errors.js';
import * as v from '../../common/validate.js';

/** The longest note kept on an entry (characters). */
export const NOTE_MAX = 2000;
/** Minutes one entry may hold: a whole day at most. */
export const MINUTES_MIN = 1;
export const MINUTES_MAX = 1440;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day 'yyyy-MM-dd' as noon UTC (the same day from UTC-11 to UTC+11). BAD_USER_INPUT otherwise. */
export function parseDay(label: string, value: unknown): Date {
  if (typeof value !== 'string' || !DAY.test(value.trim())) throw badInput(`${label} must be a date like 2026-01-31`);
  const date = v.optionalDate(label, value.trim());
  if (!date) throw badInput(`${label} must be a date like 2026-01-31`);
  return date;
}

const minutesOf = (value: unknown): number => v.integer('Minutes', value, MINUTES_MIN, MINUTES_MAX);
const noteOf = (value: unknown): string | null => v.optionalText('Note', value, NOTE_MAX);

export interface NewEntryFields {
  day: Date;
  minutes: number;
  note: string | null;
}

/** An entry made by hand: date (yyyy-MM-dd), minutes 1..1440, an optional note. BAD_USER_INPUT otherwise. */
export function parseNewEntry(raw: unknown): NewEntryFields {
  const input = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return { day: parseDay('Date', input.date), minutes: minutesOf(input.minutes), note: noteOf(input.note) };
}

export type EntryChanges = Partial<NewEntryFields>;

/** The fields an edit changes (only those given). BAD_USER_INPUT as parseNewEntry. */
export function parseEntryChanges(raw: unknown): EntryChanges {
  const input = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const changes: EntryChanges = {};
  if (input.date !== undefined && input.date !== null) changes.day = parseDay('Date', input.date);
  if (input.minutes !== undefined && input.minutes !== null) changes.minutes = minutesOf(input.minutes);
  if (v.has(input, 'note')) changes.note = noteOf(input.note);
  return changes;
}

export interface EntryFilter {
  from: string | null;
  to: string | null;
  userId: string | null;
  projectId: string | null;
  taskId: string | null;
}

const optionalDay = (label: string, value: unknown): string | null => {
  if (value === undefined || value === null || value === '') return null;
  parseDay(label, value);
  return String(value).trim();
};

/** The filter of a list of entries (every part optional). BAD_USER_INPUT on a bad date, id or range. */
export function parseEntryFilter(raw: unknown): EntryFilter {
  const input = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const filter: EntryFilter = {
    from: optionalDay('From', input.from),
    to: optionalDay('To', input.to),
    userId: v.optionalId('Person', input.userId),
    projectId: v.optionalId('Project', input.projectId),
    taskId: v.optionalId('Task', input.taskId),
  };
  if (filter.from && filter.to && filter.from > filter.to) throw badInput('From must be on or before To');
  return filter;
}
