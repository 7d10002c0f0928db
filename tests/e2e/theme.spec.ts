import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/session';
import { createPerson, signInAs, type Person } from './support/people';

const html = (page: Page) => page.locator('html');
const DARK = /\bdark\b/;
/** The page's own background: slate-950 in the dark theme, slate-50 in the light one. */
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** A fresh member, so changing their theme touches no other test's account. */
async function freshMember(page: Page): Promise<Person> {
  await signIn(page, 'admin');
  const person = await createPerson(page, { prefix: 'Themed' });
  await page.request.post('/api/auth/logout');
  await page.context().clearCookies();
  return person;
}

test.describe('themes', () => {
  test.describe('with the system set to dark', () => {
    test.use({ colorScheme: 'dark' });

    test('the app follows the system: sign-in page and board are dark', async ({ page }) => {
      await page.goto('/login');
      await expect(html(page)).toHaveClass(DARK);
      const dark = await bodyBackground(page);
      await signIn(page, 'user');
      await expect(html(page)).toHaveClass(DARK);
      expect(await bodyBackground(page)).toBe(dark);
    });
  });

  test('the Settings toggle keeps a theme per user: on a reload and in another browser', async ({ page, browser }) => {
    const person = await freshMember(page);
    await signInAs(page, person);
    await expect(html(page)).not.toHaveClass(DARK); // the system (light here) by default
    const light = await bodyBackground(page);

    await page.goto('/settings');
    const appearance = page.getByRole('region', { name: 'Appearance' });
    await expect(appearance.getByRole('radio', { name: /System/ })).toBeChecked();
    // The page turns dark at once; the reload waits for the server to have stored the choice.
    const saved = page.waitForResponse((r) => r.url().endsWith('/graphql') && !!r.request().postData()?.includes('SetTheme'));
    await appearance.getByRole('radio', { name: /Dark/ }).check();
    await expect(html(page)).toHaveClass(DARK);
    expect((await saved).ok()).toBe(true);
    expect(await bodyBackground(page)).not.toBe(light);
    await expect(appearance.getByRole('radio', { name: /Dark/ })).toBeChecked();
    await page.reload();
    await expect(html(page)).toHaveClass(DARK);
    await expect(page.getByRole('region', { name: 'Appearance' }).getByRole('radio', { name: /Dark/ })).toBeChecked();

    // Kept on the server: a new browser (light system, nothing stored) shows it after signing in.
    const other = await browser.newContext({ viewport: page.viewportSize(), colorScheme: 'light' });
    const second = await other.newPage();
    await signInAs(second, person);
    await expect(html(second)).toHaveClass(DARK);

    // Signed out, the browser no longer wears their theme: the sign-in page follows the system.
    if ((second.viewportSize()?.width ?? 0) < 768) await second.getByRole('button', { name: 'Open menu' }).click();
    await second.getByRole('button', { name: 'Logout' }).click();
    await expect(second.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(html(second)).not.toHaveClass(DARK);
    await second.reload();
    await expect(second.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(html(second)).not.toHaveClass(DARK);

    // Back to System: light again.
    await page
      .getByRole('region', { name: 'Appearance' })
      .getByRole('radio', { name: /System/ })
      .check();
    await expect(html(page)).not.toHaveClass(DARK);
    await other.close();
  });
});
