import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { ImportFileError } from '../import.types.js';

export interface CsvTable {
  headers: string[];
  /** Each row keyed by header, with its line-free number in the file (the header is row 1). */
  rows: { number: number; values: Record<string, string> }[];
}

/** Reads a CSV with a header row (a BOM, quotes and line breaks in cells as RFC 4180 has them). */
export function readCsv(content: string): CsvTable {
  if (!content.trim()) throw new ImportFileError('The file is empty.');
  let records: string[][];
  try {
    records = parse(content, { bom: true, relax_column_count: true, skip_empty_lines: true });
  } catch (err) {
    throw new ImportFileError(`This file is not a CSV file the importer can read (${(err as Error).message.split('\n')[0].slice(0, 160)}).`);
  }
  const [head, ...body] = records;
  const headers = (head ?? []).map((h) => h.trim());
  if (headers.every((h) => !h)) throw new ImportFileError('This file is not a CSV with a header row: the first line must name the columns.');
  if (body.length === 0) throw new ImportFileError('The CSV has a header row but no rows to import.');
  return {
    headers,
    rows: body.map((cells, i) => ({ number: i + 2, values: Object.fromEntries(headers.map((h, c) => [h, (cells[c] ?? '').trim()])) })),
  };
}

/**
 * A stable id for a row that has none in its file: a hash of its values and how many equal rows came
 * before it, so the same file imported again names the same rows.
 */
export function rowRefs(): (values: string[]) => string {
  const seen = new Map<string, number>();
  return (values) => {
    const hash = createHash('sha256').update(JSON.stringify(values)).digest('hex').slice(0, 32);
    const n = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, n);
    return `${hash}:${n}`;
  };
}
