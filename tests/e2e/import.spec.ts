import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { hasHorizontalScroll, signIn } from './support/session';
import { uniqueTitle } from './support/planner';

/** The task of this title as REST answers it (GET /api/tasks?search=). */
async function taskTitled(page: Page, title: string): Promise<{ description: string | null; tags: string[]; assignedToId: string | null }> {
  const res = await page.request.get(`/api/tasks?search=${encodeURIComponent(title)}`);
  const found = ((await res.json()) as { title: string }[]).find((t) => t.title === title);
  expect(found, title).toBeTruthy();
  return found as never;
}

// Importers (issue 39 item 1): Settings > Import for a member, Admin > Import for an admin. Each run
// imports rows of its own (unique titles), since importing the same file twice adds nothing.

test.describe('import', () => {
  test('a member imports a CSV: preview, mapping, progress and the report', async ({ page }, info) => {
    const first = uniqueTitle(info, 'Imported mail migration');
    const second = uniqueTitle(info, 'Imported certificate renewal');
    const csv = `Summary,Notes,When,Owner\n"${first}","Move the mailboxes",2026-12-20,\n"${second}",,someday,\n,A row without a summary,,\n`;

    await signIn(page, 'user');
    await page.goto('/settings#import');
    const section = page.getByTestId('settings-import');
    await expect(section.getByRole('heading', { name: 'Import' })).toBeVisible();
    await section.getByText('CSV', { exact: true }).click();
    await section.getByLabel('File').setInputFiles({ name: 'work.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

    // The preview shows the first rows; the title was guessed from "Summary", the rest is chosen here.
    const mapping = section.getByTestId('import-mapping');
    await expect(mapping.getByRole('table', { name: 'First rows of the file' }).getByRole('cell', { name: first })).toBeVisible();
    await expect(mapping.getByLabel('Title (required)')).toHaveValue('Summary');
    await mapping.getByLabel('Description').selectOption('Notes');
    await mapping.getByLabel('Due date').selectOption('When');
    await expect(mapping.getByRole('columnheader', { name: /Notes.*Description/ })).toBeVisible();
    const violations = await new AxeBuilder({ page })
      .include('[data-testid="settings-import"]')
      .options({ resultTypes: ['violations'] })
      .analyze();
    expect(violations.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await mapping.getByLabel('Title (required)').selectOption('');
    await expect(section.getByRole('button', { name: 'Start import' })).toBeDisabled();
    await mapping.getByLabel('Title (required)').selectOption('Summary');
    await section.getByRole('button', { name: 'Start import' }).click();

    const report = section.getByTestId('import-report');
    await expect(report.getByText('CSV import of work.csv done: 2 tasks, 0 subtasks and 0 comments created.')).toBeVisible();
    await expect(report.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100');
    const skipped = report.getByTestId('import-skipped');
    await expect(skipped.getByText('No title')).toBeVisible();
    await expect(skipped.getByText(/Kept without its due date "someday"/)).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);

    const task = await taskTitled(page, first);
    expect(task.description).toBe('Move the mailboxes');

    // Another import starts from the form again.
    await section.getByRole('button', { name: 'Import another file' }).click();
    await expect(section.getByRole('button', { name: 'Start import' })).toBeVisible();
  });

  test('an admin imports a Trello board into a member’s tasks and reads who was not matched', async ({ page }, info) => {
    const board = JSON.parse(readFileSync(path.join(import.meta.dirname, '../api/fixtures/import/trello-board.json'), 'utf8'));
    const suffix = uniqueTitle(info, 'from Trello');
    board.cards = board.cards.map((c: { id: string; name: string }) => ({ ...c, id: `${c.id}-${suffix}`, name: `${c.name} ${suffix}` }));
    board.checklists = board.checklists.map((c: { idCard: string }) => ({ ...c, idCard: `${c.idCard}-${suffix}` }));
    board.actions = board.actions.map((a: { data: { card: { id: string } } }) => ({
      ...a,
      data: { ...a.data, card: { ...a.data.card, id: `${a.data.card.id}-${suffix}` } },
    }));

    await signIn(page, 'admin');
    await page.goto('/admin?tab=import');
    await expect(page.getByRole('tab', { name: 'Import' })).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('form', { name: 'Import tasks' });
    await expect(panel.getByText('Trello', { exact: true })).toBeVisible();
    await panel.getByLabel('File').setInputFiles({ name: 'board.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(board)) });
    await panel.getByLabel('Import into the tasks of').selectOption({ label: 'Uri User' });
    await panel.getByRole('button', { name: 'Start import' }).click();

    const report = page.getByTestId('import-report');
    await expect(report.getByText('Trello import of board.json done: 4 tasks, 3 subtasks and 2 comments created.')).toBeVisible();
    await expect(report.getByTestId('import-skipped').getByText(/Left unassigned: nobody here matches Zoe Contractor/)).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    const task = await taskTitled(page, `Design the landing page ${suffix}`);
    expect(task.tags).toEqual(['Frontend', 'Urgent', 'Backlog']);
  });

  test('a bad file is refused with a message and nothing starts', async ({ page }) => {
    await signIn(page, 'user');
    await page.goto('/settings#import');
    const section = page.getByTestId('settings-import');
    await section.getByLabel('File').setInputFiles({ name: 'board.json', mimeType: 'application/json', buffer: Buffer.from('{"cards": [') });
    await section.getByRole('button', { name: 'Start import' }).click();
    await expect(section.getByRole('alert')).toHaveText(/This file is not JSON/);
    await expect(section.getByTestId('import-report')).toHaveCount(0);
  });
});
