import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Locator, type Page, type TestInfo } from '@playwright/test';
import { ACCOUNTS, hasHorizontalScroll, signIn } from './support/session';
import { card, findTask, openView, search, uniqueTitle } from './support/planner';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string) => readFileSync(path.join(fixtures, `${name}.html`), 'utf8');
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The bookmarklet link exactly as the product's guide offers it (read by a signed-in throwaway context). */
async function productBookmarklet(browser: Browser, baseURL: string): Promise<string> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, 'user');
  await page.goto('/bookmarklet');
  const link = page.getByTestId('bookmarklet-link');
  await expect(link).toHaveAttribute('href', /^javascript:/);
  const href = (await link.getAttribute('href'))!;
  await context.close();
  return href;
}

/**
 * Serves a fixture at a provider's real address (so the bookmarklet's host detection is real) and
 * opens it; {{SUBJECT}} and {{BODY}} (HTML) are filled in.
 */
async function openMail(page: Page, url: string, name: string, subject: string, bodyHtml: string): Promise<void> {
  const origin = new URL(url).origin;
  await page.route(`${origin}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: fixture(name).replaceAll('{{SUBJECT}}', escapeHtml(subject)).replaceAll('{{BODY}}', bodyHtml),
    }),
  );
  await page.goto(url);
}

/** Runs the bookmarklet on the page as the browser runs a clicked bookmark (a javascript: navigation); answers the popup. */
async function runBookmarklet(page: Page, href: string): Promise<Page> {
  const popup = page.waitForEvent('popup');
  await page.evaluate((link) => {
    window.location.href = link;
  }, href);
  const opened = await popup;
  await opened.waitForLoadState();
  return opened;
}

/** The popup's form holds the email: title from the subject, description with body, sender and link. */
async function expectForm(popup: Page, expected: { subject: string; body: string; sender: string; url: string }): Promise<void> {
  await expect(popup.getByRole('heading', { name: 'Create Task from Email' })).toBeVisible();
  await expect(popup.getByLabel('Task Title *')).toHaveValue(expected.subject);
  const about = [expected.sender && `From: ${expected.sender}`, `Email: ${expected.url}`].filter(Boolean).join('\n');
  await expect(popup.getByLabel('Description')).toHaveValue([expected.body, about].filter(Boolean).join('\n\n'));
  await expect(popup.getByTestId('email-sender')).toHaveText(expected.sender || 'Unknown sender');
  await expect(popup.getByTestId('email-link')).toHaveAttribute('href', expected.url);
  const sent = new URL(popup.url());
  expect(sent.pathname).toBe('/create-task-bookmarklet');
  expect(sent.searchParams.get('subject')).toBe(expected.subject);
  expect(sent.searchParams.get('sender')).toBe(expected.sender);
  expect(sent.searchParams.get('body')).toBe(expected.body);
  expect(sent.searchParams.get('url')).toBe(expected.url);
}

const unique = (info: TestInfo, label: string) => uniqueTitle(info, label);

/**
 * Clicks a button that closes its own window and waits for the window to close. Playwright's click can
 * still be finishing when the page goes away (it then throws "Target page ... has been closed"): that
 * error is the expected outcome here, so it counts only while the window is still open.
 */
async function clickToClose(popup: Page, button: Locator): Promise<void> {
  const closed = popup.waitForEvent('close');
  await button.click().catch((error: unknown) => {
    if (!popup.isClosed()) throw error;
  });
  await closed;
}

test.describe('the bookmarklet on webmail pages', () => {
  // Reading a provider's markup does not depend on the viewport; the popup flows below run at both sizes.
  test.skip(({ isMobile }) => isMobile, 'provider markup is checked at desktop size; the phone runs the popup flows');

  test('Gmail: subject, sender of the open message and the first 500 characters of its body; the task appears live on the board', async ({
    page,
    browser,
    baseURL,
  }, info) => {
    const href = await productBookmarklet(browser, baseURL!);
    await signIn(page, 'user');
    const subject = unique(info, 'Gmail invoice');
    const sentence = 'Please check the attached invoice against the purchase order and confirm the totals before the end of the month. ';
    const longBody = sentence.repeat(6).trim();
    expect(longBody.length).toBeGreaterThan(500);

    // Another page of the product shows the board while the task is made in the popup.
    const board = await page.context().newPage();
    await openView(board, 'master');
    await search(board, subject);
    await expect(card(board, subject)).toHaveCount(0);

    const url = 'https://mail.google.com/mail/u/0/#inbox/FMfcgzQXJWDsKmvqLbZtNqwCCcqXhRtV';
    await openMail(page, url, 'gmail', subject, escapeHtml(longBody));
    const popup = await runBookmarklet(page, href);
    await expectForm(popup, { subject, body: longBody.slice(0, 500), sender: 'Dana Whitfield <dana.whitfield@example.com>', url });

    await popup.getByRole('button', { name: 'Create Task' }).click();
    await expect(popup.getByText('Task created successfully')).toBeVisible();
    await expect(popup.getByRole('heading', { name: 'Task created' })).toBeVisible();
    await expect(card(board, subject)).toBeVisible();
    const task = await findTask(board, subject);
    expect(task.column).toBe('UNSCHEDULED');
    expect(task.assignedTo?.username).toBe('user');

    await clickToClose(popup, popup.getByRole('button', { name: 'Close window' }));
  });

  test('Outlook on the web: subject, sender and body of the reading pane', async ({ page, browser, baseURL }, info) => {
    const href = await productBookmarklet(browser, baseURL!);
    await signIn(page, 'user');
    const subject = unique(info, 'Outlook budget');
    const url = 'https://outlook.live.com/mail/0/inbox/id/AQMkADAwATM3ZmYAZS1kNGQ5LTk2';
    await openMail(page, url, 'outlook', subject, 'Hi team,<br><br>Please review the Q3 budget draft.<br>Comments by Thursday.');
    const popup = await runBookmarklet(page, href);
    await expectForm(popup, {
      subject,
      body: 'Hi team,\n\nPlease review the Q3 budget draft.\nComments by Thursday.',
      sender: 'Lee Chen <lee.chen@contoso.com>',
      url,
    });
  });

  test('Yahoo Mail: subject, sender and body of the message view', async ({ page, browser, baseURL }, info) => {
    const href = await productBookmarklet(browser, baseURL!);
    await signIn(page, 'user');
    const subject = unique(info, 'Yahoo venue');
    const url = 'https://mail.yahoo.com/d/folders/1/messages/AKBxAiYsPxYQZW5Zdg';
    await openMail(page, url, 'yahoo', subject, 'Hello,<br>The venue for the offsite is confirmed for the 14th.');
    const popup = await runBookmarklet(page, href);
    await expectForm(popup, {
      subject,
      body: 'Hello,\nThe venue for the offsite is confirmed for the 14th.',
      sender: 'Priya Raman <priya.raman@yahoo.com>',
      url,
    });
  });

  test('any other page: its title and the selected text, else the title alone', async ({ page, browser, baseURL }, info) => {
    const href = await productBookmarklet(browser, baseURL!);
    await signIn(page, 'user');
    const subject = unique(info, 'Plain page');
    const url = 'https://docs.example.org/releases/4.2?from=mail';
    const selected = 'Invoice numbers now start with the year.';
    await openMail(page, url, 'plain', subject, escapeHtml(selected));

    const untouched = await runBookmarklet(page, href);
    await expectForm(untouched, { subject, body: '', sender: '', url });
    await untouched.close();

    await page.evaluate(() => {
      const range = document.createRange();
      range.selectNodeContents(document.getElementById('selected')!);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    });
    const popup = await runBookmarklet(page, href);
    await expectForm(popup, { subject, body: selected, sender: '', url });
  });
});

test.describe('the create-task page without a session', () => {
  test('asks to sign in, goes to the login and back to the pre-filled form, and creates the task', async ({ page, browser, baseURL, isMobile }, info) => {
    const href = await productBookmarklet(browser, baseURL!);
    const subject = unique(info, 'Signed out');
    const url = 'https://mail.yahoo.com/d/folders/1/messages/ANoSession';
    await openMail(page, url, 'yahoo', subject, 'Can you book the room?');
    const popup = await runBookmarklet(page, href);
    const email = { subject, body: 'Can you book the room?', sender: 'Priya Raman <priya.raman@yahoo.com>', url };

    await expect(popup.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Close' })).toBeVisible();
    if (isMobile) expect(await hasHorizontalScroll(popup)).toBe(false);
    await popup.getByRole('button', { name: 'Login to Create Task' }).click();
    await expect(popup).toHaveURL(/\/login\?returnTo=%2Fcreate-task-bookmarklet%3F/);
    await popup.getByLabel('Username').fill(ACCOUNTS.user.username);
    await popup.getByLabel('Password').fill(ACCOUNTS.user.password);
    await popup.getByRole('button', { name: 'Sign In' }).click();

    await expectForm(popup, email);
    if (isMobile) expect(await hasHorizontalScroll(popup)).toBe(false);
    await popup.getByRole('button', { name: 'Create Task' }).click();
    await expect(popup.getByText('Task created successfully')).toBeVisible();
    await expect(popup.getByTestId('created-task-title')).toHaveText(subject);
    expect((await findTask(popup, subject)).title).toBe(subject);
  });

  test("'Close' closes the popup", async ({ page, browser, baseURL }, info) => {
    const href = await productBookmarklet(browser, baseURL!);
    await openMail(page, 'https://mail.google.com/mail/u/0/#inbox/Close', 'gmail', unique(info, 'Close'), 'x');
    const popup = await runBookmarklet(page, href);
    await expect(popup.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
    await clickToClose(popup, popup.getByRole('button', { name: 'Close' }));
  });

  test('a failed session check shows the login prompt', async ({ page }) => {
    await signIn(page, 'user');
    // The session check (the `me` query) fails: the page must not show the form.
    await page.route('**/graphql', async (route) => {
      if (route.request().postData()?.includes('query Me')) await route.fulfill({ status: 500, body: 'Internal Server Error' });
      else await route.continue();
    });
    await page.goto('/create-task-bookmarklet?subject=Broken%20check&body=b&sender=s&url=https%3A%2F%2Fmail.google.com%2F');
    await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login to Create Task' })).toBeVisible();
  });
});

test.describe('the login screen and returnTo', () => {
  for (const target of ['https://evil.example', '//evil.example', '/..//evil.example', '/.//evil.example', '/%2e%2e//evil.example']) {
    test(`returnTo=${target} stays on the product`, async ({ page, baseURL }) => {
      await page.goto(`/login?returnTo=${encodeURIComponent(target)}`);
      await page.getByLabel('Username').fill(ACCOUNTS.user.username);
      await page.getByLabel('Password').fill(ACCOUNTS.user.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByTestId('planner-date')).toBeVisible();
      expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
      expect(new URL(page.url()).pathname).toBe('/');
    });
  }
});

test.describe('guide and test page', () => {
  test('the guide shows the link, its length, providers and privacy note, and copies the code', async ({ page, isMobile, baseURL }) => {
    await signIn(page, 'user');
    if (isMobile) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('link', { name: 'Bookmarklet' }).click();
    } else {
      await page.getByRole('link', { name: 'Bookmarklet' }).click();
    }
    await expect(page).toHaveURL(/\/bookmarklet$/);
    await expect(page.getByRole('heading', { name: 'Email-to-task bookmarklet' })).toBeVisible();
    const href = (await page.getByTestId('bookmarklet-link').getAttribute('href'))!;
    expect(href).toContain(JSON.stringify(new URL(baseURL!).origin));
    expect(href.length).toBeLessThanOrEqual(2000);
    await expect(page.getByTestId('bookmarklet-length')).toHaveText(`${href.length.toLocaleString('en-US')} / 2,000 characters`);
    await expect(page.getByText('Valid', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Bookmarklet code')).toHaveValue(href);
    for (const provider of ['Gmail', 'Outlook', 'Yahoo Mail', 'Others']) await expect(page.getByText(provider, { exact: true })).toBeVisible();
    await expect(page.getByText(/sends them only to this Let work flow instance/)).toBeVisible();

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy code' }).click();
    await expect(page.getByText('Bookmarklet copied!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(href);
    if (isMobile) expect(await hasHorizontalScroll(page)).toBe(false);
  });

  test('the test page runs the same bookmarklet on a simulated email and opens the form in a popup', async ({ page, isMobile }, info) => {
    await signIn(page, 'user');
    await page.goto('/test-bookmarklet');
    await expect(page.getByRole('heading', { name: 'Test Bookmarklet' })).toBeVisible();
    if (isMobile) expect(await hasHorizontalScroll(page)).toBe(false);
    const subject = unique(info, 'Simulated');
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Sender name').fill('Sam Ortiz');
    await page.getByLabel('Sender email').fill('sam.ortiz@example.com');
    await page.getByLabel('Body').fill('Line one\nLine two');
    await expect(page.getByTestId('simulated-email').getByRole('heading')).toHaveText(subject);

    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Run bookmarklet on this email' }).click();
    const opened = await popup;
    await expectForm(opened, { subject, body: 'Line one\nLine two', sender: 'Sam Ortiz <sam.ortiz@example.com>', url: page.url() });
    if (isMobile) expect(await hasHorizontalScroll(opened)).toBe(false);
  });
});
