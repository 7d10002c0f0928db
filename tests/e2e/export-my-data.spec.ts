import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { hasHorizontalScroll, signIn } from './support/session';
import { createTask, uniqueTitle } from './support/planner';

// Export my data (issue 39 item 3): Settings > Export my data offers the person's own tasks, comments
// and activity as a JSON document and as a zip of CSV files, at desktop and phone sizes.

test.describe('export my data', () => {
  test('both downloads are offered in Settings, and the JSON holds the task just created', async ({ page }, info) => {
    await signIn(page, 'user');
    const title = uniqueTitle(info, 'Exported task');
    const id = await createTask(page, { title });

    await page.goto('/settings#export-my-data');
    const section = page.getByTestId('settings-export-my-data');
    await expect(section.getByRole('heading', { name: 'Export my data' })).toBeVisible();
    await expect(section.getByText('Your tasks, your comments, your activity and the files you uploaded, to keep or to take elsewhere.')).toBeVisible();
    const json = section.getByRole('link', { name: 'Download JSON' });
    const zip = section.getByRole('link', { name: 'Download CSV (zip)' });
    await expect(json).toBeVisible();
    await expect(zip).toBeVisible();
    await expect(zip).toHaveAttribute('href', '/api/me/export.zip');
    expect(await hasHorizontalScroll(page)).toBe(false);
    const violations = await new AxeBuilder({ page })
      .include('[data-testid="settings-export-my-data"]')
      .options({ resultTypes: ['violations'] })
      .analyze();
    expect(violations.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    // From the keyboard: the link takes focus and Enter downloads the document.
    await json.focus();
    await expect(json).toBeFocused();
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toMatch(/^let-work-flow-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const doc = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
      format: string;
      user: { username: string };
      tasks: { id: string; title: string }[];
    };
    expect(doc.format).toBe('let-work-flow/my-data');
    expect(doc.user.username).toBe('user');
    expect(doc.tasks).toContainEqual(expect.objectContaining({ id, title }));
  });
});
