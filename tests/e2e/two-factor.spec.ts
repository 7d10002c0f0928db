import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { signIn } from './support/session';
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

test('Admin › Security shows who must use two-factor; a person it applies to is sent to set it up after signing in', async ({ page, isMobile }) => {
  await signIn(page, 'admin');
  await page.goto('/admin?tab=security');
  await expect(page.getByRole('radio', { name: 'Nobody' })).toBeChecked();
  await page.getByRole('radio', { name: 'Everyone' }).check();
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  // Not saved: the requirement is the whole workspace's, and other tests sign in at the same time.
  const person = await createPerson(page, { prefix: 'Required' });
  await page.request.post('/api/auth/logout');
  await page.context().clearCookies();

  // The check after signing in answers as it would with "Everyone" saved.
  await page.route('**/graphql', async (route) => {
    const body = route.request().postDataJSON() as { operationName?: string } | null;
    if (body?.operationName !== 'SignInTwoFactor') return route.fallback();
    await route.fulfill({ json: { data: { twoFactor: { __typename: 'TwoFactorState', setupRequired: true } } } });
  });
  await signInAs(page, person);
  await expect(page).toHaveURL(/\/settings#two-factor$/);
  await expect(page.getByTestId('two-factor').getByRole('button', { name: 'Set up two-factor' })).toBeVisible();
  if (isMobile) await expect(page.getByTestId('two-factor')).toBeInViewport();
});
