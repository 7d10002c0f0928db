import { expect, test, type Page } from '@playwright/test';

// Single sign-on against the real OpenID provider scripts/e2e.mjs starts (tests/e2e/support/sso-provider.mjs):
// any login name there is a person with a verified email, and the server creates members (OIDC_AUTO_CREATE).

/** Signs `name` in on the provider's development pages: its sign-in form, then its consent. */
async function signInAtProvider(page: Page, name: string): Promise<void> {
  await page.locator('input[name="login"]').fill(name);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

const personName = (project: string) => `sso-${project}-${Math.random().toString(36).slice(2, 8)}`;

test('signs in with single sign-on from any page and comes back to it', async ({ page }, testInfo) => {
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Sign in with SSO' }).click();
  const name = personName(testInfo.project.name);
  await signInAtProvider(page, name);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  // Asked from the page: the sign-in ended at PUBLIC_URL's host (localhost), where its session cookie is.
  const me = await page.evaluate(() => fetch('/api/auth/me').then((res) => res.json()));
  expect(me).toMatchObject({ username: name, email: `${name}@sso.example`, role: 'member' });
});

test('the login screen’s returnTo (the bookmarklet’s sign-in) survives single sign-on', async ({ page }, testInfo) => {
  await page.goto(`/login?returnTo=${encodeURIComponent('/settings?from=bookmarklet')}`);
  await page.getByRole('link', { name: 'Sign in with SSO' }).click();
  await signInAtProvider(page, personName(testInfo.project.name));
  await expect(page).toHaveURL(/\/settings\?from=bookmarklet$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
});

test('says why a single sign-on failed, and the password form stays', async ({ page }) => {
  // An answer no sign-in was started for (no state cookie): refused, back on the login screen.
  await page.goto('/api/auth/oidc/callback?code=forged&state=forged');
  await expect(page).toHaveURL(/\/login\?sso_error=state$/);
  await expect(page.getByRole('alert')).toHaveText('Single sign-on failed: the sign-in took too long or was started in another window. Please try again.');
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in with SSO' })).toBeVisible();
});
