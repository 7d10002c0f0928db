import { expect, request, test, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { pruneEventLogThrough } from './support/history';
import { flakySockets } from './support/network';
import { hasHorizontalScroll } from './support/session';
import { card, column, dragAnnouncement, openView, pickUpWithKeyboard, search } from './support/planner';

// A board larger than one page of the API (500): the planner reads the rest page by page, counts every
// task and lets the last card be reached by scrolling, while rendering only the cards in view.
const UNSCHEDULED = 515;
const TODAY = 10;
const TOTAL = UNSCHEDULED + TODAY;
const PASSWORD = 'scale-pass-123';

test.describe.configure({ timeout: 120_000 });

interface Board {
  username: string;
  firstName: string;
  /** The user's own API session (REST). */
  api: APIRequestContext;
  /** The first task created: the last card in the master list and in Unscheduled (newest first). */
  oldest: string;
  /** Every task created for the board (deleted after the test: admins read all tasks, and the rest of the suite signs in as one). */
  ids: string[];
}

async function signedInApi(baseURL: string, username: string, password: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const login = await api.post('/api/auth/login', { data: { username, password } });
  expect(login.ok(), `sign-in of ${username}`).toBeTruthy();
  return api;
}

/** A fresh member (created by the admin, so no other test sees their board) with TOTAL tasks of their own. */
async function createBoard(info: TestInfo, baseURL: string): Promise<Board> {
  const tag = `${info.project.name}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const username = `scale_${tag}`;
  const firstName = `Scale${tag}`;
  const admin = await signedInApi(baseURL, 'admin', 'admin123');
  const created = await admin.post('/api/users', {
    data: { username, email: `${username}@example.com`, firstName, lastName: 'Tester', role: 'member', password: PASSWORD },
  });
  expect(created.status(), await created.text()).toBe(201);
  await admin.dispose();

  const api = await signedInApi(baseURL, username, PASSWORD);
  const title = (i: number) => `Scale ${tag} #${String(i).padStart(3, '0')}`;
  // In order (the planner lists newest first), a few at a time so the server keeps up on a busy machine.
  const inputs = Array.from({ length: TOTAL }, (_, i) => (i < UNSCHEDULED ? { title: title(i), column: 'unscheduled' } : { title: title(i), column: 'today' }));
  // The oldest first on its own, then the rest a few at a time (the order within a batch does not matter).
  const ids: string[] = [];
  const first = await api.post('/api/tasks', { data: inputs[0] });
  expect(first.status()).toBe(201);
  ids.push((await first.json()).id);
  for (let i = 1; i < inputs.length; i += 8) {
    const batch = inputs.slice(i, i + 8);
    const answers = await Promise.all(batch.map((data) => api.post('/api/tasks', { data })));
    for (const answer of answers) {
      expect(answer.status(), await answer.text()).toBe(201);
      ids.push((await answer.json()).id);
    }
  }
  return { username, firstName, api, oldest: title(0), ids };
}

async function signInAs(page: Page, board: Board): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Username').fill(board.username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(`Welcome back, ${board.firstName}!`)).toBeVisible();
}

/** Scrolls a container to its end until `target` shows (the list measures rows as they come into view). */
async function scrollToEndUntilVisible(scroller: Locator, target: Locator): Promise<void> {
  await expect(async () => {
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(target).toBeInViewport({ timeout: 500 });
  }).toPass({ timeout: 20_000 });
}

test.describe('planner at scale', () => {
  let board: Board;

  test.beforeEach(async ({ baseURL }, info) => {
    board = await createBoard(info, baseURL!);
  });
  test.afterEach(async () => {
    for (let i = 0; i < board.ids.length; i += 500) {
      const deleted = await board.api.post('/api/tasks/bulk-delete', { data: { ids: board.ids.slice(i, i + 500) } });
      expect(deleted.ok(), await deleted.text()).toBe(true);
    }
    await board.api.dispose();
  });

  test('the master list counts every task beyond the first page, renders only those in view, and the last card is reachable', async ({ page }) => {
    // The later pages are held until the cards are measured under "Loading all N tasks...": when it ends,
    // no card may move (a click or hover aimed at a card while the rest loads must land on that card).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/graphql', async (route) => {
      if ((route.request().postDataJSON() as { operationName?: string } | null)?.operationName === 'PlannerTasksPage') await held;
      await route.fallback();
    });
    await signInAs(page, board);
    await openView(page, 'master');
    const progress = page.getByTestId('planner-load-progress');
    await expect(progress).toBeVisible();
    const firstCard = page.getByTestId('task-card').first();
    await expect(firstCard).toBeVisible();
    const before = await firstCard.boundingBox();
    release();

    const count = page.locator('section[aria-labelledby="master-list-title"]');
    await expect(count.getByLabel(`${TOTAL} tasks`)).toBeVisible({ timeout: 30_000 });
    await expect(progress).toHaveCount(0);
    expect(await firstCard.boundingBox()).toEqual(before);

    // Virtualized: far fewer cards in the DOM than tasks.
    expect(await page.getByTestId('task-card').count()).toBeLessThan(100);

    const last = card(page, board.oldest);
    await expect(last).toHaveCount(0);
    await scrollToEndUntilVisible(page.locator('main'), last);
    // Enter on the last card still opens its details.
    await last.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog').getByText(board.oldest).first()).toBeVisible();
    await page.keyboard.press('Escape');

    // A task created elsewhere joins the same list live (the stream started from the first page's read).
    const live = `Scale live ${board.username}`;
    expect((await board.api.post('/api/tasks', { data: { title: live, column: 'unscheduled' } })).status()).toBe(201);
    await expect(count.getByLabel(`${TOTAL + 1} tasks`)).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  test('daily board column counts show every task and the last card of a column is reachable by scrolling', async ({ page }, info) => {
    await signInAs(page, board);
    await openView(page, 'daily');
    const unscheduled = column(page, 'UNSCHEDULED');
    await expect(unscheduled.getByTestId('column-count')).toHaveText(String(UNSCHEDULED), { timeout: 30_000 });
    await expect(column(page, 'TODAY').getByTestId('column-count')).toHaveText(String(TODAY));
    expect(await unscheduled.getByTestId('task-card').count()).toBeLessThan(60);

    if (info.project.name === 'phone') await page.getByRole('tab', { name: /Unscheduled/ }).click();
    const last = card(unscheduled, board.oldest);
    await scrollToEndUntilVisible(unscheduled.getByTestId('column-scroller'), last);

    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  test('the last card of a long column still moves by keyboard', async ({ page }, info) => {
    await signInAs(page, board);
    await openView(page, 'daily');
    const unscheduled = column(page, 'UNSCHEDULED');
    await expect(unscheduled.getByTestId('column-count')).toHaveText(String(UNSCHEDULED), { timeout: 30_000 });
    if (info.project.name === 'phone') await page.getByRole('tab', { name: /Unscheduled/ }).click();
    const last = card(unscheduled, board.oldest);
    await scrollToEndUntilVisible(unscheduled.getByTestId('column-scroller'), last);
    // Pick it up from its handle, Right to Today's Plan, drop.
    await pickUpWithKeyboard(page, last.getByRole('button', { name: `Drag ${board.oldest}` }), 'Unscheduled Tasks');
    const announcement = dragAnnouncement(page);
    await expect(announcement).toContainText(`${board.oldest} is over Unscheduled Tasks`);
    await page.keyboard.press('ArrowRight');
    await expect(announcement).toContainText(`${board.oldest} is over Today's Plan`);
    await page.keyboard.press('Space');
    await expect(unscheduled.getByTestId('column-count')).toHaveText(String(UNSCHEDULED - 1));
    await expect(column(page, 'TODAY').getByTestId('column-count')).toHaveText(String(TODAY + 1));
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
  test('after a disconnection the live log cannot replay (REFETCH), the board reads itself again behind the cards it shows', async ({ page }, info) => {
    const network = await flakySockets(page);
    const plannerReads: string[] = [];
    page.on('request', (request) => {
      const operation = request.url().endsWith('/graphql') ? (request.postDataJSON() as { operationName?: string } | null)?.operationName : undefined;
      if (operation === 'PlannerTasks' || operation === 'PlannerTasksPage') plannerReads.push(operation);
    });
    await signInAs(page, board);
    await openView(page, 'daily');
    const unscheduled = column(page, 'UNSCHEDULED');
    await expect(unscheduled.getByTestId('column-count')).toHaveText(String(UNSCHEDULED), { timeout: 30_000 });
    if (info.project.name === 'phone') await page.getByRole('tab', { name: /Unscheduled/ }).click();
    // From here on, the lowest total the columns show: a board that drops to its first page fails.
    await page.evaluate(() => {
      const total = () => [...document.querySelectorAll('[data-testid="column-count"]')].reduce((sum, el) => sum + Number(el.textContent), 0);
      const w = window as unknown as { __lowestTotal: number };
      w.__lowestTotal = total();
      new MutationObserver(() => (w.__lowestTotal = Math.min(w.__lowestTotal, total()))).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });

    await network.cut();
    // While the socket is down: a task created, one deleted, one renamed.
    const made = `Made offline ${board.username}`;
    const created = await board.api.post('/api/tasks', { data: { title: made, column: 'unscheduled' } });
    expect(created.status()).toBe(201);
    const madeId = (await created.json()).id as string;
    board.ids.push(madeId);
    const [deletedId, renamedId] = [board.ids[1], board.ids[2]];
    const deleted = board.oldest.replace('#000', '#001');
    expect((await board.api.delete(`/api/tasks/${deletedId}`)).ok()).toBe(true);
    board.ids.splice(1, 1);
    const renamed = `Renamed offline ${board.username}`;
    expect((await board.api.patch(`/api/tasks/${renamedId}`, { data: { title: renamed } })).ok()).toBe(true);
    await network.refusedOnce();
    // The log no longer reaches back to where this page stood (as after a long time offline).
    await pruneEventLogThrough(madeId);
    const readsBefore = plannerReads.length;
    network.restore();

    await expect(card(unscheduled, made)).toBeVisible({ timeout: 20_000 });
    await expect(unscheduled.getByTestId('column-count')).toHaveText(String(UNSCHEDULED));
    expect(plannerReads.slice(readsBefore)).toContain('PlannerTasksPage'); // read again, past its first page
    expect(await page.evaluate(() => (window as unknown as { __lowestTotal: number }).__lowestTotal)).toBeGreaterThanOrEqual(TOTAL - 1);
    await search(page, renamed);
    await expect(card(unscheduled, renamed)).toBeVisible();
    await expect(unscheduled.getByTestId('column-count')).toHaveText('1');
    await search(page, deleted);
    await expect(unscheduled.getByTestId('column-count')).toHaveText('0');
  });
});
