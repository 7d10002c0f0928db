import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { hasHorizontalScroll, signIn } from './support/session';
import { createPerson, signInAs } from './support/people';

/**
 * The code an authenticator app shows `stepsAhead` time steps (30 s) from now. The server accepts one
 * step either way, and refuses a step it already took, so the sign-in after the set-up uses the next step.
 */
const codeFor = (secret: string, stepsAhead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });

/** Opens Settings from the sidebar footer (the drawer on phones). */
async function openSettings(page: Page, isMobile: boolean): Promise<void> {
  if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).last().getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
}

test('sets up two-factor in Settings, then signs in with a code as the second step', async ({ page, isMobile }) => {
  await signIn(page, 'admin');
  const person = await createPerson(page, { prefix: 'Twofa' });
  await page.request.post('/api/auth/logout');
  await page.context().clearCookies();

  await signInAs(page, person);
  await openSettings(page, isMobile);
  const section = page.getByTestId('two-factor');
  await section.getByRole('button', { name: 'Set up two-factor' }).click();
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = await section.getByTestId('two-factor-secret').inputValue();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await section.getByLabel('Enter the 6-digit code your app shows').fill('000000');
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(section.getByRole('alert')).toHaveText('That code is not right');
  await section.getByLabel('Enter the 6-digit code your app shows').fill(await codeFor(secret));
  await section.getByRole('button', { name: 'Turn on' }).click();
  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await section.getByRole('button', { name: 'Done' }).click();
  await expect(section.getByText(/^On\. Signing in asks for a code/)).toBeVisible();
  await expect(section.getByText('10 recovery codes left', { exact: false })).toBeVisible();

  await page.request.post('/api/auth/logout');
  await page.context().clearCookies();
  await page.goto('/');
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const codeField = page.getByLabel('Enter the 6-digit code from your authenticator app');
  await expect(codeField).toBeVisible();
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(page.getByLabel('Password')).toBeHidden();

  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await expect(page.getByLabel('Enter one of your recovery codes')).toBeVisible();
  await page.getByRole('button', { name: 'Use a code from your app' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Password')).toBeVisible();
  await page.getByRole('button', { name: 'Sign In' }).click();

  const code = await codeFor(secret, 1);
  await page.getByLabel('Enter the 6-digit code from your authenticator app').fill(`${code.slice(0, 3)} ${code.slice(3)}`);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(`Welcome back, ${person.firstName}!`)).toBeVisible();
});

test('an admin resets a person’s two-factor from the user dialog', async ({ page, playwright, baseURL }) => {
  await signIn(page, 'admin');
  const person = await createPerson(page, { prefix: 'Lostphone' });
  // The person turns two-factor on through the API, in a browser of their own.
  const theirs = await playwright.request.newContext({ baseURL });
  expect((await theirs.post('/api/auth/login', { data: { username: person.username, password: person.password } })).status()).toBe(200);
  const setup = (await (await theirs.post('/api/auth/two-factor/setup', { data: {} })).json()) as { secret: string };
  const confirm = await theirs.post('/api/auth/two-factor/confirm', { data: { code: await codeFor(setup.secret) } });
  expect(confirm.status(), await confirm.text()).toBe(200);
  const signInAlone = () => theirs.post('/api/auth/login', { data: { username: person.username, password: person.password } });
  expect((await signInAlone()).status()).toBe(401);

  await page.goto('/admin?tab=users');
  await page
    .getByTestId('users-active')
    .locator(`[data-testid="user-row"][aria-label="${person.username}"]`)
    .getByRole('button', { name: `Edit ${person.username}` })
    .click();
  await page.getByRole('dialog', { name: 'Edit User' }).getByRole('button', { name: 'Reset two-factor' }).click();
  await page.getByRole('dialog', { name: 'Reset two-factor?' }).getByRole('button', { name: 'Reset two-factor' }).click();
  await expect(page.getByText('Two-factor reset', { exact: true })).toBeVisible();
  expect((await signInAlone()).status()).toBe(200);
  await theirs.dispose();
});

/** The operations the server answers while a person must set up two-factor (api/auth/two-factor/two-factor.policy.ts). */
const OPEN_DURING_SETUP = new Set(['Me', 'Login', 'Logout', 'SignInTwoFactor', 'SettingsTwoFactor', 'StartTwoFactorSetup', 'ConfirmTwoFactorSetup']);

test('Admin › Security shows who must use two-factor; a person it applies to is held at the set-up at every page until it is on', async ({
  page,
  isMobile,
}) => {
  await signIn(page, 'admin');
  await page.goto('/admin?tab=security');
  await expect(page.getByRole('radio', { name: 'Nobody' })).toBeChecked();
  await page.getByRole('radio', { name: 'Everyone' }).check();
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  // Not saved: the requirement is the whole workspace's, and other tests sign in at the same time. The
  // server's answers under it (tests/api/two-factor.test.ts) are given to this browser alone instead:
  // everything but the set-up is refused with TWO_FACTOR_SETUP_REQUIRED until the set-up is confirmed.
  const person = await createPerson(page, { prefix: 'Required' });
  await page.request.post('/api/auth/logout');
  await page.context().clearCookies();
  let turnedOn = false;
  await page.route('**/graphql', async (route) => {
    const body = route.request().method() === 'POST' ? (route.request().postDataJSON() as { operationName?: string } | null) : null;
    if (turnedOn || !body) return route.fallback();
    const name = body.operationName ?? '';
    if (name === 'SignInTwoFactor' || name === 'SettingsTwoFactor') {
      const response = await route.fetch();
      const json = (await response.json()) as { data?: { twoFactor?: { enabled?: boolean; setupRequired: boolean } } };
      if (json.data?.twoFactor) json.data.twoFactor.setupRequired = !json.data.twoFactor.enabled;
      return route.fulfill({ response, json });
    }
    if (name === 'ConfirmTwoFactorSetup') {
      const response = await route.fetch();
      const json = (await response.json()) as { errors?: unknown[] };
      turnedOn = !json.errors;
      return route.fulfill({ response, json });
    }
    if (OPEN_DURING_SETUP.has(name)) return route.fallback();
    return route.fulfill({ json: { errors: [{ message: 'Two-factor setup required', extensions: { code: 'TWO_FACTOR_SETUP_REQUIRED' } }] } });
  });

  await signInAs(page, person);
  const setupHeading = page.getByRole('heading', { name: 'Set up two-factor sign-in', level: 1 });
  await expect(setupHeading).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  // Another page is the set-up again, whatever the person types in the address bar.
  await page.goto('/task-listing');
  await expect(setupHeading).toBeVisible();
  await expect(page).toHaveURL(/\/task-listing$/);
  if (isMobile) expect(await hasHorizontalScroll(page)).toBe(false);

  const section = page.getByTestId('two-factor');
  await expect(section.getByText('Your administrator asks you to turn on two-factor sign-in.', { exact: false })).toBeVisible();
  await section.getByRole('button', { name: 'Set up two-factor' }).click();
  const secret = await section.getByTestId('two-factor-secret').inputValue();
  await section.getByLabel('Enter the 6-digit code your app shows').fill(await codeFor(secret));
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await section.getByRole('button', { name: 'Done' }).click();
  // On: the page the person was going to.
  await expect(page.getByRole('heading', { name: 'Task Listing', level: 1 })).toBeVisible();
  await expect(setupHeading).toBeHidden();
  await expect(page).toHaveURL(/\/task-listing$/);
});
