import { expect, test } from '@playwright/test';
import { ACCOUNTS, signIn } from './support/session';
import { findTask, gql, uniqueTitle } from './support/planner';

// Issue 38 item 2: the installed app is a share target (the web app manifest's share_target) that opens
// the bookmarklet's pre-filled create form; Settings › Email-in shows the person's address (copy, rotate);
// the Bookmarklet page tells phones about Add to Home Screen and the address.

interface ShareTarget {
  action: string;
  method?: string;
  params: { title?: string; text?: string; url?: string };
}

/** The address shape the e2e server gives (scripts/e2e.mjs sets INBOUND_EMAIL_DOMAIN=in.planner.test). */
const ADDRESS = /^tasks\+[a-z2-7]{26}@in\.planner\.test$/;

test.describe('Share target and email-in', () => {
  test('a share as the built manifest declares it opens the pre-filled form, and saving creates the task', async ({ page, request }, testInfo) => {
    const html = await (await request.get('/')).text();
    const href = /<link rel="manifest" href="([^"]+)"/.exec(html)?.[1];
    expect(href, 'the page links its manifest').toBeTruthy();
    const manifest = (await (await request.get(href!)).json()) as { share_target?: ShareTarget };
    const target = manifest.share_target!;
    expect(target).toBeTruthy();
    expect((target.method ?? 'GET').toUpperCase()).toBe('GET');
    expect(target.params.title && target.params.text && target.params.url).toBeTruthy();

    const title = uniqueTitle(testInfo, 'Shared');
    const shared = new URLSearchParams({
      [target.params.title!]: title,
      [target.params.text!]: 'Read this before Friday',
      [target.params.url!]: 'https://example.com/article',
    });
    // Shared while signed out (a phone whose session ended): signing in stays on the share.
    await page.goto(`${target.action}?${shared}`);
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
