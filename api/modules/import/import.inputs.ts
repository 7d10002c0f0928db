import { badInput } from '../../common/errors.js';
import { IMPORT_SOURCES, ImportFileError, type ImportOptions, type ImportSource, type ParsedImport } from './import.types.js';
import { parseTrello } from './parsers/trello.js';
import { parseTodoist } from './parsers/todoist.js';
import { parseCsv } from './parsers/csv.js';

export function parseSource(value: unknown): ImportSource {
  if (typeof value === 'string' && (IMPORT_SOURCES as readonly string[]).includes(value.trim().toLowerCase()))
    return value.trim().toLowerCase() as ImportSource;
  throw badInput(`Choose what the file comes from: source must be one of ${IMPORT_SOURCES.join(', ')}`);
}

/** The `options` field: a JSON object with mapping, assignTo and skipClosed, all optional. */
export function parseOptions(value: unknown): ImportOptions {
  if (value === undefined || value === null || value === '') return {};
  let raw: unknown = value;
  if (typeof value === 'string') {
    try {
      raw = JSON.parse(value);
    } catch {
      throw badInput('The options must be JSON, e.g. {"mapping": {"title": "Summary"}, "skipClosed": true}');
    }
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw badInput('The options must be a JSON object');
  const o = raw as Record<string, unknown>;
  const out: ImportOptions = {};
  if (o.mapping !== undefined && o.mapping !== null) {
    if (typeof o.mapping !== 'object' || Array.isArray(o.mapping) || Object.values(o.mapping).some((h) => typeof h !== 'string')) {
      throw badInput('The mapping must name a column header for each field, e.g. {"title": "Summary", "due": "Due"}');
    }
    out.mapping = o.mapping as Record<string, string>;
  }
  if (o.assignTo !== undefined && o.assignTo !== null && o.assignTo !== '') {
    if (typeof o.assignTo !== 'string') throw badInput('assignTo must be a user id or username');
    out.assignTo = o.assignTo;
  }
  if (o.skipClosed !== undefined && o.skipClosed !== null) {
    if (typeof o.skipClosed !== 'boolean') throw badInput('skipClosed must be true or false');
    out.skipClosed = o.skipClosed;
  }
  return out;
}

const PARSERS: Record<ImportSource, (content: string, options: ImportOptions) => ParsedImport> = {
  trello: parseTrello,
  todoist: parseTodoist,
  csv: parseCsv,
};

/** Reads the file with its source's parser; a file that cannot be imported is BAD_USER_INPUT. */
export function readImportFile(source: ImportSource, content: string, options: ImportOptions): ParsedImport {
  try {
    return PARSERS[source](content, options);
  } catch (err) {
    if (err instanceof ImportFileError) throw badInput(err.message);
    throw err;
  }
}

/** The upload as text: UTF-8 (a BOM is kept for the CSV reader), refused when it is empty or binary. */
export function uploadText(buffer: Buffer | undefined): string {
  if (!buffer || buffer.length === 0) throw badInput('The file is empty. Choose a Trello JSON export or a CSV file.');
  const text = buffer.toString('utf8');
  if (text.includes('\u0000')) throw badInput('This is not a text file. Choose a Trello JSON export or a CSV file.');
  if (!text.trim()) throw badInput('The file is empty. Choose a Trello JSON export or a CSV file.');
  return text;
}
