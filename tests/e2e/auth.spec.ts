import { expect, test } from '@playwright/test';
import { ACCOUNTS, hasHorizontalScroll, signIn } from './support/session';

test.describe('sign-in', () => {
  test('shows the login screen with the tagline and signs in each role', async ({ page }) => {
    for (const who of ['admin', 'manager', 'user'] as const) {
      await page.context().clearCookies();
      await signIn(page, who);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
    }
  });

  test('quick-fill buttons fill the demo credentials', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Let work flow' })).toBeVisible();
    await page.getByRole('button', { name: 'Manager' }).click();
    await expect(page.getByLabel('Username')).toHaveValue('manager');
    await expect(page.getByLabel('Password')).toHaveValue('manager123');
  });

  test('empty fields and a wrong password show their messages', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please fill in all fields')).toBeVisible();
    await page.getByLabel('Username').fill('user');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Login failed')).toBeVisible();
    await expect(page.getByText('Invalid username or password')).toBeVisible();
  });

  test('unknown paths show Page not found, and logout returns to the login screen', async ({ page, isMobile }) => {
    await signIn(page, 'user');
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('the sidebar shows entries per role', async ({ page, isMobile }) => {
    for (const [who, lead, admin] of [
      ['user', false, false],
      ['manager', true, false],
      ['admin', true, true],
    ] as const) {
      await page.context().clearCookies();
      await signIn(page, who);
      if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
      const nav = page.getByRole('navigation', { name: 'Main' }).last();
      await expect(nav.getByRole('link', { name: 'Task Listing' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'My Reportees' })).toHaveCount(lead ? 1 : 0);
      await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(admin ? 1 : 0);
      await expect(nav.getByTestId('sidebar-user-name')).toContainText(ACCOUNTS[who].firstName);
    }
  });
});
