import { expect, test } from '@playwright/test';
import { signIn } from './support/session';
import { createTask, moveTask, openView, uniqueTitle } from './support/planner';

test.describe('planner: master-list search never steals the keyboard', () => {
  test.beforeEach(async ({ page }) => signIn(page, 'user'));

  test('typing slowly keeps every character while the results open; Enter moves into them, Escape comes back', async ({ page }, info) => {
    const title = uniqueTitle(info, 'Slow typist finished').replace(/\s+/g, '-');
    const id = await createTask(page, { title });
    await moveTask(page, { taskId: id, column: 'COMPLETED' });
    await openView(page, 'master');

    const box = page.getByRole('combobox', { name: 'Search tasks' });
    const results = page.getByRole('dialog', { name: 'Search results' });
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.click();
    // The first part, then a pause long enough for the results to open...
    const head = title.slice(0, 20);
    await box.pressSequentially(head, { delay: 150 });
    await expect(results).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(box).toHaveAttribute('aria-controls', (await results.getAttribute('id')) ?? 'missing');
    await expect(box).toBeFocused();
    // ...and the rest typed into the open results: every key still lands in the box.
    await box.pressSequentially(title.slice(20), { delay: 150 });
    await expect(box).toHaveValue(title);
    await expect(box).toBeFocused();
    await expect(results.getByRole('region', { name: 'Completed Tasks' }).getByRole('button', { name: title })).toBeVisible();

    // Enter moves into the results; Escape closes them and gives the focus back.
    await box.press('Enter');
    await expect(results.getByRole('button', { name: title })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(results).toHaveCount(0);
    await expect(box).toBeFocused();
    await expect(box).toHaveValue(title);
    await expect(box).toHaveAttribute('aria-expanded', 'false');

    // The button under the empty list opens them again, focus inside; choosing a hit opens its details.
    await page.getByRole('button', { name: 'Show 1 match in other areas' }).click();
    await expect(results.getByRole('button', { name: title })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Task Details' }).getByLabel('Task Title')).toHaveValue(title);
  });
});
