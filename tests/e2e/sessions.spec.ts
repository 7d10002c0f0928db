import { expect, test } from '@playwright/test';
import { hasHorizontalScroll, signIn } from './support/session';
import { createPerson, secondBrowser, signInAs } from './support/people';

const ENDED = 'Your session has ended. Please sign in again.';

test.describe('sessions you can see', () => {
  test('Settings › Security lists this session and another browser’s; signing that one out sends it to the sign-in screen', async ({ page, browser }) => {
    await signIn(page, 'admin');
    const person = await createPerson(page, { prefix: 'Sess' });
    const other = await secondBrowser(browser, page);
    await signInAs(other, person);
    const mine = await secondBrowser(browser, page);
    await signInAs(mine, person);

    await mine.goto('/settings#sessions');
    const section = mine.getByTestId('sessions');
    await expect(section.getByRole('heading', { name: 'Where you’re signed in' })).toBeVisible();
    const rows = section.getByTestId('session-row');
    await expect(rows).toHaveCount(2);
    const current = rows.filter({ hasText: 'This session' });
    await expect(current).toHaveCount(1);
    await expect(current).toContainText('Active now');
    const theirs = rows.filter({ hasNotText: 'This session' });
    await expect(theirs).toContainText('Last seen');
    await expect(theirs).toContainText(/Chrome \d+ on /);

    await theirs.getByRole('button', { name: /^Sign out / }).click();
    const dialog = mine.getByRole('dialog', { name: 'Sign out this session?' });
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await expect(mine.getByText('Session signed out', { exact: true })).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(section.getByRole('button', { name: 'Sign out everywhere else' })).toHaveCount(0);

    // The other browser's live connection closes: it lands on the sign-in screen.
    await expect(other.getByRole('alert').filter({ hasText: ENDED })).toBeVisible();
    await expect(other.getByLabel('Username')).toBeVisible();
    // This browser is still signed in.
    await mine.reload();
    await expect(rows).toHaveCount(1);
    await other.context().close();
    await mine.context().close();
  });

  test('“Sign out everywhere else” asks first, then leaves only this session', async ({ page, browser }) => {
    await signIn(page, 'admin');
    const person = await createPerson(page, { prefix: 'Elsewhere' });
    const other = await secondBrowser(browser, page);
    await signInAs(other, person);
    const mine = await secondBrowser(browser, page);
    await signInAs(mine, person);
    await mine.goto('/settings#sessions');
    const section = mine.getByTestId('sessions');
    await expect(section.getByTestId('session-row')).toHaveCount(2);

    await section.getByRole('button', { name: 'Sign out everywhere else' }).click();
    const dialog = mine.getByRole('dialog', { name: 'Sign out everywhere else?' });
    await expect(dialog).toContainText('This browser stays signed in.');
    await dialog.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(mine.getByText('Signed out everywhere else', { exact: true })).toBeVisible();
    await expect(section.getByTestId('session-row')).toHaveCount(1);
    await expect(other.getByLabel('Username')).toBeVisible();
    await other.context().close();
    await mine.context().close();
  });

  test('admins see sign-ins and refused sign-ins in Admin › Security events, and sign a person out everywhere', async ({ page, browser }) => {
    await signIn(page, 'admin');
    const person = await createPerson(page, { prefix: 'Audit' });
    const refused = await page.request.post('/api/auth/login', { data: { username: person.username, password: 'wrong-password' } });
    expect(refused.status()).toBe(401);
    const other = await secondBrowser(browser, page);
    await signInAs(other, person);

    await page.goto('/admin?tab=security-events');
    const tab = page.getByRole('tabpanel');
    await expect(tab.getByRole('heading', { name: 'Security events' })).toBeVisible();
    const events = page.viewportSize()!.width < 768 ? tab.getByTestId('security-event') : tab.getByTestId('security-event-row');
    const theirs = events.filter({ hasText: person.name });
    await expect(theirs.filter({ hasText: 'Signed in: password' })).toHaveCount(1);
    await expect(theirs.filter({ hasText: 'Sign-in refused: wrong username or password' })).toHaveCount(1);
    await expect(theirs.first()).toContainText(/127\.0\.0\.1|::1/);
    // Newest first: the sign-in is above the refusal.
    await expect(theirs.first()).toContainText('Signed in: password');

    // Admin › Users › the person › Sign out everywhere.
    await page.goto('/admin?tab=users');
    await page.getByRole('button', { name: `Edit ${person.username}`, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('dialog', { name: 'Sign out everywhere?' }).getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page.getByText(`${person.name} was signed out of 1 session.`)).toBeVisible();
    await expect(other.getByLabel('Username')).toBeVisible();
    await other.context().close();
  });

  test('Admin › Security events narrows to one person (kept in the URL), with an empty state for someone without events', async ({ page }) => {
    await signIn(page, 'admin');
    const person = await createPerson(page, { prefix: 'Picked' });
    const quiet = await createPerson(page, { prefix: 'Quiet' });
    expect((await page.request.post('/api/auth/login', { data: { username: person.username, password: 'wrong-password' } })).status()).toBe(401);

    await page.goto('/admin?tab=security-events');
    const tab = page.getByRole('tabpanel');
    const picker = tab.getByLabel('Person');
    await expect(picker).toHaveValue('');
    await expect(picker.locator('option').first()).toHaveText('All people');
    const events = page.viewportSize()!.width < 768 ? tab.getByTestId('security-event') : tab.getByTestId('security-event-row');
    await expect(events.filter({ hasText: 'Signed in: password' }).first()).toBeVisible();

    await picker.selectOption({ label: person.name });
    await expect(page).toHaveURL(new RegExp(`person=${person.id}`));
    await expect(events).toHaveCount(1);
    await expect(events.first()).toContainText('Sign-in refused: wrong username or password');
    await expect(events.first()).toContainText(person.name);
    // The choice is in the URL: a reload keeps it.
    await page.reload();
    await expect(tab.getByLabel('Person')).toHaveValue(person.id);
    await expect(events).toHaveCount(1);

    await tab.getByLabel('Person').selectOption({ label: quiet.name });
    await expect(tab.getByText('No security events for this person')).toBeVisible();
    await expect(events).toHaveCount(0);
    await tab.getByRole('button', { name: 'Show all people' }).click();
    await expect(tab.getByLabel('Person')).toHaveValue('');
    await expect(page).not.toHaveURL(/person=/);
    await expect(events.filter({ hasText: person.name }).first()).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
