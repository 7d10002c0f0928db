import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/session';
import { card, column, createTask, findTaskIfAny, openView, pickUpWithTouch, pointIn, search, uniqueTitle, type HeldCard, type Point } from './support/planner';

/**
 * Issue 38 item 3, a board made for thumbs: at 375 px with a finger (the phone project: hasTouch,
 * isMobile; touches through CDP's Input.dispatchTouchEvent), a card held at the strip's edge moves the
 * board one column per edge visit, and the drop lands where the finger is let go.
 */
test.describe('phone board', () => {
  test.beforeEach(({ isMobile }) => test.skip(!isMobile, 'Touch on a 375 px board: the desktop board shows all five columns side by side.'));

  /** Holds the card at the strip's right edge until `name` is the column in view, then moves it to that column's middle. */
  async function pageTo(page: Page, held: HeldCard, name: string, y: number): Promise<Point> {
    const width = page.viewportSize()!.width;
    await held.moveTo({ x: width - 8, y });
    await expect(column(page, name)).toBeInViewport({ ratio: 0.9 });
    const middle = { x: width / 2, y };
    await held.moveTo(middle);
    return middle;
  }

  async function holdInUnscheduled(page: Page, title: string): Promise<{ held: HeldCard; y: number }> {
    await openView(page, 'daily');
    await search(page, title);
    await page.getByRole('tab', { name: /^Unscheduled Tasks/ }).click();
    const source = card(column(page, 'UNSCHEDULED'), title);
    await expect(column(page, 'UNSCHEDULED')).toBeInViewport({ ratio: 0.9 });
    const { y } = await pointIn(source, 20);
    return { held: await pickUpWithTouch(page, source), y };
  }

  /** The server has the task in `name`, and a reload shows its card there. */
  async function expectSavedIn(page: Page, title: string, name: string): Promise<void> {
    await expect.poll(async () => (await findTaskIfAny(page, title))?.column).toBe(name);
    await page.reload();
    await search(page, title);
    await expect(card(column(page, name), title)).toBeAttached();
  }

  test.beforeEach(async ({ page }) => signIn(page, 'user'));

  test('a touch drag from Unscheduled lands on the next column, Today’s Plan, and on Pending Tasks after it', async ({ page }, info) => {
    const first = uniqueTitle(info, 'Thumb today');
    await createTask(page, { title: first });
    let { held, y } = await holdInUnscheduled(page, first);
    await pageTo(page, held, 'TODAY', y);
    await held.drop();
    await expectSavedIn(page, first, 'TODAY');

    const second = uniqueTitle(info, 'Thumb pending');
    await createTask(page, { title: second });
    ({ held, y } = await holdInUnscheduled(page, second));
    await pageTo(page, held, 'TODAY', y);
    await pageTo(page, held, 'PENDING', y);
    await held.drop();
    await expectSavedIn(page, second, 'PENDING');
  });

  test('a touch drag lands on a time slot of Today’s Plan', async ({ page }, info) => {
    const title = uniqueTitle(info, 'Thumb slot');
    await createTask(page, { title });
    await openView(page, 'daily');
    await column(page, 'TODAY').getByRole('button', { name: 'Add Task' }).click();
    const slots = page.getByTestId('time-slots');
    await expect(slots).toBeAttached();
    const { held, y } = await holdInUnscheduled(page, title);
    await pageTo(page, held, 'TODAY', y);
    // The first slot fully in view of the list.
    const box = (await slots.boundingBox())!;
    const times = await page
      .getByTestId('time-slot')
      .evaluateAll((els, top) => els.filter((e) => e.getBoundingClientRect().top >= top + 4).map((e) => e.getAttribute('data-time')!), box.y);
    const time = times[1];
    const slot = page.locator(`[data-testid="time-slot"][data-time="${time}"]`);
    const target = (await slot.boundingBox())!;
    await held.moveTo({ x: target.x + target.width / 2, y: target.y + target.height / 2 });
    await held.drop();
    await expect.poll(async () => (await findTaskIfAny(page, title))?.scheduledTime).toBe(time);
    expect((await findTaskIfAny(page, title))?.column).toBe('TODAY');
  });
});
