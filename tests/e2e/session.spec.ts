import { expect, test, type Page } from '@playwright/test';
import { flakySockets } from './support/network';
import { signIn } from './support/session';
import { createPerson, signInAs } from './support/people';
import { createTask, uniqueTitle, search } from './support/planner';
import { detailsSheet } from './support/tasks';

const MESSAGE = 'Your session has ended. Please sign in again.';

/** Ends the page's session on the server, as a logout in another tab of this browser does. */
async function endSessionOnServer(page: Page): Promise<void> {
  const logout = await page.request.post('/api/auth/logout', { headers: { 'content-type': 'application/json' }, data: {} });
  expect(logout.ok()).toBe(true);
}

/**
 * Counts the sign-in forms the page puts on screen (each new Username field is a new form, empty), from
 * the page's next load on. A form replaced after it showed drops what was typed into it; when that
 * happens depends on the machine's speed, so the count is what a test can check.
 */
async function countSignInForms(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const seen = new WeakSet<Element>();
    const state = window as unknown as { signInForms: number };
    state.signInForms = 0;
    new MutationObserver(() => {
      const field = document.getElementById('username');
      if (field && !seen.has(field)) {
        seen.add(field);
        state.signInForms += 1;
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { signInForms: number }).signInForms);
}

test.describe('an ended session', () => {
  test('shows the sign-in screen with a message and returns to the same page with the draft after signing in', async ({ page }, info) => {
    await signIn(page, 'user');
    const title = uniqueTitle(info, 'Session');
    const taskId = await createTask(page, { title });
    const signInForms = await countSignInForms(page);
    await page.goto('/?view=daily');
    await expect(page.getByTestId('planner-date')).toBeVisible();
    // Open the task from the board's search and type into a field without saving.
    await search(page, title);
    const cardButton = page.getByTestId('task-card').filter({ hasText: title }).getByRole('button', { name: title, exact: true });
    await cardButton.click();
    const sheet = detailsSheet(page);
    await expect(sheet.getByLabel('Task Title')).toHaveValue(title);
    await sheet.getByLabel('Description').fill('Typed before the session ended');

    await endSessionOnServer(page);

    await expect(page.getByRole('alert').filter({ hasText: MESSAGE })).toBeVisible();
    await expect(page).toHaveURL(/\/login\?returnTo=/);
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe(`/?view=daily&task=${taskId}`);

    await page.getByLabel('Username').fill('user');
    await page.getByLabel('Password').fill('user123');
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expect(page).toHaveURL(/\/\?view=daily$/);
    await expect(page.getByRole('alert').filter({ hasText: MESSAGE })).toHaveCount(0);
    await expect(sheet.getByLabel('Task Title')).toHaveValue(title);
    await expect(sheet.getByLabel('Description')).toHaveValue('Typed before the session ended');
    await expect(sheet.getByText('Unsaved changes')).toBeVisible();
    // One sign-in form from the session's end to the sign-in: the move to /login did not replace it
    // (a second, empty form is how a run on a busy machine once lost the typed username).
    expect(await signInForms()).toBe(1);
  });

  test('the sign-in screen stays put while the app checks the session again, so what is typed is kept', async ({ page }) => {
    await signIn(page, 'user');
    await page.goto('/?view=master');
    await expect(page.getByRole('heading', { name: 'Master List' })).toBeVisible();
    // Hold the app's own check of the session (the `Me` query it sends after the session ended).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let seen: () => void = () => undefined;
    const checking = new Promise<void>((resolve) => (seen = resolve));
    await page.route('**/graphql', async (route) => {
      if (route.request().method() === 'POST' && route.request().postDataJSON()?.operationName === 'Me') {
        seen();
        await held;
      }
      await route.fallback();
    });

    await endSessionOnServer(page);
    await expect(page.getByRole('alert').filter({ hasText: MESSAGE })).toBeVisible();
    await checking;
    // While the check is on its way, the form stays on screen and keeps what is typed into it.
    await page.getByLabel('Username').fill('user');
    release();
    await expect(page.getByLabel('Username')).toHaveValue('user');
    await page.getByLabel('Password').fill('user123');
    await expect(page.getByLabel('Username')).toHaveValue('user');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/\?view=master$/);
    await expect(page.getByRole('heading', { name: 'Master List' })).toBeVisible();
  });

  test('a session that ended before the live connection opened shows the sign-in screen once the socket opens', async ({ page }, info) => {
    await signIn(page, 'admin');
    const person = await createPerson(page, { prefix: info.project.name === 'phone' ? 'SocketP' : 'SocketD' });
    await page.context().clearCookies();
    // The page's live sockets wait until the test lets them through to the server.
    let asked: () => void = () => undefined;
    const socketAsked = new Promise<void>((resolve) => (asked = resolve));
    let letThrough: () => void = () => undefined;
    const through = new Promise<void>((resolve) => (letThrough = resolve));
    await page.routeWebSocket(/\/graphql$/, async (ws) => {
      asked();
      await through;
      ws.connectToServer();
    });
    await signInAs(page, person);
    await socketAsked;
    // From here on the page's HTTP requests wait too: only its socket can tell it that the session ended.
    let releaseHttp: () => void = () => undefined;
    const httpHeld = new Promise<void>((resolve) => (releaseHttp = resolve));
    await page.route('**/graphql', async (route) => {
      await httpHeld;
      await route.fallback();
    });

    await endSessionOnServer(page);
    letThrough();
    await expect(page.getByRole('alert').filter({ hasText: MESSAGE })).toBeVisible();
    releaseHttp();
    await page.getByLabel('Username').fill(person.username);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').filter({ hasText: MESSAGE })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
  });

  test('a request that finds the session gone (HTTP) shows the sign-in screen too, and a plain sign-out does not', async ({
    page,
    context,
    isMobile,
  }, info) => {
    await signIn(page, 'user');
    // The shell reads the configured labels after its first paint: that read must be in before the
    // cookie goes, or it would be the request that finds the session gone, before the quick add.
    const labelsRead = page.waitForResponse(
      (response) => response.url().endsWith('/graphql') && response.request().postDataJSON()?.operationName === 'ConfigLabels',
    );
    await page.goto('/?view=master');
    await expect(page.getByRole('heading', { name: 'Master List' })).toBeVisible();
    await labelsRead;
    // The session cookie is gone (as after it expired); the open socket does not know yet.
    await context.clearCookies();
    const quickAdd = page.getByPlaceholder('Type task name and hit enter...');
    await quickAdd.fill(uniqueTitle(info, 'Expired'));
    await quickAdd.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: MESSAGE })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/?view=master');

    await page.getByLabel('Username').fill('user');
    await page.getByLabel('Password').fill('user123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/\?view=master$/);
    await expect(page.getByRole('heading', { name: 'Master List' })).toBeVisible();

    // Signing out on purpose is not an ended session.
    if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByText(MESSAGE)).toHaveCount(0);
  });
});

test.describe('signing out', () => {
  test('works while the live connection is trying to reconnect', async ({ page, isMobile }) => {
    const network = await flakySockets(page);
    await signIn(page, 'user');
    await page.goto('/?view=master');
    await expect(page.getByRole('heading', { name: 'Master List' })).toBeVisible();
    await expect.poll(() => network.connected()).toBeGreaterThan(0);

    await network.cut();
    // The client is between attempts to reconnect (refused at least once) when the person signs out.
    await network.refusedOnce();
    if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByText(MESSAGE)).toHaveCount(0);
    // Signed out on the server too: the board is not reachable any more.
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });
});
