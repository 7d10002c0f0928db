import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/session';
import {
  card,
  column,
  createTask,
  dayFromToday,
  findTaskIfAny,
  openView,
  pickUpWithMouse,
  pickUpWithTouch,
  pointIn,
  search,
  uniqueTitle,
} from './support/planner';

/** Issue 16 item 4: crowded time slots show every task, long tasks span their estimate, drops land under the pointer. */

const SLOT_HEIGHT = 80;

/** Today's Plan as time slots, showing only tasks whose text has `text` (phones: focus mode, so the column fills the screen). */
async function openSlots(page: Page, text: string, isMobile: boolean) {
  await openView(page, 'daily');
  await search(page, text);
  if (isMobile) await page.getByRole('switch', { name: 'Focus Mode' }).click();
  await column(page, 'TODAY').getByRole('button', { name: 'Add Task', exact: true }).click();
  const list = page.getByTestId('time-slots');
  const slot = (time: string) => list.locator(`[data-testid="time-slot"][data-time="${time}"]`);
  return { list, slot, centre: (time: string) => slot(time).evaluate((el) => el.scrollIntoView({ block: 'center' })) };
}

/** Clicks a slot's "+" at its right edge: the strip no card covers (the middle of a crowded slot is its cards). */
async function addInSlot(page: Page, label: string) {
  const add = page.getByRole('button', { name: `Add task at ${label}`, exact: true });
  const box = await add.boundingBox();
  expect(box, 'the slot has a box on screen').not.toBeNull();
  await add.click({ position: { x: box!.width - 10, y: 10 } });
}

test.describe('planner: crowded time slots', () => {
  test.beforeEach(async ({ page }) => signIn(page, 'user'));

  test('three tasks at 2:00 PM all show side by side, a 2-hour one spans 4 rows, and the slot still adds a task', async ({ page, isMobile }, info) => {
    const word = uniqueTitle(info, 'Crowded');
    const today = await dayFromToday(page, 0);
    const titles = [`${word} long`, `${word} second`, `${word} third`];
    await createTask(page, { title: titles[0], scheduledDate: today, scheduledTime: '14:00', column: 'TODAY', estimatedHours: 2 });
    for (const title of titles.slice(1)) await createTask(page, { title, scheduledDate: today, scheduledTime: '14:00', column: 'TODAY', estimatedHours: 0.5 });
    const { slot, centre } = await openSlots(page, word, isMobile);
    await centre('15:00');

    const boxes = [];
    for (const title of titles) {
      const shown = card(slot('14:00'), title);
      await expect(shown).toBeVisible();
      boxes.push((await shown.boundingBox())!);
    }
    // Side by side: one row, three different places across, none covering another.
    const sorted = [...boxes].sort((a, b) => a.x - b.x);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i].x).toBeGreaterThanOrEqual(sorted[i - 1].x + sorted[i - 1].width - 1);
    for (const box of boxes) expect(Math.abs(box.y - boxes[1].y)).toBeLessThan(4);

    // The 2-hour task reaches from 2:00 PM to the start of 4:00 PM: four half-hour rows.
    const row = (await slot('14:00').boundingBox())!;
    const fourPm = (await slot('16:00').boundingBox())!;
    expect(boxes[0].height).toBeGreaterThan(4 * SLOT_HEIGHT - 12);
    expect(boxes[0].y + boxes[0].height).toBeLessThanOrEqual(fourPm.y + 1);
    expect(boxes[0].y + boxes[0].height).toBeGreaterThan(fourPm.y - 12);
    expect(boxes[1].height).toBeLessThan(SLOT_HEIGHT);
    expect(boxes[1].y).toBeGreaterThanOrEqual(row.y);

    // The slot's '+ Add task' is not covered: a click (a real one, at its free strip) opens the inline create.
    await addInSlot(page, '2:00 PM');
    await expect(page.getByRole('textbox', { name: 'New task at 2:00 PM' })).toBeFocused();
    await page.keyboard.press('Escape');
    // So is the add of a row the long task spans.
    await addInSlot(page, '3:00 PM');
    await expect(page.getByRole('textbox', { name: 'New task at 3:00 PM' })).toBeFocused();
    await page.keyboard.press('Escape');
    if (isMobile) await page.getByRole('switch', { name: 'Focus Mode' }).click();
  });

  test("a fourth task at the same time opens from '+1' with the whole list", async ({ page, isMobile }, info) => {
    const word = uniqueTitle(info, 'Busy');
    const today = await dayFromToday(page, 0);
    const titles = [1, 2, 3, 4].map((n) => `${word} ${n}`);
    for (const title of titles) await createTask(page, { title, scheduledDate: today, scheduledTime: '09:00', column: 'TODAY' });
    const { slot, centre } = await openSlots(page, word, isMobile);
    await centre('09:00');
    await expect(slot('09:00').getByTestId('task-card')).toHaveCount(3);
    await slot('09:00').getByRole('button', { name: '1 more tasks at 9:00 AM' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tasks at 9:00 AM' });
    for (const title of titles) await expect(card(dialog, title)).toBeVisible();
    await card(dialog, titles[3]).getByRole('button', { name: titles[3], exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Task Details' }).getByLabel('Task Title')).toHaveValue(titles[3]);
  });

  test('a drop lands in the slot under the pointer while the list scrolls under the held card', async ({ page, isMobile }, info) => {
    const title = uniqueTitle(info, 'Scroll drop');
    const today = await dayFromToday(page, 0);
    await createTask(page, { title, scheduledDate: today, column: 'TODAY' });
    const { list, slot, centre } = await openSlots(page, title, isMobile);
    const untimed = page.getByRole('region', { name: "Today's tasks without a time" });
    // On a phone the untimed strip is a count that opens on a tap.
    if (isMobile) await untimed.getByRole('button', { name: /^No time yet/ }).click();
    await centre('12:00');
    const held = await (isMobile ? pickUpWithTouch : pickUpWithMouse)(page, card(untimed, title));
    await held.moveTo(await pointIn(slot('12:00')));
    await expect(slot('12:00').locator('[data-drop-target]')).toHaveClass(/ring-brand-500/);
    // Three slots scroll under the card, and it is let go at once (before dnd-kit has seen the new layout).
    await list.evaluate((el) => el.scrollBy(0, 3 * 80));
    await held.drop();
    await expect(card(slot('13:30'), title)).toBeVisible();
    await expect.poll(async () => (await findTaskIfAny(page, title))?.scheduledTime).toBe('13:30');
    if (isMobile) await page.getByRole('switch', { name: 'Focus Mode' }).click();
  });
});
