import { parse } from 'csv-parse/browser/esm/sync';

/** The product fields a CSV column can fill, as the mapping step offers them (title first, required). */
export const MAPPING_FIELDS = [
  { key: 'title', label: 'Title' },
  { key: 'description', label: 'Description' },
  { key: 'status', label: 'Status' },
  { key: 'priority', label: 'Priority' },
  { key: 'category', label: 'Category' },
  { key: 'project', label: 'Project' },
  { key: 'tags', label: 'Tags' },
  { key: 'due', label: 'Due date' },
  { key: 'scheduled', label: 'Scheduled date' },
  { key: 'estimate', label: 'Estimated hours' },
  { key: 'assignee', label: 'Assignee' },
] as const;

export interface CsvPreview {
  headers: string[];
  rows: string[][];
}

/** The header and the first rows of a CSV file, read in the browser for the mapping step. */
export async function previewCsv(file: File, rows = 5): Promise<CsvPreview> {
  // The first 64 KB hold the first rows of any sensible file; a cut last line is dropped.
  const text = await file.slice(0, 64 * 1024).text();
  const records = parse(text, { bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, to: rows + 1 }) as string[][];
  const [headers = [], ...body] = records;
  return { headers: headers.map((h) => h.trim()), rows: body };
}

/** A first guess: each field mapped to the header named like it (Title -> title, Due Date -> due...). */
export function guessMapping(headers: string[]): Record<string, string> {
  const mapping: Record<string, string> = {};
  for (const field of MAPPING_FIELDS) {
    const found = headers.find((h) => {
      const name = h.toLowerCase();
      return name === field.key || name === field.label.toLowerCase() || (field.key === 'title' && /^(name|summary|task|content)$/.test(name));
    });
    if (found) mapping[field.key] = found;
  }
  return mapping;
}

/** The headers of the product's own export.csv (api/modules/task/task.export.ts): such a file needs no mapping. */
const OWN_EXPORT_HEADERS = new Set([
  'Title',
  'Status',
  'Priority',
  'Assigned To',
  'Project',
  'Due Date',
  'Category',
  'Tags',
  'Scheduled Date',
  'Estimated Hours',
  'Progress',
  'Created By',
  'Created At',
  'Updated At',
  'Description',
]);

/** True for a CSV the product exported: every header one of its export columns, Title among them. */
export const isOwnExport = (headers: string[]): boolean => headers.includes('Title') && headers.every((h) => OWN_EXPORT_HEADERS.has(h));
