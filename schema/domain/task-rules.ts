/**
 * Pure rules about tasks shared by the server and the web client.
 * No I/O, no framework: every function here is safe to call anywhere.
 */

export const TASK_STATUSES = ['Not Started', 'Planned', 'In Progress', 'Blocked', 'Deferred', 'Done'] as const;
export type TaskStatusValue = (typeof TASK_STATUSES)[number];

export const TASK_COLUMNS = ['unscheduled', 'today', 'pending', 'pendingFromBefore', 'completed'] as const;
export type TaskColumnValue = (typeof TASK_COLUMNS)[number];

export const SUBTASK_STATUSES = ['Not Started', 'In Progress', 'Done', 'Blocked'] as const;
export type SubtaskStatusValue = (typeof SUBTASK_STATUSES)[number];

export const REPEAT_PATTERNS = ['daily', 'weekly', 'monthly'] as const;
export type RepeatPatternValue = (typeof REPEAT_PATTERNS)[number];

export const COMMENT_TYPES = ['comment', 'reassignment', 'deadline_change'] as const;
export type CommentTypeValue = (typeof COMMENT_TYPES)[number];

export const COLUMN_TITLES: Record<TaskColumnValue, string> = {
  pendingFromBefore: 'Pending from Before',
  unscheduled: 'Unscheduled Tasks',
  today: "Today's Plan",
  pending: 'Pending Tasks',
  completed: 'Completed Tasks',
};

/** The daily board's column order, left to right. */
export const DAILY_COLUMNS: TaskColumnValue[] = ['pendingFromBefore', 'unscheduled', 'today', 'pending', 'completed'];

/** The listing's Spent filter: tasks with time entries, or without any. */
export const TIME_SPENT_FILTERS = ['with', 'without'] as const;
export type TimeSpentFilter = (typeof TIME_SPENT_FILTERS)[number];

export const DEFAULT_CATEGORY = 'dev';
export const DEFAULT_PRIORITY = 'medium';
export const DEFAULT_STATUS: TaskStatusValue = 'Planned';

export const LIMITS = {
  titleMax: 500,
  descriptionMax: 20_000,
  commentMax: 10_000,
  tagMax: 50,
  tagsMax: 50,
  estimatedHoursMax: 10_000,
  repeatIntervalMax: 365,
  pageMax: 500,
} as const;

/**
 * Normalises a status as clients send it: 'Completed' (and case or spacing variants) means 'Done';
 * a missing status reads as 'Planned'. Returns null for a value that is no status at all.
 */
const STORED_STATUSES: ReadonlySet<string> = new Set(TASK_STATUSES);

export function normalizeStatus(value: string | null | undefined): TaskStatusValue | null {
  if (value === null || value === undefined || value === '') return DEFAULT_STATUS;
  // A stored status is already canonical (the board asks several times per task, thousands of tasks).
  if (STORED_STATUSES.has(value)) return value as TaskStatusValue;
  const key = value
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  if (key === 'completed' || key === 'complete' || key === 'done') return 'Done';
  const found = TASK_STATUSES.find((s) => s.toLowerCase() === key);
  return found ?? null;
}

/** Normalises a column name: accepts the column names of TASK_COLUMNS in any case and 'pending-from-before'. */
export function normalizeColumn(value: string | null | undefined): TaskColumnValue | null {
  if (!value) return null;
  const key = value
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
  return TASK_COLUMNS.find((c) => c.toLowerCase() === key) ?? null;
}

export const isFinished = (status: string | null | undefined): boolean => normalizeStatus(status) === 'Done';

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar-day formatter of a time zone, built once per zone: constructing an Intl.DateTimeFormat
 * costs far more than formatting with one, and boards call dayKey several times per task.
 * Throws RangeError for an unknown zone (as the constructor does).
 */
function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (dayFormatters.size < 1000) dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Day keys already worked out, per zone and instant (ms): see dayKey. */
const dayKeys = new Map<string, Map<number, string>>();
/** Instants remembered per zone before its memo starts over (a few hundred kB at most). */
const DAY_KEYS_PER_ZONE = 4096;

/**
 * The calendar day ('yyyy-MM-dd') of an instant in a time zone. Throws RangeError for an unknown zone.
 * Outside UTC the answer is remembered per zone and instant: a board page asks for thousands of days
 * (each card's column and overdue flag, in the viewer's zone), formatting one costs about 3 µs, and
 * date-only values (stored at noon UTC) repeat across cards.
 */
export function dayKey(instant: Date, timeZone: string): string {
  const year = instant.getUTCFullYear();
  // UTC needs no time zone data: the ISO string starts with the day (for four-digit years).
  if (timeZone === 'UTC' && year >= 0 && year <= 9999) return instant.toISOString().slice(0, 10);
  const ms = instant.getTime();
  let memo = dayKeys.get(timeZone);
  const known = memo?.get(ms);
  if (known !== undefined) return known;
  const key = formatDayKey(instant, timeZone);
  if (!memo) {
    if (dayKeys.size >= 100) dayKeys.clear();
    dayKeys.set(timeZone, (memo = new Map()));
  } else if (memo.size >= DAY_KEYS_PER_ZONE) memo.clear();
  memo.set(ms, key);
  return key;
}

function formatDayKey(instant: Date, timeZone: string): string {
  let y = '';
  let m = '';
  let d = '';
  for (const part of dayFormatter(timeZone).formatToParts(instant)) {
    if (part.type === 'year') y = part.value;
    else if (part.type === 'month') m = part.value;
    else if (part.type === 'day') d = part.value;
  }
  return `${y}-${m}-${d}`;
}

const knownZones = new Map<string, boolean>();

/** True when the string names an IANA time zone this runtime knows (memoised: checked per request). */
export function isTimeZone(value: string): boolean {
  let known = knownZones.get(value);
  if (known === undefined) {
    try {
      dayFormatter(value);
      known = true;
    } catch {
      known = false;
    }
    if (knownZones.size < 1000) knownZones.set(value, known);
  }
  return known;
}

/** Where a task sits on the daily board, derived in the viewer's time zone. */
export function boardColumn(task: { status?: string | null; scheduledDate?: Date | string | null }, now: Date, timeZone: string): TaskColumnValue {
  if (isFinished(task.status)) return 'completed';
  if (!task.scheduledDate) return 'unscheduled';
  const scheduled = dayKey(new Date(task.scheduledDate), timeZone);
  const today = dayKey(now, timeZone);
  if (scheduled === today) return 'today';
  return scheduled < today ? 'pendingFromBefore' : 'pending';
}

/** Overdue: a due date before today (in the viewer's zone) and not finished. */
export function isOverdue(task: { status?: string | null; dueDate?: Date | string | null }, now: Date, timeZone: string): boolean {
  if (!task.dueDate || isFinished(task.status)) return false;
  return dayKey(new Date(task.dueDate), timeZone) < dayKey(now, timeZone);
}

/** Whole calendar days between two day keys ('yyyy-MM-dd'), b minus a. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The pending-from-before label: '1 day ago' ... '7 days ago', 'last week', then weeks. */
export function overdueLabel(days: number): string {
  if (days <= 0) return 'Today';
  if (days === 1) return '1 day ago';
  if (days <= 7) return `${days} days ago`;
  if (days <= 14) return 'last week';
  return `${Math.floor(days / 7)} weeks ago`;
}

/** The next date of a repeating task, or null when it would fall after the repeat end. */
export function nextOccurrence(from: Date, pattern: RepeatPatternValue, interval: number, endDate?: Date | null): Date | null {
  const step = Math.max(1, Math.floor(interval || 1));
  const next = new Date(from.getTime());
  if (pattern === 'daily') next.setUTCDate(next.getUTCDate() + step);
  else if (pattern === 'weekly') next.setUTCDate(next.getUTCDate() + 7 * step);
  else {
    const day = next.getUTCDate();
    next.setUTCDate(1);
    next.setUTCMonth(next.getUTCMonth() + step);
    const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
    next.setUTCDate(Math.min(day, lastDay));
  }
  if (endDate && next.getTime() > endDate.getTime() + 86_399_999) return null;
  return next;
}

/** 'HH:mm' on a 24-hour clock. */
export const isTimeOfDay = (value: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

/** '13:30' -> '1:30 PM' (the slot view's labels). */
export function twelveHourLabel(time: string): string {
  const [h, m] = time.split(':').map(Number);
  const suffix = h < 12 ? 'AM' : 'PM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** Progress label: 'Complete' at 100, otherwise 'In Progress'. */
export const progressLabel = (progress: number): string => (progress >= 100 ? 'Complete' : 'In Progress');

/** Splits comma-separated tag text, trims, drops blanks and duplicates. */
export function parseTags(input: string | string[] | null | undefined): string[] {
  const raw = Array.isArray(input) ? input : (input ?? '').split(',');
  const seen = new Set<string>();
  for (const t of raw) {
    const tag = String(t).trim();
    if (tag) seen.add(tag);
  }
  return [...seen];
}

/**
 * The first instant of a calendar day in a time zone: the earliest instant whose dayKey is `day` (a
 * search over the 48 hours around it with dayKey itself, so a comparison with it in SQL agrees with
 * dayKey to the millisecond, DST included).
 */
export function firstInstantOf(day: string, timeZone: string): Date {
  const DAY = 86_400_000;
  let lo = Date.parse(`${day}T00:00:00Z`) - DAY; // still the day before in every zone (UTC+14 at most)
  let hi = lo + 2 * DAY; // already the day or after in every zone (UTC-12 at least)
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (dayKey(new Date(mid), timeZone) >= day) hi = mid;
    else lo = mid;
  }
  return new Date(hi);
}

/** Today's Plan as time slots: one every 30 minutes over 24 hours. */
export const SLOT_MINUTES = 30;
export const SLOTS_PER_DAY = (24 * 60) / SLOT_MINUTES;

/** The slot (0 to 47) a time of day ('HH:mm') starts in. */
export function slotIndexOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  const index = Math.floor(((h ?? 0) * 60 + (m ?? 0)) / SLOT_MINUTES);
  return Number.isFinite(index) && index >= 0 && index < SLOTS_PER_DAY ? index : 0;
}

/** How many slots a timed task covers from slot `start`: its estimated hours rounded up, at least one, never past midnight. */
export const slotSpan = (estimatedHours: number | null | undefined, start: number): number =>
  Math.max(1, Math.min(SLOTS_PER_DAY - start, Math.ceil(((estimatedHours ?? 0) * 60) / SLOT_MINUTES)));

/**
 * The minutes a task of a day's plan plans (the daily board's "Planned"): a task with a time, the
 * slots it covers (as the time slots draw it); one without, its estimated hours (none: nothing).
 */
export function plannedMinutes(task: { scheduledTime?: string | null; estimatedHours?: number | null }): number {
  if (task.scheduledTime) return slotSpan(task.estimatedHours, slotIndexOf(task.scheduledTime)) * SLOT_MINUTES;
  return Math.round((task.estimatedHours ?? 0) * 60);
}
