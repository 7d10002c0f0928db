import { expect, type Page } from '@playwright/test';

export const ACCOUNTS = {
  admin: { username: 'admin', password: 'admin123', firstName: 'Ada' },
  manager: { username: 'manager', password: 'manager123', firstName: 'Maya' },
  user: { username: 'user', password: 'user123', firstName: 'Uri' },
} as const;

/** Signs in through the login form and waits for the welcome toast. */
export async function signIn(page: Page, who: keyof typeof ACCOUNTS): Promise<void> {
  const account = ACCOUNTS[who];
  await page.goto('/');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText(`Welcome back, ${account.firstName}!`)).toBeVisible();
}

/** True when the page scrolls sideways (nothing may, at phone size). */
export const hasHorizontalScroll = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
