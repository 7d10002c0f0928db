/**
 * The one-line quick-add language (issue 11): `Review PR tomorrow 2pm 45m #website-relaunch !high @uri`.
 * One pure function, used by the server (quickAddTask, in the viewer's time zone) and by the web
 * client (the chips that show what was understood while typing).
 *
 * - dates: today, tomorrow, weekday names and short names (the next such day, today included),
 *   `next week` (next Monday), `dec 5` / `5 dec` / `december 5th`, `2027-01-15`;
 * - times: 2pm, 2:30pm, 14:30 (a time without a date means today);
 * - durations: 45m, 1h, 1.5h, 1h30m -> estimated hours;
 * - !low !medium !high !critical -> priority;
 * - #name -> project (hyphens stand for spaces; matched without case by the server);
 * - @username -> assignee;
 * - "double quoted" text is literal; every other word is the title.
 * The first token of each kind wins; a later one of the same kind stays in the title.
 * `at` right before a time and `on` right before a date are dropped with them.
 */

export type QuickAddPriority = 'low' | 'medium' | 'high' | 'critical';
export type QuickAddTokenKind = 'date' | 'time' | 'duration' | 'priority' | 'project' | 'assignee';

/** One understood piece of the line: its kind, the words it came from and the value they gave. */
export interface QuickAddToken {
  kind: QuickAddTokenKind;
  text: string;
  value: string;
}

export interface QuickAddResult {
  /** The remaining words (quoted text without its quotes), single-spaced. May be empty. */
  title: string;
  /** 'yyyy-MM-dd' (also today when only a time was given). */
  scheduledDate?: string;
  /** 'HH:mm', 24-hour. */
  scheduledTime?: string;
  estimatedHours?: number;
  priority?: QuickAddPriority;
  /** The project as typed, hyphens turned into spaces (e.g. 'website relaunch'). */
  project?: string;
  /** The username after '@'. */
  assignee?: string;
  /** What was understood, in the order of the line (for chips). */
  tokens: QuickAddToken[];
}

const WEEKDAYS: Record<string, number> = {
  monday: 1,
  mon: 1,
  tuesday: 2,
  tue: 2,
  tues: 2,
  wednesday: 3,
  wed: 3,
  thursday: 4,
  thu: 4,
  thur: 4,
  thurs: 4,
  friday: 5,
  fri: 5,
  saturday: 6,
  sat: 6,
  sunday: 0,
  sun: 0,
};
const MONTHS: Record<string, number> = {
  january: 1,
  jan: 1,
  february: 2,
  feb: 2,
  march: 3,
  mar: 3,
  april: 4,
  apr: 4,
  may: 5,
  june: 6,
  jun: 6,
  july: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sep: 9,
  sept: 9,
  october: 10,
  oct: 10,
  november: 11,
  nov: 11,
  december: 12,
  dec: 12,
};
const PRIORITIES: readonly QuickAddPriority[] = ['low', 'medium', 'high', 'critical'];

interface Word {
  text: string;
  /** Quoted text: always title. */
  literal: boolean;
}

/** Splits the line into words; "double quoted" runs become one literal word (an unclosed quote runs to the end). */
function words(line: string): Word[] {
  const out: Word[] = [];
  let i = 0;
  while (i < line.length) {
    const c = line[i];
    if (/\s/.test(c)) {
      i++;
    } else if (c === '"') {
      const end = line.indexOf('"', i + 1);
      const text = line.slice(i + 1, end === -1 ? line.length : end).trim();
      if (text) out.push({ text, literal: true });
      i = end === -1 ? line.length : end + 1;
    } else {
      let j = i;
      while (j < line.length && !/\s/.test(line[j]) && line[j] !== '"') j++;
      out.push({ text: line.slice(i, j), literal: false });
      i = j;
    }
  }
  return out;
}

const pad = (n: number) => String(n).padStart(2, '0');
const keyOf = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const dateOf = (day: string) => new Date(`${day}T12:00:00Z`);
function plusDays(day: string, days: number): string {
  const d = dateOf(day);
  d.setUTCDate(d.getUTCDate() + days);
  return keyOf(d);
}

/** A real calendar day, or null (Feb 30, month 13). */
function validDay(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1900 || y > 9999) return null;
  const date = new Date(Date.UTC(y, m - 1, d, 12));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? keyOf(date) : null;
}

/** Month and day without a year: this year's, or next year's once this year's has passed. */
function nextMonthDay(today: string, month: number, day: number): string | null {
  const year = Number(today.slice(0, 4));
  const thisYear = validDay(year, month, day);
  if (thisYear && thisYear >= today) return thisYear;
  // Feb 29 in a non-leap year: the next year that has it within 8 years.
  for (let y = year + 1; y <= year + 8; y++) {
    const next = validDay(y, month, day);
    if (next) return next;
  }
  return null;
}

const dayNumber = (text: string): number | null => {
  const m = /^(\d{1,2})(?:st|nd|rd|th)?,?$/i.exec(text);
  return m ? Number(m[1]) : null;
};
const monthNumber = (text: string): number | null => MONTHS[text.toLowerCase().replace(/[.,]$/, '')] ?? null;

/** A date starting at words[i]: the day and how many words it used. */
function readDate(list: Word[], i: number, today: string): { day: string; used: number } | null {
  const w = list[i].text.toLowerCase();
  const next = list[i + 1] && !list[i + 1].literal ? list[i + 1].text : undefined;
  if (w === 'today') return { day: today, used: 1 };
  if (w === 'tomorrow' || w === 'tmr' || w === 'tmrw') return { day: plusDays(today, 1), used: 1 };
  if (w === 'next' && next?.toLowerCase() === 'week') {
    const weekday = dateOf(today).getUTCDay();
    return { day: plusDays(today, (8 - weekday) % 7 || 7), used: 2 };
  }
  if (w in WEEKDAYS) {
    const weekday = dateOf(today).getUTCDay();
    return { day: plusDays(today, (WEEKDAYS[w] - weekday + 7) % 7), used: 1 };
  }
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(w);
  if (iso) {
    const day = validDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    return day ? { day, used: 1 } : null;
  }
  const month = monthNumber(w);
  if (month && next) {
    const d = dayNumber(next);
    const day = d ? nextMonthDay(today, month, d) : null;
    if (day) return { day, used: 2 };
  }
  const d = dayNumber(w);
  if (d && next) {
    const m = monthNumber(next);
    const day = m ? nextMonthDay(today, m, d) : null;
    if (day) return { day, used: 2 };
  }
  return null;
}

/** 2pm, 2:30pm, 12am, 14:30 -> 'HH:mm'. */
function readTime(text: string): string | null {
  const twelve = /^(\d{1,2})(?::([0-5]\d))?\s*(am|pm|a\.m\.|p\.m\.)$/i.exec(text);
  if (twelve) {
    const h = Number(twelve[1]);
    if (h < 1 || h > 12) return null;
    const pm = twelve[3].toLowerCase().startsWith('p');
    return `${pad((h % 12) + (pm ? 12 : 0))}:${twelve[2] ?? '00'}`;
  }
  const day = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(text);
  return day ? `${pad(Number(day[1]))}:${day[2]}` : null;
}

/** 45m, 90min, 1h, 1.5h, 1h30m, 2hrs -> hours (two decimals at most). */
function readDuration(text: string): number | null {
  const t = text.toLowerCase();
  const minutes = /^(\d{1,4})(?:m|min|mins)$/.exec(t);
  const hours = /^(\d{1,3}(?:\.\d+)?)(?:h|hr|hrs)(?:(\d{1,2})(?:m|min)?)?$/.exec(t);
  let value: number | null = null;
  if (minutes) value = Number(minutes[1]) / 60;
  else if (hours) value = Number(hours[1]) + (hours[2] ? Number(hours[2]) / 60 : 0);
  if (value === null || !(value > 0)) return null;
  return Math.round(value * 100) / 100;
}

/**
 * Parses one quick-add line against `today` ('yyyy-MM-dd', the viewer's day). Pure: the same line and
 * day always give the same result; nothing is looked up (project and assignee names are resolved by the
 * caller).
 */
export function parseQuickAdd(line: string, today: string): QuickAddResult {
  const list = words(line);
  const result: QuickAddResult = { title: '', tokens: [] };
  const title: string[] = [];
  const take = (kind: QuickAddTokenKind, text: string, value: string) => result.tokens.push({ kind, text, value });

  for (let i = 0; i < list.length; i++) {
    const word = list[i];
    if (word.literal) {
      title.push(word.text);
      continue;
    }
    const text = word.text;
    const lower = text.toLowerCase();

    // 'at 2pm', 'on friday': the little word goes with the token after it.
    if ((lower === 'at' || lower === 'on') && list[i + 1] && !list[i + 1].literal) {
      const ahead = list[i + 1].text;
      if (lower === 'at' && !result.scheduledTime && readTime(ahead)) continue;
      if (lower === 'on' && !result.scheduledDate && readDate(list, i + 1, today)) continue;
    }

    if (!result.scheduledDate) {
      const date = readDate(list, i, today);
      if (date) {
        result.scheduledDate = date.day;
        take(
          'date',
          list
            .slice(i, i + date.used)
            .map((w) => w.text)
            .join(' '),
          date.day,
        );
        i += date.used - 1;
        continue;
      }
    }
    if (!result.scheduledTime) {
      const time = readTime(text);
      if (time) {
        result.scheduledTime = time;
        take('time', text, time);
        continue;
      }
    }
    if (result.estimatedHours === undefined) {
      const hours = readDuration(text);
      if (hours !== null) {
        result.estimatedHours = hours;
        take('duration', text, String(hours));
        continue;
      }
    }
    if (!result.priority && text.startsWith('!')) {
      const priority = lower.slice(1) as QuickAddPriority;
      if (PRIORITIES.includes(priority)) {
        result.priority = priority;
        take('priority', text, priority);
        continue;
      }
    }
    if (result.project === undefined && /^#[\p{L}][\p{L}\p{N}_.-]*$/u.test(text)) {
      const project = text.slice(1).replace(/[-_]+/g, ' ').replace(/[.]+$/, '').trim();
      if (project) {
        result.project = project;
        take('project', text, project);
        continue;
      }
    }
    if (result.assignee === undefined && /^@[\p{L}\p{N}_.-]+$/u.test(text)) {
      const username = text.slice(1).replace(/[.]+$/, '');
      if (username) {
        result.assignee = username;
        take('assignee', text, username);
        continue;
      }
    }
    title.push(text);
  }

  if (result.scheduledTime && !result.scheduledDate) result.scheduledDate = today;
  result.title = title.join(' ').replace(/\s+/g, ' ').trim();
  return result;
}

/** How a project name typed with hyphens compares to a stored one: lower case, runs of spaces/hyphens as one space. */
export const projectKey = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();
