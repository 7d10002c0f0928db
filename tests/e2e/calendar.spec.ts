import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { hasHorizontalScroll, signIn } from './support/session';
import {
  card,
  column,
  createTask,
  dayFromToday,
  findTask,
  findTaskIfAny,
  gql,
  mouseDrag,
  moveTask,
  newTaskButton,
  openView,
  pickUpWithTouch,
  pointIn,
  search,
  uniqueTitle,
} from './support/planner';

/** A calendar day (week column, month cell or phone day) by its 'yyyy-MM-dd'. */
const day = (page: Page, key: string): Locator => page.locator(`[data-testid="calendar-day"][data-day="${key}"]`);
/** A task on a calendar day (or in the day's full list). */
const calendarCard = (scope: Page | Locator, title: string): Locator => scope.locator(`[data-testid="calendar-card"][aria-label="${title}"]`);
/** A task card in the Unscheduled Tasks panel. */
const panelCard = (page: Page, title: string): Locator => page.getByTestId('unscheduled-panel').locator(`[data-testid="task-card"][aria-label="${title}"]`);

/** 'yyyy-MM-dd' plus whole days (calendar arithmetic, no time zone involved). */
const plusDays = (key: string, days: number): string => {
  const d = new Date(`${key}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const mondayOf = (key: string): string => plusDays(key, -((new Date(`${key}T12:00:00Z`).getUTCDay() + 6) % 7));
const longDay = (key: string) => new Date(`${key}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const monthTitle = (key: string) => new Date(`${key}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A second person in their own browser context (own cookies, own socket), at the same viewport. */
async function teammate(browser: Browser, page: Page): Promise<Page> {
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin, viewport, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 });
  const other = await context.newPage();
  await signIn(other, 'manager');
  return other;
}

/** Shows the phone's Unscheduled Tasks panel (wide screens always show it). */
async function showPanel(page: Page, isMobile: boolean): Promise<void> {
  if (isMobile) await page.getByRole('button', { name: /Show Unscheduled Tasks/ }).click();
  await expect(page.getByTestId('unscheduled-panel')).toBeVisible();
}

/** Opens a calendar view narrowed to one task and answers its card in the Unscheduled Tasks panel. */
async function panelCardIn(page: Page, view: 'weekly' | 'monthly', title: string, isMobile: boolean): Promise<Locator> {
  await openView(page, view);
  await search(page, title);
  await showPanel(page, isMobile);
  await page.getByLabel('Search unscheduled tasks').fill(title);
  const source = panelCard(page, title);
  await expect(source).toBeVisible();
  return source;
}

/** On phones, a day of the month grid's second row (always in this month, on screen below the panel). */
const secondRowDay = async (page: Page): Promise<string> => (await page.getByTestId('calendar-day').nth(7).getAttribute('data-day')) ?? '';

test.beforeEach(async ({ page }) => {
  await signIn(page, 'user');
});

test.describe('weekly view', () => {
  test('renders Monday to Sunday with counts, highlights today and navigates', async ({ page, isMobile }, info) => {
    const today = await dayFromToday(page, 0);
    const monday = mondayOf(today);
    const title = uniqueTitle(info, 'Week show');
    await createTask(page, { title, scheduledDate: today, scheduledTime: '10:30' });
    await openView(page, 'weekly');

    const heading = page.getByTestId('calendar-title');
    await expect(heading).toHaveText(`Week of ${longDay(monday)}`);
    await expect(page.getByTestId('calendar-day')).toHaveCount(7);
    await expect(page.getByTestId('calendar-day').first()).toHaveAttribute('data-day', monday);
    await expect(page.getByTestId('calendar-day').last()).toHaveAttribute('data-day', plusDays(monday, 6));
    await expect(day(page, today)).toHaveAttribute('aria-current', 'date');
    await expect(calendarCard(day(page, today), title)).toContainText('10:30 AM');

    // The header search narrows the days: each then shows its count or 'No tasks scheduled'.
    await search(page, title);
    await expect(day(page, today).getByTestId('day-count')).toHaveText('1');
    const otherDay = today === monday ? plusDays(monday, 1) : monday;
    await expect(day(page, otherDay)).toContainText('No tasks scheduled');
    await expect(day(page, otherDay).getByTestId('day-count')).toHaveText('0');

    await page.getByRole('button', { name: 'Next week' }).click();
    await expect(heading).toHaveText(`Week of ${longDay(plusDays(monday, 7))}`);
    await expect(day(page, today)).toHaveCount(0);
    await page.getByRole('button', { name: 'Previous week' }).click();
    await page.getByRole('button', { name: 'Previous week' }).click();
    await expect(heading).toHaveText(`Week of ${longDay(plusDays(monday, -7))}`);
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await expect(heading).toHaveText(`Week of ${longDay(monday)}`);

    // A click on a card opens the planner's details sheet.
    await calendarCard(day(page, today), title).click();
    await expect(page.getByRole('dialog', { name: 'Task Details' }).getByLabel('Task Title')).toHaveValue(title);
    await page.keyboard.press('Escape');

    // The panel's own search and its empty texts.
    await showPanel(page, isMobile);
    const panelSearch = page.getByLabel('Search unscheduled tasks');
    await panelSearch.fill(`nothing matches ${title}`);
    await expect(page.getByTestId('unscheduled-panel')).toContainText('No matching tasks found');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: info.outputPath(`weekly-${info.project.name}.png`) });
  });

  test('a drag from the panel schedules a task, and a teammate sees it move without a reload', async ({ page, browser, isMobile }, info) => {
    const title = uniqueTitle(info, 'Week drag');
    await createTask(page, { title });
    const today = await dayFromToday(page, 0);
    // Phones list the days top to bottom: drop on the first one, just below the panel.
    const target = isMobile ? mondayOf(today) : today;

    const manager = await teammate(browser, page);
    await panelCardIn(manager, 'weekly', title, isMobile);

    const source = await panelCardIn(page, 'weekly', title, isMobile);

    if (isMobile) {
      const held = await pickUpWithTouch(page, source);
      await held.moveTo(await pointIn(day(page, target), 20));
      await held.drop();
    } else {
      await mouseDrag(page, source, day(page, target));
    }
    await expect(calendarCard(day(page, target), title)).toBeVisible();
    await expect(page.getByTestId('unscheduled-panel')).toContainText('No matching tasks found');
    await expect.poll(async () => (await findTaskIfAny(page, title))?.scheduledDate?.slice(0, 10)).toBe(target);

    // The teammate's page was never reloaded: the board subscription moved it in their cache.
    await expect(calendarCard(day(manager, target), title)).toBeVisible();
    await expect(panelCard(manager, title)).toHaveCount(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await manager.context().close();
  });

  test("day to day keeps a timed task's time; back onto the panel unschedules (Move to date... on phones)", async ({ page, isMobile }, info) => {
    const title = uniqueTitle(info, 'Week move');
    const today = await dayFromToday(page, 0);
    const monday = mondayOf(today);
    const from = monday;
    const to = plusDays(monday, 3);
    await createTask(page, { title, scheduledDate: from, scheduledTime: '09:30' });
    await openView(page, 'weekly');
    await search(page, title);
    const source = calendarCard(day(page, from), title);
    await expect(source).toBeVisible();

    if (isMobile) {
      await source.getByRole('button', { name: 'Move to...', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Move to date...' }).click();
      const dialog = page.getByRole('dialog', { name: 'Move to date' });
      await dialog.getByLabel('Date').fill(to);
      await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    } else {
      await mouseDrag(page, source, day(page, to));
    }
    await expect(calendarCard(day(page, to), title)).toContainText('9:30 AM');
    await expect.poll(async () => (await findTaskIfAny(page, title))?.scheduledDate?.slice(0, 10)).toBe(to);
    expect((await findTask(page, title)).scheduledTime).toBe('09:30');

    if (isMobile) {
      await calendarCard(day(page, to), title).getByRole('button', { name: 'Move to...', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Unscheduled Tasks' }).click();
    } else {
      await mouseDrag(page, calendarCard(day(page, to), title), page.getByTestId('unscheduled-panel'));
    }
    await expect(calendarCard(page, title)).toHaveCount(0);
    await expect.poll(async () => (await findTaskIfAny(page, title))?.column).toBe('UNSCHEDULED');
    expect((await findTask(page, title)).scheduledDate).toBeNull();
  });

  test('the panel resizes by keyboard within 20-40% and keeps its width', async ({ page, isMobile }) => {
    test.skip(isMobile, 'the phone layout has no side panel');
    await openView(page, 'weekly');
    const splitter = page.getByRole('separator', { name: 'Resize the Unscheduled Tasks panel' });
    await expect(splitter).toHaveAttribute('aria-valuenow', '25');
    const before = (await page.getByTestId('unscheduled-panel').boundingBox())!.width;
    await splitter.focus();
    await page.keyboard.press('ArrowRight');
    await expect(splitter).toHaveAttribute('aria-valuenow', '35');
    await page.keyboard.press('ArrowRight');
    await expect(splitter).toHaveAttribute('aria-valuenow', '40');
    expect((await page.getByTestId('unscheduled-panel').boundingBox())!.width).toBeGreaterThan(before);
    await page.keyboard.press('Shift+ArrowLeft');
    await expect(splitter).toHaveAttribute('aria-valuenow', '20');
    await page.keyboard.press('ArrowRight');
    await expect(splitter).toHaveAttribute('aria-valuenow', '30');
    await page.reload();
    await expect(page.getByRole('separator', { name: 'Resize the Unscheduled Tasks panel' })).toHaveAttribute('aria-valuenow', '30');
  });
});

test.describe('monthly view', () => {
  test("renders the month, navigates, and '+N more' opens the day's full list", async ({ page, isMobile }, info) => {
    const today = await dayFromToday(page, 0);
    // A day of this month well away from this week (the other tests schedule around today).
    const crowded = `${today.slice(0, 8)}${Number(today.slice(8)) <= 14 ? '25' : '03'}`;
    const prefix = uniqueTitle(info, 'Month');
    const titles = Array.from({ length: 5 }, (_, i) => `${prefix} ${i + 1}`);
    for (const [i, title] of titles.entries()) await createTask(page, { title, scheduledDate: crowded, scheduledTime: `0${i + 1}:00` });

    await openView(page, 'monthly');
    const heading = page.getByTestId('calendar-title');
    await expect(heading).toHaveText(monthTitle(today));
    await search(page, prefix);
    const days = page.getByTestId('calendar-day');
    expect([35, 42]).toContain(await days.count());
    await expect(days.first()).toHaveAttribute('data-day', mondayOf(`${today.slice(0, 8)}01`));
    await expect(day(page, today)).toHaveAttribute('aria-current', 'date');

    if (isMobile) {
      // Compact grid: dots per day; a tap shows the day's list below.
      await expect(day(page, crowded)).toHaveAccessibleName(new RegExp(': 5 tasks$'));
      await day(page, crowded).click();
      const list = page.getByTestId('selected-day');
      for (const title of titles) await expect(calendarCard(list, title)).toBeVisible();
      await calendarCard(list, titles[4]).click();
    } else {
      const cell = day(page, crowded);
      await expect(cell.getByTestId('day-count')).toHaveText('5');
      await expect(cell.getByTestId('calendar-card')).toHaveCount(3);
      await cell.getByRole('button', { name: '+2 more' }).click();
      const dialog = page.getByRole('dialog');
      for (const title of titles) await expect(calendarCard(dialog, title)).toBeVisible();
      await calendarCard(dialog, titles[4]).click();
    }
    await expect(page.getByRole('dialog', { name: 'Task Details' }).getByLabel('Task Title')).toHaveValue(titles[4]);
    await page.keyboard.press('Escape');

    const nextMonth = `${plusDays(`${today.slice(0, 8)}28`, 7).slice(0, 8)}01`;
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(heading).toHaveText(monthTitle(nextMonth));
    await page.getByRole('button', { name: 'Previous month' }).click();
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(heading).not.toHaveText(monthTitle(today));
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await expect(heading).toHaveText(monthTitle(today));
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: info.outputPath(`monthly-${info.project.name}.png`), fullPage: true });
  });

  test('a drag from the panel onto a day schedules the task', async ({ page, isMobile }, info) => {
    const title = uniqueTitle(info, 'Month drag');
    await createTask(page, { title });
    const today = await dayFromToday(page, 0);
    const source = await panelCardIn(page, 'monthly', title, isMobile);
    const target = isMobile ? await secondRowDay(page) : today;
    if (isMobile) {
      const held = await pickUpWithTouch(page, source);
      await held.moveTo(await pointIn(day(page, target)));
      await held.drop();
      await expect(day(page, target)).toHaveAccessibleName(/: 1 task$/);
    } else {
      await mouseDrag(page, source, day(page, target));
      await expect(calendarCard(day(page, target), title)).toBeVisible();
    }
    await expect.poll(async () => (await findTaskIfAny(page, title))?.scheduledDate?.slice(0, 10)).toBe(target);
  });

  test('a held card that is drawn again mid-drag still lands on the day under the finger', async ({ page, isMobile }, info) => {
    test.skip(!isMobile, "A mouse's release always reaches the page; a touch's events go to the element first touched.");
    const title = uniqueTitle(info, 'Month redraw');
    const taskId = await createTask(page, { title });
    const source = await panelCardIn(page, 'monthly', title, true);
    const target = await secondRowDay(page);
    const today = await dayFromToday(page, 0);

    const held = await pickUpWithTouch(page, source);
    // While it is held, the task is scheduled and unscheduled again elsewhere (another device): the live
    // stream takes the card out of the panel and puts it back as a new element, as a reload of the list
    // or a virtualized list redrawing it does. A touch's events keep going to the element first touched,
    // now off the page: the drop must still be heard.
    await moveTask(page, { taskId, column: 'PENDING', scheduledDate: today });
    await expect(source).toHaveCount(0);
    await moveTask(page, { taskId, column: 'UNSCHEDULED' });
    await expect(source).toHaveCount(1);
    await held.moveTo(await pointIn(day(page, target)));
    await held.drop();

    await expect(day(page, target)).toHaveAccessibleName(/: 1 task$/);
    await expect.poll(async () => (await findTaskIfAny(page, title))?.scheduledDate?.slice(0, 10)).toBe(target);
  });
});

test.describe('quick add', () => {
  test('chips show what the line means; Enter creates a scheduled, timed task', async ({ page }, info) => {
    const title = uniqueTitle(info, 'Quick line');
    const tomorrow = await dayFromToday(page, 1);
    await openView(page, 'master');
    const input = page.getByPlaceholder('Type task name and hit enter...');
    await input.fill(`${title} tomorrow 2:30pm 45m !high`);
    const chips = page.getByTestId('quick-add-chips');
    await expect(chips).toContainText(`Title: ${title}`);
    await expect(chips).toContainText('Time: 2:30 PM');
    await expect(chips).toContainText('Estimate: 45 min');
    await expect(chips).toContainText('Priority: High');
    await expect(chips.getByText(/^Date: /)).toBeVisible();
    await input.press('Enter');
    await expect(page.getByText('Task created successfully')).toBeVisible();
    await expect(input).toHaveValue('');
    await expect(chips).toHaveCount(0);

    const task = await findTask(page, title);
    expect(task).toMatchObject({ scheduledTime: '14:30', priority: 'high', status: 'PLANNED', assignedTo: { username: 'user' } });
    expect(task.scheduledDate?.slice(0, 10)).toBe(tomorrow);
    const { task: stored } = await gql<{ task: { estimatedHours: number } }>(page, 'query($id: ID!) { task(id: $id) { estimatedHours } }', { id: task.id });
    expect(stored.estimatedHours).toBe(0.75);
  });

  test('the New Task title shows chips too and creates through quick add', async ({ page }, info) => {
    const title = uniqueTitle(info, 'Dialog line');
    const today = await dayFromToday(page, 0);
    await openView(page, 'weekly');
    await newTaskButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Task' });
    await dialog.getByLabel('Task Title *').fill(`${title} at 4pm !critical`);
    const chips = dialog.getByTestId('quick-add-chips');
    await expect(chips).toContainText('Time: 4:00 PM');
    await expect(chips).toContainText('Priority: Critical');
    await expect(chips).toContainText('Enter creates it');
    await dialog.getByLabel('Task Title *').press('Enter');
    await expect(page.getByText('Task created successfully')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    // It lands on today in the open week, live from the cache.
    await search(page, title);
    await expect(calendarCard(day(page, today), title)).toContainText('4:00 PM');
    const task = await findTask(page, title);
    expect(task).toMatchObject({ scheduledTime: '16:00', priority: 'critical', column: 'TODAY' });
  });

  test("a time slot's inline input shows chips and a line with tokens keeps the slot's time", async ({ page, isMobile }, info) => {
    const title = uniqueTitle(info, 'Slot line');
    await openView(page, 'daily');
    await search(page, title);
    if (isMobile) await page.getByRole('switch', { name: 'Focus Mode' }).click();
    await column(page, 'TODAY').getByRole('button', { name: 'Add Task', exact: true }).click();
    const add = page.getByRole('button', { name: 'Add task at 3:00 PM' });
    await add.scrollIntoViewIfNeeded();
    await add.click();
    const input = page.getByRole('textbox', { name: 'New task at 3:00 PM' });
    await input.fill(`${title} !high 30m`);
    const chips = page.getByTestId('quick-add-chips');
    await expect(chips).toContainText('Priority: High');
    await expect(chips).toContainText('Estimate: 30 min');
    await input.press('Enter');
    const slot = page.locator('[data-testid="time-slot"][data-time="15:00"]');
    await expect(card(slot, title)).toBeVisible();
    expect(await findTask(page, title)).toMatchObject({ column: 'TODAY', scheduledTime: '15:00', priority: 'high' });
    if (isMobile) await page.getByRole('switch', { name: 'Focus Mode' }).click();
  });
});
