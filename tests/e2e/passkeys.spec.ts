import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/session';
import { createPerson, signInAs } from './support/people';

// Browsers offer passkeys on a host name, never on an IP address: this spec opens the server as
// localhost, PUBLIC_URL's host (the passkeys' RP ID; docs/API.md, "Passkeys").
const base = new URL(process.env.BASE_URL ?? 'http://127.0.0.1:3000');
base.hostname = 'localhost';
test.use({ baseURL: base.origin });

/** A platform authenticator with a fingerprint that always says yes (Chromium's virtual one, over CDP). */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** Opens Settings from the sidebar footer (the drawer on phones). */
async function openSettings(page: Page, isMobile: boolean): Promise<void> {
  if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).last().getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
}

test('adds a passkey in Settings, signs in with it without a username, renames and removes it', async ({ page, isMobile }) => {
  await addVirtualAuthenticator(page);
  await signIn(page, 'admin');
  const person = await createPerson(page, { prefix: 'Passkey' });
  await page.request.post('/api/auth/logout');
  await page.context().clearCookies();

  await signInAs(page, person);
  await openSettings(page, isMobile);
  const section = page.getByTestId('passkeys');
  await expect(section.getByText('No passkeys yet')).toBeVisible();
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  // Offered this browser and system's name.
  await expect(dialog.getByLabel('Name')).toHaveValue(/^Chrome on \w+/);
  await dialog.getByLabel('Name').fill('Test laptop');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Passkey added')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = section.getByTestId('passkey-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Test laptop');
  await expect(row).toContainText('Last used Never');

  if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText(`Welcome back, ${person.firstName}!`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeHidden();

  await openSettings(page, isMobile);
  await expect(row).not.toContainText('Last used Never');
  await row.getByRole('button', { name: 'Rename Test laptop' }).click();
  const renameDialog = page.getByRole('dialog', { name: 'Rename passkey' });
  await renameDialog.getByLabel('Name').fill('Work laptop');
  await renameDialog.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Work laptop');

  await row.getByRole('button', { name: 'Remove Work laptop' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Passkey removed')).toBeVisible();
  await expect(section.getByText('No passkeys yet')).toBeVisible();
});
