import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn } from './support/session';
import { flakySockets } from './support/network';
import { card, column, createTask, findTask, memberFilter, moveTask, openView, uniqueTitle, search } from './support/planner';

/** A second person in their own browser context (own cookies, own socket), at the same viewport. */
async function teammate(browser: Browser, page: Page, who: 'manager' | 'admin'): Promise<Page> {
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin, viewport, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 });
  const other = await context.newPage();
  await signIn(other, who);
  return other;
}

test.describe('live shared boards', () => {
  test("a task one person adds appears on a teammate's open board without a reload", async ({ page, browser }, info) => {
    await signIn(page, 'user');
    const manager = await teammate(browser, page, 'manager');
    await openView(manager, 'master');
    await openView(page, 'master');

    const title = uniqueTitle(info, 'Live add');
    // Both master lists hold other tests' tasks too (the manager's every one): each looks for this task.
    await search(manager, title);
    await search(page, title);
    await page.getByPlaceholder('Type task name and hit enter...').fill(title);
    await page.getByPlaceholder('Type task name and hit enter...').press('Enter');
    await expect(card(page, title)).toBeVisible();
    // The manager's page was never reloaded: the subscription put the task in its cache.
    await expect(card(manager, title)).toBeVisible();
    await manager.context().close();
  });

  test('moves, edits and deletes made through the API by another user show up live on the daily board', async ({ page, browser }, info) => {
    await signIn(page, 'user');
    const manager = await teammate(browser, page, 'manager');
    const title = uniqueTitle(info, 'Live move');
    const id = await createTask(manager, { title, assignedToId: await findUserId(manager, 'user') });

    await openView(page, 'daily');
    await search(page, title);
    await expect(card(column(page, 'UNSCHEDULED'), title)).toBeVisible();

    await moveTask(manager, { taskId: id, column: 'TODAY' });
    await expect(card(column(page, 'TODAY'), title)).toBeVisible();

    // A REST change (the compatibility layer) is pushed the same way.
    const renamed = `${title} renamed`;
    const patch = await manager.request.patch(`/api/tasks/${id}`, { data: { title: renamed } });
    expect(patch.status()).toBe(200);
    await expect(card(column(page, 'TODAY'), renamed)).toBeVisible();
    expect((await findTask(page, renamed)).column).toBe('TODAY');

    const removed = await manager.request.delete(`/api/tasks/${id}`);
    expect(removed.status()).toBe(200);
    await expect(card(page, renamed)).toHaveCount(0);
    await manager.context().close();
  });
});

test.describe("a manager's board holds their team", () => {
  test("a report's new task appears live, an outsider's only under Everyone; a task reassigned out of the team leaves the board", async ({
    page,
    browser,
  }, info) => {
    await signIn(page, 'manager');
    const admin = await teammate(browser, page, 'admin');
    await openView(page, 'master');
    const tag = uniqueTitle(info, 'Team scope');
    await search(page, tag);
    const [uri, adminId] = [await findUserId(admin, 'user'), await findUserId(admin, 'admin')];

    // The admin is no one's report here: their own task is outside the manager's team. Events arrive in
    // order, so once the report's task (created second) is on the board, the first one was decided too.
    const outsiders = `${tag} the admin's`;
    const reports = `${tag} Uri's`;
    await createTask(admin, { title: outsiders, assignedToId: adminId });
    const reportsId = await createTask(admin, { title: reports, assignedToId: uri });
    await expect(card(page, reports)).toBeVisible();
    await expect(card(page, outsiders)).toHaveCount(0);

    let people = await memberFilter(page);
    await people.selectOption({ label: 'Everyone' });
    await expect(page).toHaveURL(/[?&]scope=everyone/);
    await expect(card(page, outsiders)).toBeVisible();
    await expect(card(page, reports)).toBeVisible();
    // A reload keeps the choice.
    await page.reload();
    await expect(people).toHaveValue('__everyone__');
    await search(page, tag);
    await expect(card(page, outsiders)).toBeVisible();

    people = await memberFilter(page);
    await people.selectOption({ label: 'All Team Members' });
    await expect(page).not.toHaveURL(/scope=/);
    await expect(card(page, reports)).toBeVisible();
    await expect(card(page, outsiders)).toHaveCount(0);

    // Reassigned to the admin: out of the team, off the team's board, without a reload.
    const moved = await admin.request.patch(`/api/tasks/${reportsId}`, { data: { assignedToId: adminId } });
    expect(moved.status()).toBe(200);
    await expect(card(page, reports)).toHaveCount(0);
    await admin.context().close();
  });

  test('a member has no Everyone choice', async ({ page }) => {
    await signIn(page, 'user');
    await openView(page, 'master');
    await expect((await memberFilter(page)).locator('option', { hasText: 'Everyone' })).toHaveCount(0);
  });
});

test.describe('catch-up after a dropped connection', () => {
  test('changes made while the socket was down appear after it reconnects, without a reload', async ({ page, browser }, info) => {
    const network = await flakySockets(page);
    await signIn(page, 'user');
    const manager = await teammate(browser, page, 'manager');
    const userId = await findUserId(manager, 'user');
    await openView(page, 'master');
    const tag = uniqueTitle(info, 'Catch-up');
    await search(page, tag);

    const before = `${tag} before the drop`;
    await createTask(manager, { title: before, assignedToId: userId });
    await expect(card(page, before)).toBeVisible();

    await network.cut();
    const missed = `${tag} missed while offline`;
    await createTask(manager, { title: missed, assignedToId: userId });
    await network.refusedOnce();
    await expect(card(page, missed)).toHaveCount(0);

    network.restore();
    await expect(card(page, missed)).toBeVisible({ timeout: 20_000 });
    await manager.context().close();
  });
});

async function findUserId(page: Page, username: string): Promise<string> {
  const users = (await (await page.request.get('/api/users')).json()) as { id: string; username: string }[];
  const user = users.find((u) => u.username === username);
  if (!user) throw new Error(`no user ${username}`);
  return user.id;
}
