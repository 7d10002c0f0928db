import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/** A title no other test (or project: desktop, phone) uses: tests share one server. The one title maker of the e2e suite. */
export const uniqueTitle = (info: TestInfo, label: string): string =>
  `${label} ${info.project.name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A GraphQL call with the page's session cookie and time zone (as the app sends it). */
export async function gql<T = Record<string, unknown>>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const response = await page.request.post('/graphql', {
    data: { query, variables },
    headers: { 'content-type': 'application/json', 'x-time-zone': timeZone, 'apollo-require-preflight': 'true' },
  });
  const body = (await response.json()) as { data?: T; errors?: unknown[] };
  if (body.errors?.length) throw new Error(`GraphQL error: ${JSON.stringify(body.errors)}`);
  return body.data as T;
}

export interface ApiTask {
  id: string;
  title: string;
  status: string;
  column: string;
  category: string;
  priority: string;
  progress: number;
  scheduledDate: string | null;
  scheduledTime: string | null;
  assignedTo: { username: string } | null;
}
const TASK_FIELDS = 'id title status column category priority progress scheduledDate scheduledTime assignedTo { username }';

/**
 * Creates a task through the API as the signed-in user of `page` (setup), answering its id: the one way
 * the e2e suite creates a task without the UI. `input` is GraphQL's TaskInput (status and column as enum
 * names: 'DONE', 'TODAY'); what it leaves out takes the server's defaults.
 */
export async function createTask(page: Page, input: Record<string, unknown>): Promise<string> {
  const data = await gql<{ createTask: { id: string } }>(page, 'mutation($input: TaskInput!) { createTask(input: $input) { id } }', { input });
  return data.createTask.id;
}

export async function moveTask(page: Page, input: Record<string, unknown>): Promise<void> {
  await gql(page, 'mutation($input: MoveTaskInput!) { moveTask(input: $input) { id } }', { input });
}

/** Reads tasks back through the API (proof of persistence). */
export async function findTasks(page: Page, search: string): Promise<ApiTask[]> {
  const data = await gql<{ tasks: { nodes: ApiTask[] } }>(
    page,
    `query($search: String) { tasks(first: 100, filter: { search: $search }) { nodes { ${TASK_FIELDS} } } }`,
    { search },
  );
  return data.tasks.nodes;
}

/**
 * The task titled exactly `title`, or undefined while there is none yet (for `expect.poll`, which
 * stops at the first error its callback throws: a task the UI is still saving must not end the poll).
 */
export async function findTaskIfAny(page: Page, title: string): Promise<ApiTask | undefined> {
  const tasks = (await findTasks(page, title)).filter((t) => t.title === title);
  expect(tasks.length, `at most one task titled ${title}`).toBeLessThanOrEqual(1);
  return tasks[0];
}

export async function findTask(page: Page, title: string): Promise<ApiTask> {
  const tasks = (await findTasks(page, title)).filter((t) => t.title === title);
  expect(tasks, `exactly one task titled ${title}`).toHaveLength(1);
  return tasks[0];
}

/** 'yyyy-MM-dd' of today plus `days`, in the browser's zone. */
export const dayFromToday = (page: Page, days: number): Promise<string> =>
  page.evaluate((d) => {
    const date = new Date();
    date.setDate(date.getDate() + d);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  }, days);

export const openView = async (page: Page, view: string): Promise<void> => {
  await page.goto(`/?view=${view}`);
  await expect(page.getByTestId('planner-date')).toBeVisible();
};

export const column = (page: Page, name: string): Locator => page.locator(`[data-testid="board-column"][data-column="${name}"]`);
export const card = (scope: Page | Locator, title: string): Locator => scope.locator(`[data-testid="task-card"][aria-label="${title}"]`);

const filtersButton = (page: Page): Locator => page.getByRole('button', { name: /^(Search and filter|Filter)$/ });

/**
 * On a phone the planner's search and team-member filter sit behind one header button ('Search and filter';
 * 'Filter' on the master list, whose search is in the list): opens it while `target` is hidden behind it,
 * answering whether it did. At desktop size, and on screens without the button, `target` is simply waited for.
 */
async function reveal(page: Page, target: Locator): Promise<boolean> {
  // In the page first (the master list's search comes with the list), so a hidden one is one behind the button.
  await expect(target).toBeAttached();
  const button = filtersButton(page);
  const opened = !(await target.isVisible()) && (await button.isVisible()) && (await button.getAttribute('aria-expanded')) !== 'true';
  if (opened) await button.click();
  await expect(target).toBeVisible();
  return opened;
}

/** The planner's (or the listing's) search box, shown (on a phone the planner's is behind 'Search and filter'). */
export async function searchBox(page: Page): Promise<Locator> {
  const box = page.getByPlaceholder('Search tasks...');
  await reveal(page, box);
  return box;
}

/** The planner's team-member filter, shown (on a phone it is behind 'Search and filter'). */
export async function memberFilter(page: Page): Promise<Locator> {
  const filter = page.getByLabel('Team member');
  await reveal(page, filter);
  return filter;
}

/** The planner's New Task button: the header's, or on a phone (which has none) the floating 'Create task'. */
export const newTaskButton = (page: Page): Locator =>
  page
    .getByRole('button', { name: /^(New Task|Create task)$/ })
    .filter({ visible: true })
    .first();

/** Searches the board or list so only this test's tasks show (at desktop and phone sizes). */
export async function search(page: Page, text: string): Promise<void> {
  const box = page.getByPlaceholder('Search tasks...');
  const opened = await reveal(page, box);
  await box.fill(text);
  // On a phone, as a person would: closed again to give the header's row back (the search keeps applying).
  if (opened) {
    await filtersButton(page).click();
    await expect(box).toBeHidden();
  }
}

export interface Point {
  x: number;
  y: number;
}

/** A point in a target: across its middle, `down` px below its top (by default its middle, at most 40 px down). */
export async function pointIn(target: Locator, down?: number): Promise<Point> {
  const box = (await target.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + (down ?? Math.min(40, box.height / 2)) };
}

/** dnd-kit's screen-reader announcements: what a drag picked up, is over, and was dropped on. */
export const dragAnnouncement = (page: Page): Locator => page.locator('[id^="DndLiveRegion"]');

/**
 * Picks a card up from its drag handle with the keyboard (focus, Space) and waits until the arrow keys
 * act: dnd-kit says where the card is once it has measured it, and it starts listening for the arrow
 * keys in a zero-delay timer queued at the pick-up. Chromium runs input before timers on a busy page,
 * so an arrow key sent at once could arrive before that listener and be lost; a zero-delay timer of
 * our own runs after dnd-kit's (timers of equal delay run in order), so once it has run, dnd-kit listens.
 */
export async function pickUpWithKeyboard(page: Page, handle: Locator, overColumn: string): Promise<void> {
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(dragAnnouncement(page)).toContainText(`is over ${overColumn}.`);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** dnd-kit has started dragging the card: its drag handle reports itself pressed. */
const pickedUp = (source: Locator): Promise<void> => expect(source.getByRole('button', { name: /^Drag /, pressed: true })).toBeAttached();

/** A card held by the mouse or a finger. */
export interface HeldCard {
  /** Moves the pointer to `to` in small steps, as a hand does (dnd-kit and its auto-scroll see the path). */
  moveTo(to: Point): Promise<void>;
  /** Lets go where the pointer is. */
  drop(): Promise<void>;
}

/** Presses the mouse on a card and moves it past dnd-kit's 6 px activation distance, until the drag has started. */
export async function pickUpWithMouse(page: Page, source: Locator): Promise<HeldCard> {
  await source.scrollIntoViewIfNeeded();
  const start = await pointIn(source, 20);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 10, start.y + 5, { steps: 4 });
  await pickedUp(source);
  return {
    moveTo: (to) => page.mouse.move(to.x, to.y, { steps: 12 }),
    drop: () => page.mouse.up(),
  };
}

/**
 * A real long press on a card through the Chrome DevTools protocol: the finger stays down until dnd-kit
 * has started the drag (its 250 ms delay has passed), and then moves without lifting.
 */
export async function pickUpWithTouch(page: Page, source: Locator): Promise<HeldCard> {
  await source.scrollIntoViewIfNeeded();
  const session = await page.context().newCDPSession(page);
  let at = await pointIn(source, 20);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', p: Point) =>
    session.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: Math.round(p.x), y: Math.round(p.y), id: 1 }] });
  await touch('touchStart', at);
  await pickedUp(source);
  return {
    async moveTo(to) {
      const from = at;
      const steps = 12;
      for (let i = 1; i <= steps; i++) await touch('touchMove', { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps });
      at = to;
    },
    async drop() {
      await touch('touchEnd', at);
      await session.detach();
    },
  };
}

/** Drags a card with the mouse onto a target and drops it there. */
export async function mouseDrag(page: Page, from: Locator, to: Locator): Promise<void> {
  const held = await pickUpWithMouse(page, from);
  await held.moveTo(await pointIn(to));
  await held.drop();
}

/** Drags a card with a finger (long press, move, lift) to a point on screen. */
export async function touchDrag(page: Page, from: Locator, to: Point): Promise<void> {
  const held = await pickUpWithTouch(page, from);
  await held.moveTo(to);
  await held.drop();
}

/** The columns of the moves (MoveTask mutations) the page sends from now on. */
export function recordMoves(page: Page): string[] {
  const columns: string[] = [];
  page.on('request', (request) => {
    const body =
      request.url().endsWith('/graphql') && request.method() === 'POST'
        ? (request.postDataJSON() as { operationName?: string; variables?: { input?: { column?: string } } })
        : null;
    if (body?.operationName === 'MoveTask') columns.push(body.variables?.input?.column ?? '?');
  });
  return columns;
}
