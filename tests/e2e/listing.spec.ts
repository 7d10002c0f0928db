import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { hasHorizontalScroll, signIn } from './support/session';
import { createTask } from './support/planner';
import { toast } from './support/tasks';

let counter = 0;
/** A word no other test uses, to search the listing by. */
const token = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const isPhone = () => test.info().project.name === 'phone';
/** The visible result items: table rows on desktop, cards on phones (and in the Cards layout). */
const items = (page: Page, cards = isPhone()) => page.getByTestId(cards ? 'listing-card' : 'listing-row');
const count = (page: Page) => page.getByTestId('listing-count');

/** Opens the listing and waits for its first result (the screen's chunk loads on demand; the machine may be busy). */
async function openListing(page: Page, url: string, expected: string | RegExp) {
  await page.goto(url);
  await expect(count(page)).toHaveText(expected, { timeout: 20_000 });
}

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search tasks' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${text}`));
}

async function openFilters(page: Page) {
  const toggle = page.getByRole('button', { name: /^Filters/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return page.getByRole('region', { name: 'Filters' });
}

test('count, search, filters, sort, layouts, URL state and Back; members see only their own tasks', async ({ page, browser }) => {
  const word = token('lst');
  await signIn(page, 'user');
  await createTask(page, { title: `${word} Alpha`, priority: 'high', status: 'BLOCKED', tags: [`${word}tag`] });
  await createTask(page, { title: `${word} Bravo`, priority: 'low', status: 'PLANNED' });
  await createTask(page, { title: `${word} Charlie`, priority: 'high', status: 'PLANNED', category: 'design' });
  // A manager's own task with the same word: never in the member's listing.
  const managerContext = await browser.newContext();
  const managerPage = await managerContext.newPage();
  await signIn(managerPage, 'manager');
  await createTask(managerPage, { title: `${word} Manager private`, priority: 'high' });

  await page.goto('/task-listing');
  await expect(page.getByRole('heading', { name: 'Task Listing' })).toBeVisible({ timeout: 20_000 });
  await search(page, word);
  await expect(count(page)).toHaveText('3 task(s) found');
  await page.screenshot({ path: test.info().outputPath('listing.png'), fullPage: true });
  await expect(items(page)).toHaveCount(3);
  await expect(items(page).filter({ hasText: 'Manager private' })).toHaveCount(0);

  // Filters: single-select per field.
  const filters = await openFilters(page);
  await filters.getByLabel('Priority').selectOption('high');
  await expect(count(page)).toHaveText('2 task(s) found');
  await filters.getByLabel('Status').selectOption('BLOCKED');
  await expect(count(page)).toHaveText('1 task(s) found');
  await expect(items(page)).toHaveText([new RegExp(`${word} Alpha`)]);
  await filters.getByLabel('Status').selectOption('');
  await filters.getByLabel('Category').selectOption('design');
  await expect(items(page)).toHaveText([new RegExp(`${word} Charlie`)]);
  await filters.getByLabel('Category').selectOption('');
  await filters.getByLabel('Priority').selectOption('');
  await filters.getByLabel('Tag').selectOption(`${word}tag`);
  await expect(items(page)).toHaveText([new RegExp(`${word} Alpha`)]);
  await filters.getByLabel('Tag').selectOption('');
  await expect(count(page)).toHaveText('3 task(s) found');

  // Sort by title ascending, then descending.
  await page.getByLabel('Sort by').selectOption('title');
  await page.getByRole('button', { name: /Descending/ }).click();
  await expect(items(page)).toHaveText([new RegExp('Alpha'), new RegExp('Bravo'), new RegExp('Charlie')]);
  await page.getByRole('button', { name: /Ascending/ }).click();
  await expect(items(page)).toHaveText([new RegExp('Charlie'), new RegExp('Bravo'), new RegExp('Alpha')]);
  await expect(page).toHaveURL(/sort=title/);

  // Layouts, with the state in the URL: a reload keeps it, Back returns to the table.
  await page.getByRole('button', { name: 'Cards', exact: true }).click();
  await expect(page).toHaveURL(/layout=cards/);
  await expect(items(page, true)).toHaveCount(3);
  await expect(page.getByTestId('listing-table')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('listing-cards.png'), fullPage: true });
  await page.reload();
  await expect(items(page, true)).toHaveText([new RegExp('Charlie'), new RegExp('Bravo'), new RegExp('Alpha')]);
  await page.goBack();
  await expect(page).not.toHaveURL(/layout=cards/);
  if (isPhone()) {
    await expect(page.getByTestId('listing-table')).toBeHidden(); // the table becomes cards
    await expect(items(page, true)).toHaveCount(3);
  } else {
    await expect(items(page)).toHaveCount(3);
  }

  // A copied link opens the same listing for someone else too (their own scope applies).
  const link = page.url();
  await openListing(managerPage, link, '4 task(s) found');
  await expect(items(managerPage).first()).toContainText('Manager private');
  await managerContext.close();

  // Clear All resets search and filters.
  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search tasks' })).toHaveValue('');
  expect(await hasHorizontalScroll(page)).toBe(false);
});

test("the detail dialog steps through the results with 'i of n', arrow keys and Escape", async ({ page }) => {
  const word = token('nav');
  await signIn(page, 'user');
  for (const name of ['One', 'Two', 'Three']) await createTask(page, { title: `${word} ${name}` });
  await openListing(page, `/task-listing?q=${word}&sort=title&order=asc`, '3 task(s) found');
  await items(page)
    .filter({ hasText: `${word} Three` })
    .getByTestId('listing-title')
    .click();
  const dialog = page.getByRole('dialog', { name: 'Task Details' });
  await expect(dialog.getByTestId('task-dialog-title')).toHaveText(`${word} Three`);
  await expect(dialog.getByTestId('task-position')).toHaveText('2 of 3');
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByTestId('task-dialog-title')).toHaveText(`${word} Two`);
  await expect(dialog.getByTestId('task-position')).toHaveText('3 of 3');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByTestId('task-dialog-title')).toHaveText(`${word} One`);
  await expect(dialog.getByTestId('task-position')).toHaveText('1 of 3');
  await dialog.getByRole('button', { name: 'Next task' }).click();
  await expect(dialog.getByTestId('task-position')).toHaveText('2 of 3');
  // Editing goes through the task details components; the row follows.
  await dialog.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Task Title').fill(`${word} Three edited`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Task updated successfully')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(items(page).filter({ hasText: `${word} Three edited` })).toHaveCount(1);
});

test("'i of n' counts every result, also past the first page (50 rows), and Next reaches the 51st", async ({ page }) => {
  const word = token('many');
  await signIn(page, 'user');
  const titles = Array.from({ length: 52 }, (_, i) => `${word} ${String(i + 1).padStart(2, '0')}`);
  for (const title of titles) await createTask(page, { title });
  await openListing(page, `/task-listing?q=${word}&sort=title&order=asc`, '52 task(s) found');
  await items(page)
    .filter({ hasText: `${word} 49` })
    .getByTestId('listing-title')
    .click();
  const dialog = page.getByRole('dialog', { name: 'Task Details' });
  await expect(dialog.getByTestId('task-position')).toHaveText('49 of 52');
  await dialog.getByRole('button', { name: 'Next task' }).click();
  await expect(dialog.getByTestId('task-position')).toHaveText('50 of 52');
  // The 51st row is on the second page: the dialog loads it as the person steps on.
  await dialog.getByRole('button', { name: 'Next task' }).click();
  await expect(dialog.getByTestId('task-dialog-title')).toHaveText(`${word} 51`);
  await expect(dialog.getByTestId('task-position')).toHaveText('51 of 52');
});

test('live: a listing scrolled past its first page keeps its rows when a task created elsewhere joins it', async ({ page }) => {
  const word = token('keep');
  await signIn(page, 'user');
  for (let i = 1; i <= 52; i++) await createTask(page, { title: `${word} ${String(i).padStart(2, '0')}` });
  await openListing(page, `/task-listing?q=${word}&sort=title&order=asc`, '52 task(s) found');
  await expect(items(page)).toHaveCount(50);
  // Scrolling to the end loads the second page.
  await items(page).last().scrollIntoViewIfNeeded();
  await expect(items(page)).toHaveCount(52);
  // Back at the top (the end of the list out of view, so nothing loads more by itself), a matching task
  // is created elsewhere: the listing reads its rows again, as many as it had, not only the first page.
  await count(page).scrollIntoViewIfNeeded();
  await createTask(page, { title: `${word} 00` });
  await expect(count(page)).toHaveText('53 task(s) found');
  await expect(items(page).first()).toContainText(`${word} 00`);
  await expect(items(page)).toHaveCount(52);
  await expect(items(page).last()).toContainText(`${word} 51`);
});

/** RFC 4180 rows of a CSV text. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

test('Export downloads a CSV whose rows equal the filtered listing', async ({ page }) => {
  const word = token('csv');
  await signIn(page, 'user');
  await createTask(page, { title: `${word} first`, priority: 'high' });
  await createTask(page, { title: `=${word} formula`, priority: 'high' });
  await createTask(page, { title: `${word} low one`, priority: 'low' });
  await openListing(page, `/task-listing?q=${word}&priority=high&sort=title&order=asc`, '2 task(s) found');
  await expect(items(page)).toHaveCount(2);
  const shown = await items(page).getByTestId('listing-title').allTextContents();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  expect(download.suggestedFilename()).toBe('tasks.csv');
  const rows = parseCsv((await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, ''));
  expect(rows[0]).toEqual(['Title', 'Status', 'Priority', 'Assigned To', 'Project', 'Due Date']);
  expect(rows.slice(1).map((r) => r[0].replace(/^'(?=[=+\-@])/, ''))).toEqual(shown);
  expect(rows.slice(1).map((r) => r[0])).toContain(`'=${word} formula`);
});

test('a saved view survives a reload, opens with its filters, sort and columns, and can be shared with another user', async ({ page, browser }) => {
  const word = token('view');
  const viewName = `View ${word}`;
  await signIn(page, 'user');
  await createTask(page, { title: `${word} kept`, priority: 'critical' });
  await createTask(page, { title: `${word} filtered out`, priority: 'low' });
  await openListing(page, `/task-listing?q=${word}&priority=critical&sort=title&order=asc&cols=title,priority,tags`, '1 task(s) found');

  await page.getByRole('button', { name: 'Save View' }).click();
  const save = page.getByRole('dialog', { name: 'Save View' });
  await expect(save.getByRole('button', { name: 'Save' })).toBeDisabled(); // name required
  await save.getByLabel('View name').fill(`  ${viewName}  `);
  await save.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'View created')).toBeVisible();
  await expect(page).toHaveURL(/view=/);

  // Clear everything, reload, then open the view from the picker.
  await page.goto('/task-listing');
  await page.reload();
  await page.getByTestId('view-picker').click();
  await page.getByRole('menuitem', { name: viewName }).click();
  await expect(count(page)).toHaveText('1 task(s) found');
  await expect(page).toHaveURL(/priority=critical/);
  await expect(page.getByRole('searchbox', { name: 'Search tasks' })).toHaveValue(word);
  if (!isPhone()) await expect(page.getByRole('columnheader')).toHaveText(['Title', 'Priority', 'Tags']);

  await page.getByRole('button', { name: 'Share View' }).click();
  const share = page.getByRole('dialog', { name: 'Share View' });
  await share.getByLabel(/Maya Manager/).check();
  await share.getByRole('button', { name: 'Share' }).click();
  await expect(toast(page, 'View shared')).toBeVisible();

  const other = await browser.newContext(isPhone() ? { viewport: { width: 375, height: 812 } } : {});
  const managerPage = await other.newPage();
  await signIn(managerPage, 'manager');
  await openListing(managerPage, '/task-listing', /task\(s\) found/);
  await managerPage.getByTestId('view-picker').click();
  await managerPage.getByRole('menuitem', { name: viewName }).click();
  await expect(managerPage).toHaveURL(/priority=critical/);
  await expect(count(managerPage)).toHaveText('1 task(s) found');
  // Not theirs: no Share/Rename/Delete.
  await expect(managerPage.getByRole('button', { name: 'Share View' })).toHaveCount(0);
  await other.close();

  await page.getByRole('button', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename View' });
  await rename.getByLabel('View name').fill(`${viewName} renamed`);
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByTestId('view-picker')).toContainText(`${viewName} renamed`);
  await page.getByRole('button', { name: 'Delete view' }).click();
  await page.getByRole('dialog', { name: 'Delete view' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).not.toHaveURL(/view=/);
  await page.getByTestId('view-picker').click();
  await expect(page.getByRole('menuitem', { name: `${viewName} renamed` })).toHaveCount(0);
});

test('live: a task changed elsewhere updates its row, and leaves when it stops matching', async ({ page }) => {
  const word = token('live');
  await signIn(page, 'user');
  const taskId = await createTask(page, { title: `${word} moving`, priority: 'high' });
  await openListing(page, `/task-listing?q=${word}&priority=high`, '1 task(s) found');
  const res = await page.request.patch(`/api/tasks/${taskId}`, { data: { title: `${word} renamed live` } });
  expect(res.ok()).toBe(true);
  await expect(items(page)).toHaveText([new RegExp(`${word} renamed live`)]);
  await page.request.patch(`/api/tasks/${taskId}`, { data: { priority: 'low' } });
  await expect(count(page)).toHaveText('0 task(s) found');
  await expect(page.getByText('No tasks found')).toBeVisible();
});

test('the Tag filter offers every tag of the tasks the viewer may read, not only those of loaded rows', async ({ page, browser }) => {
  const word = token('tg');
  await signIn(page, 'user');
  await createTask(page, { title: `${word} tagged`, tags: [`${word}mine`] });
  const managerContext = await browser.newContext();
  const managerPage = await managerContext.newPage();
  await signIn(managerPage, 'manager');
  await createTask(managerPage, { title: `${word} private`, tags: [`${word}private`] });
  await managerContext.close();

  // A search matching none of them: no row carries the tag, the filter still offers it.
  const other = token('none');
  await openListing(page, `/task-listing?q=${other}`, '0 task(s) found');
  const tag = (await openFilters(page)).getByLabel('Tag');
  await expect(tag.locator('option', { hasText: `${word}mine` })).toHaveCount(1);
  await expect(tag.locator('option', { hasText: `${word}private` })).toHaveCount(0); // not the member's: a member sees tags of tasks assigned to or created by them
  await tag.selectOption(`${word}mine`);
  await page.getByRole('searchbox', { name: 'Search tasks' }).fill('');
  await expect(page).not.toHaveURL(/q=/);
  await expect(count(page)).toHaveText('1 task(s) found');
  await expect(items(page)).toHaveText([new RegExp(`${word} tagged`)]);
});

test('live: a task created elsewhere that matches the filters appears in the filtered listing', async ({ page, browser }) => {
  const word = token('new');
  await signIn(page, 'user');
  const firstId = await createTask(page, { title: `${word} first`, priority: 'high' });
  const me = await userId(page, firstId);
  await openListing(page, `/task-listing?q=${word}&priority=high`, '1 task(s) found');

  // Another person, in another browser, creates one task that does not match and one that does.
  const managerContext = await browser.newContext();
  const managerPage = await managerContext.newPage();
  await signIn(managerPage, 'manager');
  await createTask(managerPage, { title: `${word} low one`, priority: 'low', assignedToId: me });
  await createTask(managerPage, { title: `${word} from manager`, priority: 'high', assignedToId: me });
  await managerContext.close();

  await expect(count(page)).toHaveText('2 task(s) found');
  await expect(items(page).filter({ hasText: `${word} from manager` })).toHaveCount(1);
  await expect(items(page).filter({ hasText: `${word} low one` })).toHaveCount(0);
});

/** The signed-in person's id: the assignee of a task they created (assigned to its creator by default). */
async function userId(page: Page, taskId: string): Promise<string> {
  const res = await page.request.get(`/api/tasks/${taskId}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { assignedToId: string }).assignedToId;
}

test('the Spent column shows the time spent, and the Spent filter keeps the tasks with time (or without)', async ({ page }) => {
  const word = token('spent');
  await signIn(page, 'user');
  await createTask(page, { title: `${word} logged` });
  await createTask(page, { title: `${word} untouched` });
  // Time logged by hand on the first (the time section has its own tests).
  const found = await page.request.get(`/api/tasks?search=${word} logged`);
  const [logged] = (await found.json()) as { id: string }[];
  const entry = await page.request.post(`/api/tasks/${logged!.id}/time-entries`, { data: { date: '2026-05-04', minutes: 90 } });
  expect(entry.status(), await entry.text()).toBe(201);

  await openListing(page, `/task-listing?q=${word}&sort=title&order=asc&cols=title,timeSpent`, '2 task(s) found');
  if (!isPhone()) await expect(page.getByRole('columnheader')).toHaveText(['Title', 'Spent']);
  await expect(items(page).filter({ hasText: `${word} logged` })).toContainText('1h 30m');

  const filters = await openFilters(page);
  await filters.getByLabel('Spent').selectOption({ label: 'With time spent' });
  await expect(page).toHaveURL(/spent=with/);
  await expect(count(page)).toHaveText('1 task(s) found');
  await expect(items(page).getByTestId('listing-title')).toHaveText([`${word} logged`]);
  await filters.getByLabel('Spent').selectOption({ label: 'No time spent' });
  await expect(count(page)).toHaveText('1 task(s) found');
  await expect(items(page).getByTestId('listing-title')).toHaveText([`${word} untouched`]);
});
