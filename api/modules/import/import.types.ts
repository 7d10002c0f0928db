// What every parser hands the import service: plain values read from a file, with no database access
// (parsers/*.ts are pure and unit-testable). The service matches people, checks fields and writes.

export const IMPORT_SOURCES = ['trello', 'todoist', 'csv'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** A person as a file names them; matched against users by username, full name or email. */
export interface PersonRef {
  /** How the report and a quoted comment name them. */
  name: string;
  username?: string;
  fullName?: string;
  email?: string;
}

export interface ImportedSubtask {
  title: string;
  done: boolean;
}

export interface ImportedComment {
  author: PersonRef | null;
  text: string;
  at: Date | null;
}

/** One task to create, with what belongs to it. `fields` are task fields as a REST body names them. */
export interface ImportedTask {
  /** The source's id of the task (a Trello card id, a hash of a CSV row), remembered per importer. */
  ref: string;
  /** How the report names it (a card's name, "Row 5"). */
  label: string;
  fields: Record<string, unknown>;
  /** The people the source assigns; the first matched one becomes the assignee. */
  assignees: PersonRef[];
  subtasks: ImportedSubtask[];
  comments: ImportedComment[];
  createdAt?: Date | null;
}

export interface SkippedRef {
  ref: string;
  reason: string;
}

/** The most entries an import's report keeps (the last one then says how many more there were). */
export const SKIPPED_MAX = 1000;

/** The report's entries, at most SKIPPED_MAX. */
export function reportOf(skipped: SkippedRef[]): SkippedRef[] {
  if (skipped.length <= SKIPPED_MAX) return skipped;
  const more = skipped.length - (SKIPPED_MAX - 1);
  return [...skipped.slice(0, SKIPPED_MAX - 1), { ref: `${more} more`, reason: `Not listed: the report lists the first ${SKIPPED_MAX - 1}` }];
}

export interface ParsedImport {
  tasks: ImportedTask[];
  /** What the parser left out (an archived card, a row without a title), with the reason. */
  skipped: SkippedRef[];
}

export interface ImportOptions {
  /** Generic CSV: the column header that fills each product field. */
  mapping?: Record<string, string>;
  /** The user the tasks go to (admins: anyone; members: themselves). */
  assignTo?: string;
  /** Leave out finished and archived cards and tasks instead of importing them as Done. */
  skipClosed?: boolean;
}

/** A file that cannot be imported at all (400, nothing written). */
export class ImportFileError extends Error {}

/** Tag values the product accepts: trimmed, at most 50 characters, no repeats. */
export function cleanTags(values: (string | null | undefined)[]): string[] {
  const out: string[] = [];
  for (const value of values) {
    const tag = (value ?? '').trim().slice(0, 50);
    if (tag && !out.some((t) => t.toLowerCase() === tag.toLowerCase())) out.push(tag);
  }
  return out.slice(0, 50);
}

/** A calendar day (yyyy-MM-dd) from an ISO date or date-time, or null when it is none. */
export function isoDay(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}/.test(text)) return null;
  const date = new Date(text.length === 10 ? `${text}T00:00:00Z` : text);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}

/** Text cut to a limit (titles 500, descriptions 20,000, comments 10,000 characters). */
export const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
