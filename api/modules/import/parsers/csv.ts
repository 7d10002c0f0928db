import { clip, cleanTags, ImportFileError, isoDay, type ImportOptions, type ParsedImport } from '../import.types.js';
import { readCsv, rowRefs } from './csv-rows.js';

/** The product fields a CSV column may fill (the mapping's keys). */
export const CSV_FIELDS = [
  'title',
  'description',
  'status',
  'priority',
  'category',
  'project',
  'tags',
  'due',
  'scheduled',
  'estimate',
  'assignee',
  'progress',
  'createdAt',
] as const;
export type CsvField = (typeof CSV_FIELDS)[number];

/**
 * The headers of the product's own export.csv (api/modules/task/task.export.ts, EXPORT_COLUMNS) and the
 * field each fills: such a file reads back with no mapping. Created By and Updated At are not read (the
 * importer creates the tasks, now).
 */
export const OWN_EXPORT_HEADERS: Record<string, CsvField | null> = {
  Title: 'title',
  Status: 'status',
  Priority: 'priority',
  'Assigned To': 'assignee',
  Project: 'project',
  'Due Date': 'due',
  Category: 'category',
  Tags: 'tags',
  'Scheduled Date': 'scheduled',
  'Estimated Hours': 'estimate',
  Progress: 'progress',
  'Created By': null,
  'Created At': 'createdAt',
  'Updated At': null,
  Description: 'description',
};

/** True when every header is one of the product's export columns, Title among them. */
export const isOwnExport = (headers: string[]): boolean => headers.includes('Title') && headers.every((h) => Object.hasOwn(OWN_EXPORT_HEADERS, h));

/** The export escapes a cell starting with = + - @ with a leading ' (csvCell); this takes it off. */
const unescapeCell = (value: string): string => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

/** The mapping to use: the given one (checked against the headers), the own export's, or headers named like fields. */
export function resolveMapping(headers: string[], given: Record<string, string> | undefined): Partial<Record<CsvField, string>> {
  if (given && Object.keys(given).length > 0) {
    const out: Partial<Record<CsvField, string>> = {};
    for (const [field, header] of Object.entries(given)) {
      if (!header) continue;
      if (!(CSV_FIELDS as readonly string[]).includes(field))
        throw new ImportFileError(`Unknown field "${field}" in the mapping. Use: ${CSV_FIELDS.join(', ')}.`);
      if (!headers.includes(header)) throw new ImportFileError(`The mapping names a column "${header}" that the file does not have.`);
      out[field as CsvField] = header;
    }
    if (!out.title) throw new ImportFileError('Choose the column that holds the title: the mapping needs one.');
    return out;
  }
  if (isOwnExport(headers)) {
    return Object.fromEntries(headers.filter((h) => OWN_EXPORT_HEADERS[h]).map((h) => [OWN_EXPORT_HEADERS[h], h]));
  }
  const out: Partial<Record<CsvField, string>> = {};
  for (const field of CSV_FIELDS) {
    const header = headers.find((h) => h.toLowerCase() === field.toLowerCase());
    if (header) out[field] = header;
  }
  if (!out.title) throw new ImportFileError(`Choose the column that holds the title (the columns are: ${headers.filter(Boolean).slice(0, 20).join(', ')}).`);
  return out;
}

/** A date cell as a calendar day: ISO dates, or a date with a month name; null when none. */
function dayOf(value: string): string | null {
  const iso = isoDay(value);
  if (iso || !/[a-z]{3}/i.test(value)) return iso;
  const parsed = new Date(`${value} UTC`);
  return Number.isNaN(parsed.getTime()) ? null : parsed.toISOString().slice(0, 10);
}

/** Reads a CSV of any shape through a mapping (or the product's own export with none) into tasks. */
export function parseCsv(content: string, options: ImportOptions = {}): ParsedImport {
  const table = readCsv(content);
  const mapping = resolveMapping(table.headers, options.mapping);
  const result: ParsedImport = { tasks: [], skipped: [] };
  const refOf = rowRefs();
  for (const { number, values } of table.rows) {
    const cell = (field: CsvField) => (mapping[field] ? unescapeCell(values[mapping[field]!] ?? '') : '');
    const where = `Row ${number}`;
    const title = cell('title');
    if (!title) {
      result.skipped.push({ ref: where, reason: 'No title' });
      continue;
    }
    const status = cell('status');
    if (options.skipClosed && /^(done|completed?)$/i.test(status)) {
      result.skipped.push({ ref: where, reason: 'Done task (skipped as chosen)' });
      continue;
    }
    const fields: Record<string, unknown> = { title: clip(title, 500) };
    const text = (field: CsvField, key: string, transform: (v: string) => unknown = (v) => v) => {
      const value = cell(field);
      if (value) fields[key] = transform(value);
    };
    text('description', 'description', (v) => clip(v, 20_000));
    text('status', 'status');
    text('priority', 'priority', (v) => v.toLowerCase());
    text('category', 'category', (v) => v.toLowerCase());
    text('project', 'project');
    text('tags', 'tags', (v) => cleanTags(v.split(/[,;]/)));
    text('progress', 'progress', (v) => Number(v.replace('%', '')));
    text('estimate', 'estimatedHours', (v) => Number(v.replace(/\s*h(ours?)?$/i, '')));
    for (const [field, key] of [
      ['due', 'dueDate'],
      ['scheduled', 'scheduledDate'],
    ] as const) {
      const value = cell(field);
      const day = value ? dayOf(value) : null;
      if (day) fields[key] = day;
      else if (value)
        result.skipped.push({ ref: where, reason: `Kept without its ${field} date "${value}" (not a date the importer reads, such as 2026-12-01)` });
    }
    if (!fields.scheduledDate && !fields.status) fields.column = 'unscheduled';
    const assignee = cell('assignee');
    const createdAt = cell('createdAt') ? new Date(cell('createdAt')) : null;
    result.tasks.push({
      ref: refOf(table.headers.map((h) => values[h] ?? '')),
      label: title,
      fields,
      assignees: assignee && assignee !== 'Unassigned' ? [{ name: assignee, fullName: assignee, username: assignee, email: assignee }] : [],
      subtasks: [],
      comments: [],
      createdAt: createdAt && !Number.isNaN(createdAt.getTime()) ? createdAt : null,
    });
  }
  return result;
}
