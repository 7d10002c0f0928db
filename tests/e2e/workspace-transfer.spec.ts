import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { hasHorizontalScroll, signIn } from './support/session';

// Workspace export (issue 39 item 2): Admin > Backup offers the whole workspace as one .tar.gz
// (docs/WORKSPACE-FORMAT.md), at desktop and phone sizes.

test.describe('workspace export', () => {
  test('an admin downloads the workspace export from Admin > Backup', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/admin?tab=backup');
    await expect(page.getByRole('tab', { name: 'Backup' })).toHaveAttribute('aria-selected', 'true');
    const section = page.getByRole('region', { name: 'Workspace export' });
    await expect(section.getByText(/npm run import/)).toBeVisible();
    const link = section.getByRole('link', { name: 'Download workspace export' });
    await expect(link).toHaveAttribute('href', '/api/admin/workspace-export');
    expect(await hasHorizontalScroll(page)).toBe(false);
    const violations = await new AxeBuilder({ page })
      .include('[aria-labelledby="admin-backup-title"]')
      .options({ resultTypes: ['violations'] })
      .analyze();
    expect(violations.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^let-work-flow-workspace-\d{4}-\d{2}-\d{2}\.tar\.gz$/);
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]); // gzip
  });

  test('the download is for admins only', async ({ page }) => {
    await signIn(page, 'user');
    expect((await page.request.get('/api/admin/workspace-export')).status()).toBe(403);
  });
});
