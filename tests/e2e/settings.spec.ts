import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { hasHorizontalScroll, signIn } from './support/session';
import { createPerson, secondBrowser, signInAs, type Person } from './support/people';

/** The serious and critical axe-core violations of the Security section as it is now. */
async function securityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include('[data-testid="settings-security"]')
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** A fresh member (created by the admin), so changing their password touches no other test's account. */
async function freshMember(page: Page): Promise<Person> {
  await signIn(page, 'admin');
  const person = await createPerson(page, { prefix: 'Secure' });
  await page.request.post('/api/auth/logout');
  await page.context().clearCookies();
  return person;
}

/** Opens Settings from the sidebar footer (the drawer on phones). */
async function openSettings(page: Page, isMobile: boolean): Promise<void> {
  if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).last().getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
}

test.describe('Settings', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  });

  test('creates an API token shown once, copies it, uses it and revokes it', async ({ page, isMobile, request }, testInfo) => {
    await signIn(page, 'user');
    await openSettings(page, isMobile);
    const section = page.getByTestId('settings-api-tokens');
    const name = `E2E ${testInfo.project.name} ${Date.now()}`;

    // A blank name is refused in place.
    await section.getByRole('button', { name: 'Create token' }).click();
    await expect(section.getByRole('alert')).toHaveText('Give the token a name, e.g. the script or service that uses it');

    await section.getByLabel('Token name').fill(name);
    await section.getByRole('button', { name: 'Create token' }).click();
    const created = section.getByTestId('new-api-token');
    await expect(created).toContainText('You won’t be able to see it again');
    const token = await section.getByTestId('new-api-token-value').inputValue();
    expect(token).toMatch(/^lwf_[A-Za-z0-9_-]{43}$/);
    await created.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Token copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

    const row = section.getByTestId('api-token-row').filter({ hasText: name });
    await expect(row).toContainText('Last used Never');
    // The token works without a session (a script's request).
    const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(200);
    expect((await me.json()).username).toBe('user');
    expect(await hasHorizontalScroll(page)).toBe(false);

    // Shown once: after Done (or a reload) the secret is gone; the list keeps the name.
    await created.getByRole('button', { name: 'Done' }).click();
    await expect(section.getByTestId('new-api-token')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('settings-api-tokens').getByTestId('api-token-row').filter({ hasText: name })).toContainText('Last used');
    await expect(page.getByText(token)).toHaveCount(0);

    await page.getByRole('button', { name: `Revoke ${name}` }).click();
    await expect(page.getByRole('heading', { name: 'Revoke this token?' })).toBeVisible();
    await page.getByTestId('confirm-button').click();
    await expect(page.getByText('Token revoked')).toBeVisible();
    await expect(page.getByTestId('api-token-row').filter({ hasText: name })).toHaveCount(0);
    expect((await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
  });

  test('copies the calendar feed URL and replaces it', async ({ page, isMobile, request }) => {
    // One account per viewport: the two run at once, and a replacement changes the URL.
    await signIn(page, isMobile ? 'manager' : 'user');
    await openSettings(page, isMobile);
    const section = page.getByTestId('settings-calendar-feed');
    const field = section.getByTestId('calendar-feed-url');
    await expect(field).toHaveValue(/\/api\/calendar\/feeds\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}\.ics$/);
    const url = await field.inputValue();
    await section.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Feed URL copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    const feed = await request.get(url);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');
    expect(await hasHorizontalScroll(page)).toBe(false);

    await section.getByRole('button', { name: 'Replace URL' }).click();
    await page.getByTestId('confirm-button').click();
    await expect(page.getByText('Feed URL replaced')).toBeVisible();
    await expect(field).not.toHaveValue(url);
    expect((await request.get(url)).status()).toBe(404);
    expect((await request.get(await field.inputValue())).status()).toBe(200);
  });

  test('changes the password in Security: errors in place, the other browser is signed out, the new password signs in', async ({ page, browser, isMobile }) => {
    const person = await freshMember(page);
    await signInAs(page, person);
    const token = `Deploy ${person.username}`;
    expect((await page.request.post('/api/tokens', { data: { name: token } })).status()).toBe(201);
    const other = await secondBrowser(browser, page);
    await signInAs(other, person);

    await openSettings(page, isMobile);
    const section = page.getByTestId('settings-security');
    const current = section.getByLabel('Current password');
    const fresh = section.getByLabel('New password', { exact: true });
    const confirm = section.getByLabel('Confirm new password');

    // Checked in place before anything is sent; the focus goes to the first field to fix.
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect(section.getByRole('alert').first()).toHaveText('Enter your current password');
    await expect(current).toBeFocused();
    await current.fill(person.password);
    await fresh.fill('new-secret-1');
    await confirm.fill('new-secret-2');
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect(section.getByRole('alert')).toHaveText('The new passwords do not match');
    await expect(confirm).toBeFocused();
    // The server's answer to a wrong current password, at that field.
    await current.fill('not-my-password');
    await confirm.fill('new-secret-1');
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect(section.getByRole('alert')).toHaveText('Your current password is not correct');
    await expect(current).toBeFocused();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(await securityViolations(page)).toEqual([]);

    // From the keyboard: type, Tab to the next field, Enter sends.
    await current.fill('');
    await current.pressSequentially(person.password);
    await page.keyboard.press('Tab');
    await expect(fresh).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(confirm).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Password changed', { exact: true })).toBeVisible();
    const done = section.getByTestId('password-changed');
    await expect(done).toContainText('You were signed out everywhere else');
    await expect(done.getByRole('list', { name: 'Your API tokens' })).toContainText(token);
    await expect(done).toContainText('Last used Never');
    await expect(section.getByRole('alert')).toHaveCount(0);
    await expect(current).toHaveValue('');
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await securityViolations(page)).toEqual([]);
    await done.getByRole('link', { name: 'API tokens' }).click();
    await expect(page).toHaveURL(/#api-tokens$/);
    await expect(page.getByTestId('settings-api-tokens').getByRole('heading', { name: 'API tokens' })).toBeInViewport();

    // The other browser's session ended (its live connection closed: it shows the sign-in screen); this one stays.
    await expect(other.getByText('Your session has ended. Please sign in again.')).toBeVisible();
    expect((await other.request.get('/api/auth/me')).status()).toBe(401);
    expect((await page.request.get('/api/auth/me')).status()).toBe(200);
    await other.context().close();

    await page.request.post('/api/auth/logout');
    await page.context().clearCookies();
    expect((await page.request.post('/api/auth/login', { data: { username: person.username, password: person.password } })).status()).toBe(401);
    await page.context().clearCookies();
    await signInAs(page, { ...person, password: 'new-secret-1' });
  });
});
