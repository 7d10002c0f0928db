import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTrello, isDoneList } from '../../api/modules/import/parsers/trello.js';
import { parseTodoist } from '../../api/modules/import/parsers/todoist.js';
import { isOwnExport, parseCsv, resolveMapping } from '../../api/modules/import/parsers/csv.js';
import { ImportFileError, reportOf, SKIPPED_MAX } from '../../api/modules/import/import.types.js';

// The importers' parsers (api/modules/import/parsers): pure functions from a file's text to tasks.

const fixture = (name: string): string => readFileSync(path.join(import.meta.dirname, '../api/fixtures/import', name), 'utf8');

describe('import parsers', () => {
  it('reads done-like list names', () => {
    expect(['Done', 'Done ✔', 'Completed this week', 'finished', 'COMPLETE'].every(isDoneList)).toBe(true);
    expect(['Doing', 'Backlog', 'Undone-ish', 'Donations'].some(isDoneList)).toBe(false);
  });

  it('reads a Trello board: checklist order, comments oldest first, members as people', () => {
    const { tasks, skipped } = parseTrello(fixture('trello-board.json'));
    expect(skipped).toEqual([]);
    expect(tasks.map((t) => t.ref)).toEqual(['card1', 'card2', 'card3', 'card4']);
    expect(tasks[0].subtasks.map((s) => s.title)).toEqual(['Hero image', 'Pricing table', 'Sign-up form']);
    expect(tasks[0].comments.map((c) => c.author?.username)).toEqual(['user', 'zoe_contractor']);
    expect(tasks[0].fields).toMatchObject({ dueDate: '2026-12-15', tags: ['Frontend', 'Urgent', 'Backlog'], column: 'unscheduled' });
    expect(tasks[2].fields).toMatchObject({ status: 'Done', tags: [] });
    expect(() => parseTrello('[1, 2]')).toThrow(ImportFileError);
  });

  it('reads a Todoist CSV: a note after a subtask belongs to its task', () => {
    const { tasks } = parseTodoist(fixture('todoist.csv'));
    expect(tasks.map((t) => [t.label, t.subtasks.length, t.comments.length])).toEqual([
      ['Draft the quarterly plan', 2, 1],
      ['Book the offsite venue', 0, 0],
      ['Order team T-shirts', 0, 0],
    ]);
    expect(tasks[0].assignees).toEqual([{ name: 'Uri User', fullName: 'Uri User', username: 'Uri User', email: undefined }]);
  });

  it('names the same rows the same way each time, and equal rows apart', () => {
    const csv = 'Title\nSame\nSame\nOther\n';
    const first = parseCsv(csv).tasks.map((t) => t.ref);
    expect(new Set(first).size).toBe(3);
    expect(parseCsv(csv).tasks.map((t) => t.ref)).toEqual(first);
  });

  it("recognises the product's own export and undoes its formula escape", () => {
    expect(isOwnExport(['Title', 'Status', 'Assigned To'])).toBe(true);
    expect(isOwnExport(['Title', 'Summary'])).toBe(false);
    expect(resolveMapping(['Title', 'Due Date', 'Created By'], undefined)).toEqual({ title: 'Title', due: 'Due Date' });
    const { tasks } = parseCsv("\uFEFFTitle,Description\r\n'=1+1,'-minus\r\n");
    expect(tasks[0].fields).toMatchObject({ title: '=1+1', description: '-minus' });
  });

  it('keeps a report of at most SKIPPED_MAX entries', () => {
    const many = Array.from({ length: SKIPPED_MAX + 5 }, (_, i) => ({ ref: `Row ${i}`, reason: 'No title' }));
    const report = reportOf(many);
    expect(report).toHaveLength(SKIPPED_MAX);
    expect(report.at(-1)).toEqual({ ref: '6 more', reason: `Not listed: the report lists the first ${SKIPPED_MAX - 1}` });
  });
});
