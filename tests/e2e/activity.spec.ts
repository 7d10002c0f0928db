import { expect, test, type Page } from '@playwright/test';
import { hasHorizontalScroll, signIn } from './support/session';
import { createTask } from './support/planner';
import { toast } from './support/tasks';

let counter = 0;
const token = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const entries = (page: Page) => page.getByTestId('activity-entry');

async function searchActivity(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search activity' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${text}`));
}

test("entries grouped by day with counts, diffs with '+N more changes', filters and 'No activity found'", async ({ page }) => {
  const word = token('act');
  await signIn(page, 'user');
  const taskId = await createTask(page, { title: `${word} timeline`, priority: 'low' });
  const res = await page.request.patch(`/api/tasks/${taskId}`, {
    data: { priority: 'high', progress: 50, description: 'more', tags: ['x'], estimatedHours: 2 },
  });
  expect(res.ok()).toBe(true);

  await page.goto('/activity');
  await expect(page.getByRole('heading', { name: 'Activity Timeline' })).toBeVisible({ timeout: 20_000 });
  await searchActivity(page, word);
  await expect(entries(page)).toHaveCount(2);
  const today = page.getByTestId('activity-day');
  await expect(today).toHaveCount(1);
  await expect(today.getByRole('heading')).toHaveText(/^Today\s*2 activities$/);

  const update = entries(page).filter({ hasText: 'updated' });
  await expect(update.getByRole('list', { name: 'Changes' }).getByRole('listitem')).toHaveCount(4); // 3 fields + the toggle
  await update.getByRole('button', { name: '+2 more changes' }).click();
  await expect(update.getByRole('list', { name: 'Changes' }).getByRole('listitem')).toHaveCount(6);
  await page.screenshot({ path: test.info().outputPath('activity.png'), fullPage: true });
  await expect(update).toContainText('Priority:');
  await update.getByRole('button', { name: 'Show fewer changes' }).click();

  // Filters: action, user, date; nothing matching shows the empty state.
  await page.getByLabel('Action').selectOption('created');
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page)).toContainText('created');
  await page.getByLabel('Action').selectOption('');
  await page.getByLabel('User').selectOption({ label: 'Maya Manager' });
  await expect(page.getByText('No activity found')).toBeVisible();
  await page.getByLabel('User').selectOption({ label: 'Uri User' });
  await expect(entries(page)).toHaveCount(2);
  await page.getByLabel('Date').fill('2020-01-01');
  await expect(page.getByText('No activity found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page).not.toHaveURL(/q=/);
  await expect(page.getByRole('searchbox', { name: 'Search activity' })).toHaveValue('');

  // The task link opens it.
  await searchActivity(page, word);
  await entries(page)
    .filter({ hasText: 'created' })
    .getByRole('button', { name: new RegExp(`${word} timeline`) })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Task Details' });
  await expect(dialog.getByTestId('task-dialog-title')).toHaveText(`${word} timeline`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await hasHorizontalScroll(page)).toBe(false);
});

test("a member never sees the activity of others' private tasks; new entries appear on top live", async ({ page, browser }) => {
  const word = token('priv');
  const other = await browser.newContext();
  const managerPage = await other.newPage();
  await signIn(managerPage, 'manager');
  await createTask(managerPage, { title: `${word} manager private` });

  await signIn(page, 'user');
  await page.goto(`/activity?q=${word}`);
  await expect(page.getByText('No activity found')).toBeVisible({ timeout: 20_000 });

  // The manager's task for the user shows up live, on top; their private one never does.
  await createTask(managerPage, { title: `${word} for the user`, assignedToId: (await (await page.request.get('/api/auth/me')).json()).id });
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText(`${word} for the user`);
  await expect(page.getByText(`${word} manager private`)).toHaveCount(0);
  await other.close();
});

test('restore a version and a deleted task from the timeline', async ({ page }) => {
  const word = token('rst');
  await signIn(page, 'user');
  const taskId = await createTask(page, { title: `${word} restore`, priority: 'low' });
  await page.request.patch(`/api/tasks/${taskId}`, { data: { priority: 'critical' } });
  await page.goto(`/activity?q=${word}`);
  await expect(entries(page)).toHaveCount(2, { timeout: 20_000 });

  await entries(page).filter({ hasText: 'updated' }).getByRole('button', { name: 'Restore this version' }).click();
  await expect(toast(page, 'Version restored')).toBeVisible();
  await expect(entries(page)).toHaveCount(3);
  await expect(entries(page).first()).toContainText('restored');
  expect((await (await page.request.get(`/api/tasks/${taskId}`)).json()).priority).toBe('low');

  // Delete it (with a subtask and a comment), then bring it back.
  await page.request.post(`/api/tasks/${taskId}/subtasks`, { data: { title: `${word} step` } });
  await page.request.post(`/api/tasks/${taskId}/comments`, { data: { content: `${word} note` } });
  expect((await page.request.delete(`/api/tasks/${taskId}`)).ok()).toBe(true);
  const deleted = entries(page).filter({ hasText: `Deleted task "${word} restore"` });
  await expect(deleted).toHaveCount(1);
  await deleted.getByRole('button', { name: 'Restore task' }).click();
  await expect(toast(page, 'Task restored')).toBeVisible();
  await expect(entries(page).first()).toContainText(`Restored deleted task "${word} restore"`);
  await expect(deleted.getByRole('button', { name: 'Restore task' })).toHaveCount(0);
  const back = await page.request.get(`/api/tasks/${taskId}`);
  expect(back.ok()).toBe(true);
  expect((await (await page.request.get(`/api/tasks/${taskId}/subtasks`)).json()).map((s: { title: string }) => s.title)).toEqual([`${word} step`]);
  expect((await (await page.request.get(`/api/tasks/${taskId}/comments`)).json()).map((c: { content: string }) => c.content)).toEqual([`${word} note`]);

  // A creation cannot be restored: no button.
  await expect(
    entries(page)
      .filter({ hasText: `Created task "${word} restore"` })
      .getByRole('button', { name: /Restore/ }),
  ).toHaveCount(0);
});

test("a day's count covers every matching entry, not only the 50 loaded", async ({ page }) => {
  const word = token('days');
  await signIn(page, 'user');
  const taskId = await createTask(page, { title: `${word} busy`, priority: 'low' });
  // 1 created + 54 updated = 55 entries today; the first page holds 50.
  for (let i = 1; i <= 54; i++) {
    const res = await page.request.patch(`/api/tasks/${taskId}`, { data: { progress: i } });
    expect(res.ok()).toBe(true);
  }
  await page.goto(`/activity?q=${word}`);
  await expect(page.getByRole('heading', { name: 'Activity Timeline' })).toBeVisible({ timeout: 20_000 });
  await expect(entries(page)).toHaveCount(50);
  await expect(page.getByTestId('activity-day').getByRole('heading')).toHaveText(/^Today\s*55 activities$/);
});
