import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, signIn } from './support/session';
import { createTask, uniqueTitle } from './support/planner';
import { createPerson, secondBrowser, signInAs, type Person } from './support/people';

/** The visible bell (desktop: in the sidebar; phone: in the header). */
const bell = (page: Page) => page.getByTestId('notification-bell').filter({ visible: true });
const count = (page: Page) => bell(page).getByTestId('notification-count');

/** The admin's and the manager's API sessions (no browser: setup only). */
async function apiAs(request: APIRequestContext, who: 'admin' | 'manager'): Promise<APIRequestContext> {
  const res = await request.post('/api/auth/login', { data: { username: ACCOUNTS[who].username, password: ACCOUNTS[who].password } });
  expect(res.status(), await res.text()).toBe(200);
  return request;
}

/** A fresh member reporting to the demo manager (so their notifications are theirs alone), made by the admin. */
async function freshMember(playwright: { request: { newContext(o: { baseURL?: string }): Promise<APIRequestContext> } }, baseURL: string): Promise<Person> {
  const admin = await apiAs(await playwright.request.newContext({ baseURL }), 'admin');
  const users = (await (await admin.get('/api/users')).json()) as { id: string; username: string }[];
  const manager = users.find((u) => u.username === 'manager')!;
  const member = await createPerson({ request: admin } as unknown as Page, { prefix: 'Notified', managerId: manager.id });
  await admin.dispose();
  return member;
}

/** Assigns a new task to `member` as the manager, over the API. */
async function assignAsManager(manager: APIRequestContext, member: Person, title: string): Promise<string> {
  const res = await manager.post('/api/tasks', { data: { title, assignedToId: member.id } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test.describe('notifications', () => {
  test("a task the manager assigns raises the member's bell live; the panel opens the task and marks it read", async ({
    page,
    browser,
    playwright,
    baseURL,
  }, info) => {
    const member = await freshMember(playwright, baseURL!);
    await signInAs(page, member);
    await expect(bell(page)).toBeVisible();
    await expect(count(page)).toHaveCount(0);

    const manager = await secondBrowser(browser, page);
    await signIn(manager, 'manager');
    const title = uniqueTitle(info, 'Assigned live');
    await createTask(manager, { title, assignedToId: member.id });

    // No reload: the subscription raised the count and showed a toast.
    await expect(count(page)).toHaveText('1');
    await expect(page.getByText(`assigned you "${title}"`).first()).toBeVisible();

    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const item = panel.getByTestId('notification-item').filter({ hasText: title });
    await expect(item).toBeVisible();
    await expect(item).toContainText('Maya');
    await expect(item).toHaveAttribute('data-read', 'false');
    await item.click();

    const details = page.getByRole('dialog', { name: 'Task Details' });
    await expect(details.getByLabel('Task Title')).toHaveValue(title);
    await expect(count(page)).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(details).toHaveCount(0);
    // The link opened the sheet and left the URL (a reload does not reopen it).
    await expect(page).not.toHaveURL(/[?&]task=/);
    await manager.context().close();
  });

  test('mark all as read clears the count', async ({ page, playwright, baseURL }, info) => {
    const member = await freshMember(playwright, baseURL!);
    await signInAs(page, member);
    const manager = await apiAs(await playwright.request.newContext({ baseURL }), 'manager');
    await assignAsManager(manager, member, uniqueTitle(info, 'First'));
    await assignAsManager(manager, member, uniqueTitle(info, 'Second'));
    await expect(count(page)).toHaveText('2');

    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByTestId('notification-item')).toHaveCount(2);
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(count(page)).toHaveCount(0);
    await expect(panel.locator('[data-testid="notification-item"][data-read="false"]')).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await manager.dispose();
  });

  test('the Settings page turns a kind off in the app', async ({ page, playwright, baseURL }, info) => {
    const member = await freshMember(playwright, baseURL!);
    await signInAs(page, member);
    const manager = await apiAs(await playwright.request.newContext({ baseURL }), 'manager');
    // "Assigned to me" off in the app (kept after a reload); a new assignment is not listed.
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    const inApp = page.getByRole('checkbox', { name: 'Assigned to me in the app' });
    await expect(inApp).toBeChecked();
    // The box answers at once (optimistic): the reload waits for the server to have stored it.
    const saved = page.waitForResponse((r) => r.url().endsWith('/graphql') && !!r.request().postData()?.includes('UpdateNotificationPreferences'));
    await inApp.uncheck();
    await expect(inApp).not.toBeChecked();
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Assigned to me in the app' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Assigned to me by email' })).toBeChecked();

    const quiet = uniqueTitle(info, 'Quiet');
    const quietId = await assignAsManager(manager, member, quiet);
    const listed = (await (await page.request.get('/api/notifications')).json()) as { items: { taskId: string }[] };
    expect(listed.items.some((n) => n.taskId === quietId)).toBe(false);
    await manager.dispose();
  });
});
