import { expect, test, type Locator, type Page } from '@playwright/test';
import { hasHorizontalScroll, signIn } from './support/session';
import { toast } from './support/tasks';
import {
  card,
  column,
  createTask,
  dayFromToday,
  findTaskIfAny,
  openView,
  pickUpWithTouch,
  pointIn,
  search,
  uniqueTitle,
  type HeldCard,
  type Point,
} from './support/planner';

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
    // The card in the slot leaves the slot's add button free: a real tap at its '+' opens the inline create.
    await expect(card(slot, title)).toBeVisible();
    const add = slot.getByRole('button', { name: /^Add task at / });
    const addBox = (await add.boundingBox())!;
    await page.touchscreen.tap(addBox.x + addBox.width - 12, addBox.y + 12);
    await expect(slot.getByRole('textbox', { name: /^New task at / })).toBeFocused();
  });

  test('time slots show at least six slots: the untimed strip is a count that opens on a tap', async ({ page }, info) => {
    const title = uniqueTitle(info, 'Thumb untimed');
    await createTask(page, { title, scheduledDate: await dayFromToday(page, 0), column: 'TODAY' });
    await openView(page, 'daily');
    await search(page, title);
    await page.getByRole('tab', { name: /^Today's Plan/ }).click();
    await column(page, 'TODAY').getByRole('button', { name: 'Add Task', exact: true }).click();
    const untimed = page.getByRole('region', { name: "Today's tasks without a time" });
    const count = untimed.getByRole('button', { name: /No time yet\s*1/ });
    await expect(count).toHaveAttribute('aria-expanded', 'false');
    await expect(card(untimed, title)).toBeHidden();
    await count.click();
    await expect(card(untimed, title)).toBeVisible();
    await count.click();
    await expect(card(untimed, title)).toBeHidden();

    // Whatever the time of day, the list shows six whole half-hour slots (80 px each) at once.
    const list = page.getByTestId('time-slots');
    await list.evaluate((el) => el.scrollTo(0, 24 * 80));
    await expect(column(page, 'TODAY')).toBeInViewport({ ratio: 0.9 });
    const whole = await list.evaluate((el) => {
      const view = el.getBoundingClientRect();
      return [...el.querySelectorAll('[data-testid="time-slot"]')].filter((s) => {
        const r = s.getBoundingClientRect();
        return r.top >= view.top - 1 && r.bottom <= view.bottom + 1;
      }).length;
    });
    expect(whole).toBeGreaterThanOrEqual(6);
  });

  test('a toast sits at the bottom, above the add button, clear of the menu and the bell', async ({ page }, info) => {
    const title = uniqueTitle(info, 'Thumb toast');
    await createTask(page, { title });
    await openView(page, 'daily');
    await search(page, title);
    // The page records where the toast appears, the moment it does (it lasts 5 s, which a loaded machine can spend between two steps).
    await page.evaluate(() => {
      const w = window as unknown as { toastBox?: DOMRect };
      new MutationObserver((_, observer) => {
        const shown = [...document.querySelectorAll('[data-testid="toast"]')].find((t) => t.textContent?.includes('Task updated successfully'));
        if (!shown) return;
        w.toastBox = shown.getBoundingClientRect();
        observer.disconnect();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await card(column(page, 'UNSCHEDULED'), title).getByRole('button', { name: 'Move to...' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Pending Tasks' }).click();
    const toastBox = (await (await page.waitForFunction(() => (window as unknown as { toastBox?: DOMRect }).toastBox?.toJSON())).jsonValue()) as {
      top: number;
      bottom: number;
    };
    const fab = (await page.getByRole('button', { name: 'Create task' }).boundingBox())!;
    const bell = (await page
      .getByRole('button', { name: /Notifications/ })
      .first()
      .boundingBox())!;
    const menu = (await page.getByRole('button', { name: 'Open menu' }).boundingBox())!;
    expect(toastBox.bottom).toBeLessThanOrEqual(fab.y);
    expect(toastBox.top).toBeGreaterThan(page.viewportSize()!.height / 2);
    expect(toastBox.top).toBeGreaterThan(Math.max(bell.y + bell.height, menu.y + menu.height));
  });

  /** A finger swipe across a card through CDP: down, sideways at once (before a long press would pick the card up), until the card shows where it would go, then up. */
  async function swipe(page: Page, target: Locator, dx: number, direction: 'right' | 'left'): Promise<void> {
    const session = await page.context().newCDPSession(page);
    const box = (await target.boundingBox())!;
    const y = Math.round(box.y + 20);
    const from = Math.round(direction === 'right' ? box.x + 30 : box.x + box.width - 50);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
      session.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1 }] });
    await touch('touchStart', from);
    for (let i = 1; i <= 8; i++) await touch('touchMove', Math.round(from + (dx * i) / 8));
    await expect(target).toHaveAttribute('data-swipe', direction);
    await touch('touchEnd', from + dx);
    await session.detach();
  }

  test('a swipe right completes a card and Undo brings it back; a swipe left moves it to tomorrow', async ({ page }, info) => {
    const title = uniqueTitle(info, 'Thumb swipe');
    await createTask(page, { title });
    await openView(page, 'daily');
    await search(page, title);
    await page.getByRole('tab', { name: /^Unscheduled Tasks/ }).click();
    await expect(column(page, 'UNSCHEDULED')).toBeInViewport({ ratio: 0.9 });
    await swipe(page, card(column(page, 'UNSCHEDULED'), title), 200, 'right');
    await expect.poll(async () => (await findTaskIfAny(page, title))?.status).toBe('DONE');
    await toast(page, 'Task updated successfully').getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await findTaskIfAny(page, title))?.column).toBe('UNSCHEDULED');
    expect((await findTaskIfAny(page, title))?.status).not.toBe('DONE');

    await expect(card(column(page, 'UNSCHEDULED'), title)).toBeInViewport();
    await swipe(page, card(column(page, 'UNSCHEDULED'), title), -200, 'left');
    const tomorrow = await dayFromToday(page, 1);
    await expect.poll(async () => (await findTaskIfAny(page, title))?.scheduledDate?.slice(0, 10)).toBe(tomorrow);
    expect((await findTaskIfAny(page, title))?.column).toBe('PENDING');
  });
});

/** Issue 38 item 3: a bottom navigation bar for the main screens on phones, and a one-row planner header. */
test.describe('phone navigation', () => {
  test.beforeEach(async ({ page }) => signIn(page, 'user'));

  const bottomBar = (page: Page) => page.getByRole('navigation', { name: 'Main' }).filter({ has: page.getByRole('button', { name: 'More' }) });

  test('a bottom bar on phones only: each item opens its screen and is marked current, More opens the menu', async ({ page, isMobile }) => {
    await openView(page, 'master');
    const bar = bottomBar(page);
    if (!isMobile) {
      // Desktop keeps the sidebar, and no bar.
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Task Listing' })).toBeVisible();
      await expect(bar).toBeHidden();
      return;
    }
    await expect(bar).toBeVisible();
    const viewport = page.viewportSize()!;
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y + barBox.height).toBeCloseTo(viewport.height, 0);
    expect(barBox.width).toBeCloseTo(viewport.width, 0);
    await expect(bar.locator('[aria-current="page"]')).toHaveCount(0);

    const screens: [string, RegExp][] = [
      ['Board', /\/\?view=daily$/],
      ['Calendar', /\/\?view=weekly$/],
      ['Listing', /\/task-listing$/],
      ['Activity', /\/activity$/],
    ];
    for (const [name, url] of screens) {
      const item = bar.getByRole('link', { name });
      await item.click();
      await expect(page).toHaveURL(url);
      await expect(item).toHaveAttribute('aria-current', 'page');
      await expect(bar.locator('[aria-current="page"]')).toHaveCount(1);
      // Nothing hides behind the bar: the screen's scroll area ends above it; nothing scrolls sideways.
      const main = (await page.getByRole('main').evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { bottom: r.bottom - parseFloat(getComputedStyle(el).paddingBottom) };
      }))!;
      expect(main.bottom).toBeLessThanOrEqual(barBox.y + 1);
      expect(await hasHorizontalScroll(page)).toBe(false);
    }

    // On the board the floating add button sits above the bar.
    await bar.getByRole('link', { name: 'Board' }).click();
    const fab = (await page.getByRole('button', { name: 'Create task' }).boundingBox())!;
    expect(fab.y + fab.height).toBeLessThanOrEqual(barBox.y);

    const more = bar.getByRole('button', { name: 'More' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await more.click();
    const menu = page.getByRole('dialog', { name: 'Navigation' });
    await expect(menu.getByRole('link', { name: 'Settings' })).toBeVisible();
    await menu.getByRole('link', { name: 'Projects' }).click();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(menu).toHaveCount(0);
    await expect(bar.locator('[aria-current="page"]')).toHaveCount(0);
  });

  test('the planner header is one row, the board starts in the upper third, and search sits behind one button', async ({ page, isMobile }, info) => {
    test.skip(!isMobile, 'The desktop header keeps the search and the member filter in view.');
    const found = uniqueTitle(info, 'Thumb find');
    const other = uniqueTitle(info, 'Thumb other');
    await createTask(page, { title: found });
    await createTask(page, { title: other });
    await openView(page, 'daily');

    const date = page.getByTestId('planner-date');
    const header = page.locator('header').filter({ has: date });
    const toggle = page.getByRole('button', { name: 'Search and filter' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByPlaceholder('Search tasks...')).toBeHidden();
    await expect(page.getByLabel('Team member')).toBeHidden();
    // One row: the view, the date, the day's buttons and the search button side by side.
    const headerBox = (await header.boundingBox())!;
    expect(headerBox.height).toBeLessThanOrEqual(44);
    for (const part of [page.getByRole('combobox', { name: 'View' }), date, page.getByRole('button', { name: 'Next day' }), toggle]) {
      const box = (await part.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(headerBox.y - 1);
      expect(box.y + box.height).toBeLessThanOrEqual(headerBox.y + headerBox.height + 1);
    }
    const firstColumn = (await page.getByTestId('board-column').first().boundingBox())!;
    expect(firstColumn.y).toBeLessThan(page.viewportSize()!.height / 3);
    expect(await hasHorizontalScroll(page)).toBe(false);

    // The button shows the search (focused, to type at once) and the member filter over the row: still one row.
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const box = page.getByPlaceholder('Search tasks...');
    await expect(box).toBeFocused();
    await expect(page.getByLabel('Team member')).toBeVisible();
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(44);
    await box.fill(found);
    await page.getByRole('tab', { name: /^Unscheduled Tasks/ }).click();
    await expect(card(column(page, 'UNSCHEDULED'), found)).toBeVisible();
    await expect(card(page, other)).toHaveCount(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
    // Closed again, the search still applies.
    await toggle.click();
    await expect(box).toBeHidden();
    await expect(card(column(page, 'UNSCHEDULED'), found)).toBeVisible();
    await expect(card(page, other)).toHaveCount(0);

    // The view switcher beside the date.
    await page.getByRole('combobox', { name: 'View' }).selectOption({ label: 'Weekly View' });
    await expect(page).toHaveURL(/[?&]view=weekly/);
    await expect(page.getByRole('link', { name: 'Calendar' })).toHaveAttribute('aria-current', 'page');
  });
});
