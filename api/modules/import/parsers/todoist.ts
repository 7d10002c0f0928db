import { clip, cleanTags, ImportFileError, isoDay, type ImportedTask, type ImportOptions, type ParsedImport, type PersonRef } from '../import.types.js';
import { readCsv, rowRefs } from './csv-rows.js';

// Todoist's project template / backup CSV: TYPE (task, section, note), CONTENT, DESCRIPTION, PRIORITY,
// INDENT, AUTHOR, RESPONSIBLE, DATE, DATE_LANG, TIMEZONE, DURATION, DURATION_UNIT.

const REQUIRED = ['TYPE', 'CONTENT', 'PRIORITY', 'INDENT'];

/** Todoist's p1 is the highest: 1..4 -> critical, high, medium, low. */
const PRIORITIES: Record<string, string> = { '1': 'critical', '2': 'high', '3': 'medium', '4': 'low' };

/** Hours in a DURATION of this unit (a day is a working day of 8 hours). */
const HOURS_PER_UNIT: Record<string, number> = { minute: 1 / 60, minutes: 1 / 60, hour: 1, hours: 1, day: 8, days: 8 };

/** "Alice Smith (12345678)" -> Alice Smith. */
function personOf(text: string | undefined): PersonRef | null {
  const name = (text ?? '').replace(/\s*\(\d+\)\s*$/, '').trim();
  return name ? { name, fullName: name, username: name, email: name.includes('@') ? name : undefined } : null;
}

/** Reads a Todoist CSV into tasks: indented tasks become subtasks, notes comments, sections tags. */
export function parseTodoist(content: string, options: ImportOptions = {}): ParsedImport {
  const table = readCsv(content);
  const missing = REQUIRED.filter((h) => !table.headers.includes(h));
  if (missing.length) throw new ImportFileError(`This CSV is not a Todoist export: it has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}.`);

  const result: ParsedImport = { tasks: [], skipped: [] };
  const refOf = rowRefs();
  let section = '';
  let parent: ImportedTask | null = null;
  let skippingParent = false;
  for (const { number, values } of table.rows) {
    const type = values.TYPE.toLowerCase();
    const text = values.CONTENT;
    const where = `Row ${number}`;
    if (type === 'section') {
      section = text;
      parent = null;
      continue;
    }
    if (type === 'note') {
      if (parent && text) parent.comments.push({ author: personOf(values.AUTHOR), text, at: null });
      else if (!skippingParent) result.skipped.push({ ref: where, reason: 'A note without a task above it' });
      continue;
    }
    if (type !== 'task') {
      if (type) result.skipped.push({ ref: where, reason: `Unknown TYPE "${values.TYPE}"` });
      continue;
    }
    const indent = Number(values.INDENT) || 1;
    const closed = /^(1|true|yes)$/i.test(values.COMPLETED ?? values.CHECKED ?? '');
    if (indent > 1) {
      if (skippingParent) continue;
      if (!parent) {
        result.skipped.push({ ref: where, reason: 'An indented task without a task above it' });
        continue;
      }
      if (text) parent.subtasks.push({ title: clip(text, 500), done: closed });
      continue;
    }
    skippingParent = false;
    parent = null;
    if (!text) {
      result.skipped.push({ ref: where, reason: 'A task without content' });
      skippingParent = true;
      continue;
    }
    if (closed && options.skipClosed) {
      result.skipped.push({ ref: text, reason: 'Completed task (skipped as chosen)' });
      skippingParent = true;
      continue;
    }
    const fields: Record<string, unknown> = { title: clip(text, 500), tags: cleanTags([section]) };
    if (values.DESCRIPTION) fields.description = clip(values.DESCRIPTION, 20_000);
    const priority = PRIORITIES[values.PRIORITY];
    if (priority) fields.priority = priority;
    const hours = Number(values.DURATION) * (HOURS_PER_UNIT[(values.DURATION_UNIT || 'minute').toLowerCase()] ?? 0);
    if (values.DURATION && Number.isFinite(hours) && hours > 0) fields.estimatedHours = Math.round(hours * 100) / 100;
    const day = isoDay(values.DATE);
    if (day) fields.scheduledDate = day;
    else if (values.DATE)
      result.skipped.push({ ref: text, reason: `Kept without its date "${values.DATE}" (only calendar dates such as 2026-12-01 are read)` });
    if (closed) fields.status = 'Done';
    else if (!day) fields.column = 'unscheduled';
    const responsible = personOf(values.RESPONSIBLE);
    parent = {
      ref: refOf([section, text, values.DESCRIPTION ?? '', values.DATE ?? '']),
      label: text,
      fields,
      assignees: responsible ? [responsible] : [],
      subtasks: [],
      comments: [],
    };
    result.tasks.push(parent);
  }
  if (result.tasks.length === 0 && result.skipped.length === 0) throw new ImportFileError('This Todoist CSV has no tasks to import.');
  return result;
}
