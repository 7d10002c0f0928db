import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, hasHorizontalScroll, signIn } from './support/session';
import { findTask, gql, uniqueTitle } from './support/planner';
import { openTaskDetails } from './support/tasks';
import { activeWorker } from './support/pwa';
import { keptShares, shareStore } from './support/share';

// Issue 38 item 2: the installed app is a share target (the web app manifest's share_target) that opens
// the bookmarklet's pre-filled create form; Settings › Email-in shows the person's address (copy, rotate);
// the Bookmarklet page tells phones about Add to Home Screen and the address. Shared files arrive with
// the share (a multipart POST the service worker receives) and become the new task's attachments.

interface ShareTarget {
  action: string;
  method?: string;
  enctype?: string;
  params: { title?: string; text?: string; url?: string; files?: { name: string; accept: string[] }[] };
}

/** The address shape the e2e server gives (scripts/e2e.mjs sets INBOUND_EMAIL_DOMAIN=in.planner.test). */
const ADDRESS = /^tasks\+[a-z2-7]{26}@in\.planner\.test$/;

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** The share_target of the manifest the built page links. */
async function shareTarget(request: APIRequestContext): Promise<ShareTarget> {
  const html = await (await request.get('/')).text();
  const href = /<link rel="manifest" href="([^"]+)"/.exec(html)?.[1];
  expect(href, 'the page links its manifest').toBeTruthy();
  const manifest = (await (await request.get(href!)).json()) as { share_target?: ShareTarget };
  expect(manifest.share_target).toBeTruthy();
  return manifest.share_target!;
}

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Shares as the share sheet does: a real multipart POST navigation to the manifest's action, from a form
 * in the page whose file input gets `files`; resolves once the browser has landed on the next page.
 */
async function share(
  page: Page,
  target: ShareTarget,
  text: Record<'title' | 'text' | 'url', string>,
  files: Parameters<Page['setInputFiles']>[1],
  action = target.action,
) {
  const fields = Object.fromEntries(Object.entries(text).map(([name, value]) => [target.params[name as 'title']!, value]));
  await page.evaluate(
    ({ action, method, enctype, fields, fileField }) => {
      const form = document.createElement('form');
      Object.assign(form, { id: 'share-sheet', action, method, enctype });
      for (const [name, value] of Object.entries(fields)) form.append(Object.assign(document.createElement('input'), { type: 'hidden', name, value }));
      form.append(Object.assign(document.createElement('input'), { type: 'file', name: fileField, multiple: true }));
      document.body.append(form);
    },
    { action, method: target.method!, enctype: target.enctype!, fields, fileField: target.params.files![0]!.name },
  );
  await page.locator('#share-sheet input[type=file]').setInputFiles(files);
  await Promise.all([
    page.waitForURL((url) => url.pathname === target.action && url.search !== '', { waitUntil: 'commit' }),
    page.locator('#share-sheet').evaluate((form: HTMLFormElement) => form.submit()),
  ]);
}

test.describe('Share target and email-in', () => {
  test('the manifest declares a share with files; the form GET (older links) opens the pre-filled form, and saving creates the task', async ({
    page,
    request,
  }, testInfo) => {
    const target = await shareTarget(request);
    // Files travel with a share: a multipart POST, which the service worker turns into the form's GET.
    expect(target.action).toBe('/share');
    expect(target.method?.toUpperCase()).toBe('POST');
    expect(target.enctype).toBe('multipart/form-data');
    expect(target.params.title && target.params.text && target.params.url).toBeTruthy();
    expect(target.params.files).toHaveLength(1);
    expect(target.params.files![0]!.accept).toEqual(expect.arrayContaining(['image/*', 'application/pdf', 'text/plain', '.docx', '.xlsx']));

    const title = uniqueTitle(testInfo, 'Shared');
    const shared = new URLSearchParams({
      [target.params.title!]: title,
      [target.params.text!]: 'Read this before Friday',
      [target.params.url!]: 'https://example.com/article',
    });
    // Shared while signed out (a phone whose session ended): signing in stays on the share.
    await page.goto(`/share?${shared}`);
    await page.getByLabel('Username').fill(ACCOUNTS.user.username);
    await page.getByLabel('Password').fill(ACCOUNTS.user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    const form = page.getByRole('form', { name: 'New task from share' });
    await expect(page.getByRole('heading', { name: 'Create Task from Share' })).toBeVisible();
    await expect(form.getByLabel('Task Title *')).toHaveValue(title);
    await expect(form.getByLabel('Description')).toHaveValue('Read this before Friday\n\nhttps://example.com/article');
    await expect(page.getByTestId('email-link')).toHaveAttribute('href', 'https://example.com/article');
    await page.getByRole('button', { name: 'Create Task' }).click();
    await expect(page.getByRole('heading', { name: 'Task created' })).toBeVisible();
    await expect(page.getByTestId('created-task-title')).toHaveText(title);
    const task = await findTask(page, title);
    const stored = await gql<{ task: { description: string; assignedTo: { username: string } } }>(
      page,
      'query($id: ID!) { task(id: $id) { description assignedTo { username } } }',
      { id: task.id },
    );
    expect(stored.task).toEqual({ description: 'Read this before Friday\n\nhttps://example.com/article', assignedTo: { username: 'user' } });
  });

  test('Settings › Email-in shows the address, copies it and rotates it; the Bookmarklet page names it', async ({ page, context, baseURL, isMobile }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    // One account per viewport: the two run at once, and a rotation changes the address.
    await signIn(page, isMobile ? 'manager' : 'user');
    await page.goto('/settings#email-in');
    const section = page.getByTestId('settings-email-in');
    const field = section.getByTestId('email-in-address');
    await expect(field).toHaveValue(ADDRESS);
    const address = await field.inputValue();

    await section.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Address copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

    await page.goto('/bookmarklet');
    const phone = page.getByTestId('bookmarklet-phone');
    await expect(phone.getByText('Add to Home Screen', { exact: true })).toBeVisible();
    await expect(phone.getByTestId('bookmarklet-email-in')).toHaveText(address);
    await phone.getByRole('link', { name: 'Settings › Email-in' }).click();
    await expect(page).toHaveURL(/\/settings#email-in$/);

    await section.getByRole('button', { name: 'Rotate' }).click();
    await page.getByTestId('confirm-button').click();
    await expect(page.getByText('Address rotated')).toBeVisible();
    await expect(field).toHaveValue(ADDRESS);
    await expect(field).not.toHaveValue(address);
    const now = await gql<{ emailIn: { address: string } }>(page, '{ emailIn { address } }');
    expect(now.emailIn.address).toBe(await field.inputValue());
  });
});

test.describe('Shared files, received by the service worker', () => {
  // The rest of the suite blocks service workers (playwright.config.ts); a share with files needs one.
  test.use({ serviceWorkers: 'allow' });

  test("files shared from another app arrive with the share and become the new task's attachments", async ({ page, request }, testInfo) => {
    const target = await shareTarget(request);
    await signIn(page, 'user');
    await activeWorker(page);

    const title = uniqueTitle(testInfo, 'Shared files');
    await share(page, target, { title, text: 'Receipt from the trip', url: 'https://example.com/receipt' }, [
      { name: 'receipt.png', mimeType: 'image/png', buffer: PNG },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Keep for the records') },
      { name: 'extra.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ]);
    // The worker answered the POST: the form's GET address, with the key the files are kept under.
    expect(new URL(page.url()).searchParams.get('files')).toMatch(KEY);
    const form = page.getByRole('form', { name: 'New task from share' });
    await expect(form.getByLabel('Task Title *')).toHaveValue(title);
    await expect(form.getByLabel('Description')).toHaveValue('Receipt from the trip\n\nhttps://example.com/receipt');
    const rows = form.getByRole('list', { name: 'Shared files' }).getByTestId('shared-file');
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: 'notes.txt' })).toContainText('20 bytes');
    const thumbnail = rows.filter({ hasText: 'receipt.png' }).getByTestId('shared-file-thumbnail');
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    expect(await keptShares(page)).toBe(1);

    await form.getByRole('button', { name: 'Remove extra.pdf' }).click();
    await expect(rows).toHaveCount(2);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('button', { name: 'Create Task' }).click();
    await expect(page.getByRole('heading', { name: 'Task created' })).toBeVisible();
    await expect(page.getByTestId('shared-uploads').getByRole('heading')).toHaveText('2 files attached');
    expect(await hasHorizontalScroll(page)).toBe(false);
    // Used, the kept files are deleted.
    await expect.poll(() => keptShares(page)).toBe(0);

    const sheet = await openTaskDetails(page, title);
    const attached = sheet.getByTestId('attachments-section').getByTestId('attachment-item');
    await expect(attached).toHaveCount(2);
    await expect(attached.filter({ hasText: 'receipt.png' })).toHaveCount(1);
    await expect(attached.filter({ hasText: 'notes.txt' })).toHaveCount(1);
  });
});

test.describe('Shared files without a service worker', () => {
  test('a share from another site before the worker is installed opens the form with its text and says the files did not arrive', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const target = await shareTarget(request);
    await signIn(page, 'user');
    const title = uniqueTitle(testInfo, 'Shared early');
    // From another site, as the share sheet's POST is: no cookie goes with it, and the server keeps nothing.
    await page.goto('about:blank');
    await share(
      page,
      target,
      { title, text: 'A photo', url: '' },
      [{ name: 'photo.png', mimeType: 'image/png', buffer: PNG }],
      new URL(target.action, baseURL).href,
    );
    expect(new URL(page.url()).searchParams.get('files')).toBe('missed');
    const form = page.getByRole('form', { name: 'New task from share' });
    await expect(form.getByLabel('Task Title *')).toHaveValue(title);
    await expect(form.getByRole('alert')).toHaveText(/The shared files did not arrive.*share them again/);
    await page.getByRole('button', { name: 'Create Task' }).click();
    await expect(page.getByRole('heading', { name: 'Task created' })).toBeVisible();
    await expect(page.getByTestId('shared-uploads')).toHaveCount(0);
  });

  test('a refused upload says why and is retried from the created task; used files are no longer offered', async ({ page }, testInfo) => {
    await signIn(page, 'user');
    // Files kept as the worker keeps them: this block runs without a worker, so page.route sees the uploads.
    const { key } = await shareStore(page, { name: 'scan.pdf', type: 'application/pdf', content: '%PDF-1.4\n%%EOF\n' });
    const title = uniqueTitle(testInfo, 'Shared retry');
    const address = `/share?${new URLSearchParams({ title, files: key })}`;
    let refused = 0;
    await page.route('**/api/tasks/*/attachments', (route) => {
      if (route.request().method() !== 'POST' || refused++ > 0) return route.fallback();
      return route.fulfill({
        status: 413,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The file is too large: attachments can be up to 25 MB each' }),
      });
    });
    await page.goto(address);
    const form = page.getByRole('form', { name: 'New task from share' });
    await expect(form.getByTestId('shared-file')).toHaveText(/scan\.pdf/);
    await page.getByRole('button', { name: 'Create Task' }).click();
    const uploads = page.getByTestId('shared-uploads');
    await expect(uploads.getByRole('alert')).toHaveText('Not uploaded: The file is too large: attachments can be up to 25 MB each');
    await expect(uploads.getByRole('heading')).toHaveText('1 file not attached');
    await uploads.getByRole('button', { name: 'Retry' }).click();
    await expect(uploads.getByRole('heading')).toHaveText('1 file attached');
    await expect(uploads.getByText('Attached', { exact: true })).toBeVisible();
    await expect.poll(() => keptShares(page)).toBe(0);
    const task = await findTask(page, title);
    const stored = await gql<{ task: { attachments: { name: string }[] } }>(page, 'query($id: ID!) { task(id: $id) { attachments { name } } }', {
      id: task.id,
    });
    expect(stored.task.attachments).toEqual([{ name: 'scan.pdf' }]);

    // The same address again: the files went with the task.
    await page.goto(address);
    await expect(page.getByRole('form', { name: 'New task from share' }).getByRole('alert')).toHaveText(/The shared files are no longer here/);
  });
});
