import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/** A title no other test (or project) uses: tests share one server. */
export const uniqueTitle = (info: TestInfo, label: string): string => `${label} ${info.project.name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

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

/** Creates a task through the API (setup), answering its id. */
export async function createTask(page: Page, input: Record<string, unknown>): Promise<string> {
  const data = await gql<{ createTask: { id: string } }>(page, 'mutation($input: TaskInput!) { createTask(input: $input) { id } }', { input });
  return data.createTask.id;
}

export async function moveTask(page: Page, input: Record<string, unknown>): Promise<void> {
  await gql(page, 'mutation($input: MoveTaskInput!) { moveTask(input: $input) { id } }', { input });
}

/** Reads tasks back through the API (proof of persistence). */
export async function findTasks(page: Page, search: string): Promise<ApiTask[]> {
  const data = await gql<{ tasks: { nodes: ApiTask[] } }>(page, `query($search: String) { tasks(first: 100, filter: { search: $search }) { nodes { ${TASK_FIELDS} } } }`, { search });
  return data.tasks.nodes;
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

/** Searches the board or list so only this test's tasks show. */
export async function search(page: Page, text: string): Promise<void> {
  await page.getByPlaceholder('Search tasks...').fill(text);
}

/** Drags with the mouse in small steps (dnd-kit starts after 6 px). */
export async function mouseDrag(page: Page, from: Locator, to: Locator): Promise<void> {
  await from.scrollIntoViewIfNeeded();
  const a = (await from.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + Math.min(20, a.height / 2));
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + 25, { steps: 4 });
  const b = (await to.boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + Math.min(40, b.height / 2), { steps: 12 });
  await page.mouse.move(b.x + b.width / 2 + 2, b.y + Math.min(42, b.height / 2), { steps: 2 });
  await page.mouse.up();
}

/** A real touch drag (long press, then move) through the Chrome DevTools protocol. */
export async function touchDrag(page: Page, from: Locator, to: { x: number; y: number }): Promise<void> {
  const a = (await from.boundingBox())!;
  const session = await page.context().newCDPSession(page);
  const start = { x: a.x + a.width / 2, y: a.y + Math.min(20, a.height / 2) };
  const touch = (type: string, p: { x: number; y: number }) =>
    session.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: Math.round(p.x), y: Math.round(p.y), id: 1 }] });
  await touch('touchStart', start);
  await page.waitForTimeout(400); // the long press that starts a touch drag (250 ms)
  const steps = 12;
  for (let i = 1; i <= steps; i++) {
    await touch('touchMove', { x: start.x + ((to.x - start.x) * i) / steps, y: start.y + ((to.y - start.y) * i) / steps });
    await page.waitForTimeout(16);
  }
  await page.waitForTimeout(100);
  await touch('touchEnd', to);
  await session.detach();
}
