import { expect, test, type Page } from '@playwright/test';
import { hasHorizontalScroll, signIn } from './support/session';
import { card, column, createTask, dayFromToday, findTask, findTaskIfAny, openView, search, uniqueTitle } from './support/planner';

const todayButton = (page: Page) => page.getByRole('group', { name: 'Board day' }).getByRole('button', { name: 'Today', exact: true });

test.describe('planner: any day on the daily board', () => {
  test.beforeEach(async ({ page }) => signIn(page, 'user'));

  test('previous, next, the date picker and Today change the day, kept in the URL; columns are placed for that day', async ({ page }, info) => {
    const title = uniqueTitle(info, 'Day board');
    const today = await dayFromToday(page, 0);
    const in3 = await dayFromToday(page, 3);
    const in2 = await dayFromToday(page, 2);
    const in4 = await dayFromToday(page, 4);
    await createTask(page, { title, scheduledDate: in3 });

    await openView(page, 'daily');
    await search(page, title);
    await expect(card(column(page, 'PENDING'), title)).toBeAttached();
    await expect(todayButton(page)).toBeDisabled();

    // The date picker: the task's day shows it in Today's Plan.
    await page.getByLabel('Day to show').fill(in3);
    await expect(page).toHaveURL(new RegExp(`[?&]date=${in3}`));
    await expect(card(column(page, 'TODAY'), title)).toBeAttached();

    // A reload keeps the day.
    await page.reload();
    await search(page, title);
    await expect(page.getByLabel('Day to show')).toHaveValue(in3);
    await expect(card(column(page, 'TODAY'), title)).toBeAttached();

    // The next day: the task was the day before (Pending from Before); the previous twice: still ahead (Pending).
    await page.getByRole('button', { name: 'Next day' }).click();
    await expect(page.getByLabel('Day to show')).toHaveValue(in4);
    await expect(card(column(page, 'PENDING_FROM_BEFORE'), title)).toBeAttached();
    await page.getByRole('button', { name: 'Previous day' }).click();
    await page.getByRole('button', { name: 'Previous day' }).click();
    await expect(page.getByLabel('Day to show')).toHaveValue(in2);
    await expect(card(column(page, 'PENDING'), title)).toBeAttached();

    await todayButton(page).click();
    await expect(page.getByLabel('Day to show')).toHaveValue(today);
    await expect(page).not.toHaveURL(/[?&]date=/);
    await expect(card(column(page, 'PENDING'), title)).toBeAttached();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  test("a move on another day's board is made relative to that day", async ({ page }, info) => {
    const title = uniqueTitle(info, 'Day move');
    await createTask(page, { title });
    const in6 = await dayFromToday(page, 6);
    await page.goto(`/?view=daily&date=${in6}`);
    await search(page, title);
    await card(column(page, 'UNSCHEDULED'), title).getByRole('button', { name: 'Move to...' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: "Today's Plan" }).click();
    await expect(card(column(page, 'TODAY'), title)).toBeAttached();
    await expect.poll(async () => (await findTaskIfAny(page, title))?.scheduledDate?.slice(0, 10)).toBe(in6);
    expect(await findTask(page, title)).toMatchObject({ status: 'IN_PROGRESS', column: 'PENDING' });

    // Pending Tasks on that board: the day after it.
    await card(column(page, 'TODAY'), title).getByRole('button', { name: 'Move to...' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Pending Tasks' }).click();
    await expect(card(column(page, 'PENDING'), title)).toBeAttached();
    await expect.poll(async () => (await findTaskIfAny(page, title))?.scheduledDate?.slice(0, 10)).toBe(await dayFromToday(page, 7));

    // Back on today's board the task is ahead: Pending Tasks.
    await todayButton(page).click();
    await expect(card(column(page, 'PENDING'), title)).toBeAttached();
  });

  test('time slots follow the chosen day: its tasks in their slots, the now-line only today', async ({ page }, info) => {
    const title = uniqueTitle(info, 'Day slot');
    const in2 = await dayFromToday(page, 2);
    await createTask(page, { title, scheduledDate: in2, scheduledTime: '09:30' });
    await openView(page, 'daily');
    await search(page, title);
    const today = column(page, 'TODAY');
    await today.getByRole('button', { name: 'Add Task' }).click();
    await expect(page.getByTestId('current-time-line')).toBeAttached();

    await page.getByLabel('Day to show').fill(in2);
    await expect(page.getByTestId('time-slots')).toBeVisible();
    await expect(page.getByTestId('current-time-line')).toHaveCount(0);
    await expect(card(page.locator('[data-testid="time-slot"][data-time="09:30"]'), title)).toBeAttached();

    // Adding in a slot of that day schedules the new task on that day.
    const added = uniqueTitle(info, 'Day slot add');
    await page.locator('[data-testid="time-slot"][data-time="10:00"]').getByRole('button', { name: 'Add task at 10:00 AM' }).click();
    await page.getByLabel('New task at 10:00 AM').fill(added);
    await page.getByLabel('New task at 10:00 AM').press('Enter');
    await expect.poll(async () => (await findTaskIfAny(page, added))?.scheduledDate?.slice(0, 10)).toBe(in2);
    expect((await findTask(page, added)).scheduledTime).toBe('10:00');
  });
});
