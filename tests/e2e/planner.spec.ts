import { expect, test } from '@playwright/test';
import { hasHorizontalScroll, signIn } from './support/session';
import {
  card,
  column,
  createTask,
  dayFromToday,
  dragAnnouncement,
  pickUpWithKeyboard,
  findTask,
  findTaskIfAny,
  findTasks,
  gql,
  mouseDrag,
  memberFilter,
  moveTask,
  openView,
  pickUpWithMouse,
  pickUpWithTouch,
  pointIn,
  recordMoves,
  search,
  touchDrag,
  uniqueTitle,
} from './support/planner';

test.describe('planner: header and view modes', () => {
  test('shows the date, New Task, the team filter and the floating add button; unknown modes show the master list', async ({ page, isMobile }) => {
    await signIn(page, 'user');
    await openView(page, 'master');
    await expect(page.getByTestId('planner-date')).toHaveText(/\w+day, \w+ \d{1,2}, \d{4}/);
    // Phones create with the floating button (the header keeps one row).
    await expect(page.getByRole('button', { name: 'New Task' })).toBeVisible({ visible: !isMobile });
    const filter = await memberFilter(page);
    await expect(filter.locator('option').first()).toHaveText('All Team Members');
    await expect(filter.locator('option', { hasText: 'Uri User' })).toHaveCount(1);
    const fab = page.getByRole('button', { name: 'Create task' });
    await expect(fab).toBeInViewport();
    await fab.click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Create New Task' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/?view=something-else');
    await expect(page.getByRole('heading', { name: 'Master List' })).toBeVisible();
    for (const [view, text] of [
      ['weekly', /^Week of /],
      ['monthly', /^\w+ \d{4}$/],
    ] as const) {
      await openView(page, view);
      await expect(page.getByTestId('calendar-title')).toHaveText(text);
      expect(await hasHorizontalScroll(page)).toBe(false);
    }
    for (const [view, text] of [['templates', 'Start a task, with its subtasks, from a reusable outline.']]) {
      await openView(page, view);
      await expect(page.getByText(text)).toBeVisible();
      expect(await hasHorizontalScroll(page)).toBe(false);
    }
  });

  test('the team-member filter narrows the board to one assignee', async ({ page }, info) => {
    await signIn(page, 'manager');
    // Two tasks of this test's own, one the manager's and one Uri's, found by a tag no other task has
    // (a short word like 'up' also matches other tests' titles: their ids are random letters).
    const { users } = await gql<{ users: { id: string; username: string }[] }>(page, '{ users { id username } }');
    const id = (username: string) => users.find((u) => u.username === username)!.id;
    const tag = uniqueTitle(info, 'Member filter');
    await createTask(page, { title: `${tag} mine`, assignedToId: id('manager') });
    await createTask(page, { title: `${tag} Uri's`, assignedToId: id('user') });
    await openView(page, 'master');
    await search(page, tag);
    await expect(card(page, `${tag} mine`)).toBeVisible();
    await expect(card(page, `${tag} Uri's`)).toBeVisible();
    await (await memberFilter(page)).selectOption({ label: 'Uri User' });
    await expect(card(page, `${tag} mine`)).toHaveCount(0);
    await expect(card(page, `${tag} Uri's`)).toBeVisible();
  });

  test("cards show people, not ids: initials, the name on wider screens, the short id in a tooltip, 'Unassigned'", async ({ page, isMobile }, info) => {
    await signIn(page, 'manager');
    const { users } = await gql<{ users: { id: string; username: string }[] }>(page, '{ users { id username } }');
    const uri = users.find((u) => u.username === 'user')!.id;
    const tag = uniqueTitle(info, 'People');
    await createTask(page, { title: `${tag} Uri's`, assignedToId: uri });
    await createTask(page, { title: `${tag} nobody's`, assignedToId: null });
    await openView(page, 'master');
    await search(page, tag);

    const assigned = card(page, `${tag} Uri's`).getByTestId('task-assignee');
    await expect(assigned.getByTestId('avatar')).toHaveText('UU');
    // Screen readers hear who it is at every size; the name is on screen from 640 px, phones show the avatar alone.
    await expect(assigned).toContainText('Assigned to Uri User');
    const name = assigned.locator(':scope > span').filter({ hasText: 'Uri User' });
    const width = (await name.boundingBox())?.width ?? 0;
    if (isMobile) expect(width).toBeLessThanOrEqual(1);
    else expect(width).toBeGreaterThan(20);
    // The hex id is not printed on the card: its short form is in the tooltip.
    await expect(card(page, `${tag} Uri's`)).not.toContainText(uri.slice(0, 8));
    await assigned.hover();
    await expect(page.getByRole('tooltip')).toHaveText(`Uri User · ${uri.slice(0, 8)}`);

    const nobody = card(page, `${tag} nobody's`).getByTestId('task-assignee');
    await expect(nobody).toContainText('Assigned to Unassigned');
    await expect(nobody.getByTestId('avatar')).toHaveText('');
  });
});

test.describe('planner: master list', () => {
  test.beforeEach(async ({ page }) => signIn(page, 'user'));

  test('quick add creates a task with the defaults, ignores blanks and persists', async ({ page }, info) => {
    const title = uniqueTitle(info, 'Quick add');
    await openView(page, 'master');
    await expect(page.getByRole('heading', { name: 'Master List' })).toBeVisible();
    const input = page.getByPlaceholder('Type task name and hit enter...');
    await input.fill('   ');
    await input.press('Enter');
    await expect(page.getByText('Task created successfully')).toHaveCount(0);
    await input.fill(title);
    await input.press('Enter');
    await expect(page.getByText('Task created successfully')).toBeVisible();
    await expect(input).toHaveValue('');
    await expect(card(page, title)).toBeVisible();

    await page.reload();
    await search(page, title); // other tests keep adding to this user's list
    await expect(card(page, title)).toBeVisible();
    const task = await findTask(page, title);
    expect(task).toMatchObject({
      status: 'PLANNED',
      column: 'UNSCHEDULED',
      category: 'dev',
      priority: 'medium',
      progress: 0,
      scheduledDate: null,
      assignedTo: { username: 'user' },
    });
  });

  test('search narrows the list, and hits only outside it open the grouped results dialog', async ({ page }, info) => {
    const word = uniqueTitle(info, 'Needle').replace(/\s+/g, '-');
    const open = `${word} open`;
    const finished = `${word} finished`;
    await createTask(page, { title: open });
    const doneId = await createTask(page, { title: finished });
    await moveTask(page, { taskId: doneId, column: 'COMPLETED' });

    await openView(page, 'master');
    await search(page, open);
    await expect(card(page, open)).toBeVisible();
    await expect(page.locator('[data-testid="task-card"]')).toHaveCount(1);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await search(page, finished);
    const dialog = page.getByRole('dialog', { name: 'Search results' });
    await expect(dialog.getByRole('heading', { name: 'Search results' })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Unscheduled Tasks' })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: "Today's Plan" })).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Completed Tasks' }).getByRole('button', { name: finished })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('No matching tasks found')).toBeVisible();
  });

  test('select mode deletes several tasks after a confirmation', async ({ page }, info) => {
    const prefix = uniqueTitle(info, 'Bulk');
    await createTask(page, { title: `${prefix} one` });
    await createTask(page, { title: `${prefix} two` });
    await openView(page, 'master');
    await search(page, prefix);
    await expect(page.locator('[data-testid="task-card"]')).toHaveCount(2);

    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.getByLabel('Select all tasks').check();
    await expect(page.getByLabel(`Select ${prefix} one`)).toBeChecked();
    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete these 2 tasks?' });
    await expect(confirm.getByText(/Undo in the message that follows brings it all back\./)).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.locator('[data-testid="task-card"]')).toHaveCount(2);

    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    await page.getByTestId('confirm-button').click();
    await expect(page.getByText('Task deleted successfully')).toBeVisible();
    await expect(page.locator('[data-testid="task-card"]')).toHaveCount(0);
    expect(await findTasks(page, prefix)).toHaveLength(0);
  });

  test('a card deletes itself after "Are you sure you want to delete this task?"', async ({ page }, info) => {
    const title = uniqueTitle(info, 'Delete me');
    await createTask(page, { title });
    await openView(page, 'master');
    await search(page, title);
    await card(page, title)
      .getByRole('button', { name: `Delete ${title}` })
      .click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Are you sure you want to delete this task?' })).toBeVisible();
    await page.getByTestId('confirm-button').click();
    await expect(page.getByText('Task deleted successfully')).toBeVisible();
    await expect(card(page, title)).toHaveCount(0);
    expect(await findTasks(page, title)).toHaveLength(0);
  });

  test('Enter or Space on a selected card opens its details; Escape closes them', async ({ page }, info) => {
    const title = uniqueTitle(info, 'Details');
    await createTask(page, { title, description: 'Shown in the sheet', priority: 'high' });
    await openView(page, 'master');
    await search(page, title);
    const taskCard = card(page, title);
    await expect(taskCard.getByText('High')).toBeVisible();
    await expect(taskCard.getByText('Shown in the sheet')).toBeVisible();
    await taskCard.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Task Details' });
    await expect(sheet.getByRole('textbox', { name: /Task Title/ })).toHaveValue(title);
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    await taskCard.focus();
    await page.keyboard.press('Space');
    await expect(sheet.getByRole('textbox', { name: /Task Title/ })).toHaveValue(title);
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    // A click anywhere on the card (not only its title) opens it too.
    await taskCard.getByText('Shown in the sheet').click();
    await expect(sheet.getByRole('textbox', { name: /Task Title/ })).toHaveValue(title);
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
  });
});

test.describe('planner: daily board', () => {
  test.beforeEach(async ({ page }) => signIn(page, 'user'));

  test('shows five columns with counts, empty states and no sideways page scroll', async ({ page }, info) => {
    const prefix = uniqueTitle(info, 'Columns');
    const today = await dayFromToday(page, 0);
    await createTask(page, { title: `${prefix} unscheduled` });
    await createTask(page, { title: `${prefix} today`, scheduledDate: today, column: 'TODAY' });
    const doneId = await createTask(page, { title: `${prefix} done` });
    await moveTask(page, { taskId: doneId, column: 'COMPLETED' });

    await openView(page, 'daily');
    await search(page, prefix);
    const expected = [
      ['PENDING_FROM_BEFORE', 'Pending from Before', 0],
      ['UNSCHEDULED', 'Unscheduled Tasks', 1],
      ['TODAY', "Today's Plan", 1],
      ['PENDING', 'Pending Tasks', 0],
      ['COMPLETED', 'Completed Tasks', 1],
    ] as const;
    await expect(page.getByTestId('board-column')).toHaveCount(5);
    for (const [key, title, count] of expected) {
      const col = column(page, key);
      await expect(col.getByRole('heading', { name: title })).toBeAttached();
      await expect(col.getByTestId('column-count')).toHaveText(String(count));
      if (count === 0) await expect(col.getByText(`No tasks in ${title}`)).toBeAttached();
    }
    await expect(card(column(page, 'COMPLETED'), `${prefix} done`)).toContainText(/Completed \w{3} \d{2}/);
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  test('drags a card to another column (mouse on desktop, touch on phones); its own column does nothing', async ({ page, isMobile }, info) => {
    const title = uniqueTitle(info, 'Drag me');
    await createTask(page, isMobile ? { title, scheduledDate: await dayFromToday(page, 0), column: 'TODAY' } : { title });
    await openView(page, 'daily');
    await search(page, title);

    if (isMobile) {
      // A long press starts a touch drag; in focus mode the other columns are icons that take drops.
      await page.getByRole('switch', { name: 'Focus Mode' }).click();
      const source = card(column(page, 'TODAY'), title);
      await expect(source).toBeVisible();
      const target = (await page.locator('[data-testid="collapsed-column"][data-column="COMPLETED"]').boundingBox())!;
      await touchDrag(page, source, { x: target.x + target.width / 2, y: target.y + target.height / 2 });
      await expect(page.getByRole('button', { name: 'Completed Tasks (1): exit focus mode' })).toBeVisible();
      await expect.poll(async () => (await findTaskIfAny(page, title))?.column).toBe('COMPLETED');
      expect((await findTask(page, title)).status).toBe('DONE');
      await page.getByRole('switch', { name: 'Focus Mode' }).click();
    } else {
      const source = card(column(page, 'UNSCHEDULED'), title);
      await expect(source).toBeVisible();
      const moves = recordMoves(page);
      await mouseDrag(page, source, column(page, 'UNSCHEDULED'));
      await expect(dragAnnouncement(page)).toHaveText(`${title} was dropped on Unscheduled Tasks.`);
      await mouseDrag(page, source, column(page, 'TODAY'));
      await expect(card(column(page, 'TODAY'), title)).toBeVisible();
      await expect(page.getByText('Task updated successfully')).toBeVisible();
      // The one move sent is the drop on Today's Plan: the drop on its own column sent none.
      expect(moves).toEqual(['TODAY']);
      await expect.poll(async () => (await findTaskIfAny(page, title))?.column).toBe('TODAY');
      expect((await findTask(page, title)).status).toBe('IN_PROGRESS');
    }
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  test('the Move to... menu moves a card by keyboard or touch', async ({ page }, info) => {
    const title = uniqueTitle(info, 'Menu move');
    await createTask(page, { title });
    await openView(page, 'daily');
    await search(page, title);
    const source = card(column(page, 'UNSCHEDULED'), title);
    await source.getByRole('button', { name: 'Move to...' }).click();
    const menu = page.getByRole('menu');
    // The four other columns, and the task's timer.
    await expect(menu.getByRole('menuitem')).toHaveCount(5);
    await menu.getByRole('menuitem', { name: 'Pending Tasks' }).click();
    await expect(card(column(page, 'PENDING'), title)).toBeAttached();
    await expect.poll(async () => (await findTaskIfAny(page, title))?.column).toBe('PENDING');

    // Keyboard: open with Enter, arrow to the item, Enter.
    const moved = card(column(page, 'PENDING'), title);
    await moved.getByRole('button', { name: 'Move to...' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('End');
    await expect(page.getByRole('menuitem', { name: 'Start timer' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('menuitem', { name: 'Completed Tasks' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(card(column(page, 'COMPLETED'), title)).toBeAttached();
    await expect.poll(async () => (await findTaskIfAny(page, title))?.status).toBe('DONE');
  });

  test('keyboard drag and drop moves a card from its handle', async ({ page, isMobile }, info) => {
    test.skip(isMobile, 'keyboard dragging is a desktop interaction');
    const title = uniqueTitle(info, 'Keyboard drag');
    await createTask(page, { title });
    await openView(page, 'daily');
    await search(page, title);
    await pickUpWithKeyboard(page, card(column(page, 'UNSCHEDULED'), title).getByRole('button', { name: `Drag ${title}` }), 'Unscheduled Tasks');
    await expect(dragAnnouncement(page)).toHaveText(`${title} is over Unscheduled Tasks.`);
    await page.keyboard.press('ArrowRight');
    await expect(dragAnnouncement(page)).toHaveText(`${title} is over Today's Plan.`);
    await page.keyboard.press('Space');
    await expect(card(column(page, 'TODAY'), title)).toBeVisible();
    await expect.poll(async () => (await findTaskIfAny(page, title))?.column).toBe('TODAY');
  });

  test("focus mode shows only Today's Plan; a column icon leaves it", async ({ page }) => {
    await openView(page, 'daily');
    const toggle = page.getByRole('switch', { name: 'Focus Mode' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('board-column')).toHaveCount(1);
    await expect(column(page, 'TODAY')).toBeVisible();
    await expect(page.getByTestId('collapsed-column')).toHaveCount(4);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('button', { name: /^Unscheduled Tasks \(\d+\): exit focus mode$/ }).click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByTestId('board-column')).toHaveCount(5);
  });
});

test.describe("planner: today's time slots", () => {
  test.beforeEach(async ({ page }) => signIn(page, 'user'));

  test('48 half-hour slots in 12-hour time with the current-time line and the untimed strip', async ({ page }) => {
    await openView(page, 'daily');
    await search(page, 'no task has this text');
    await column(page, 'TODAY').getByRole('button', { name: 'Add Task', exact: true }).click();
    const slots = page.getByTestId('time-slot');
    await expect(slots).toHaveCount(48);
    await expect(slots.first()).toContainText('12:00 AM');
    await expect(slots.nth(27)).toContainText('1:30 PM');
    expect((await slots.nth(5).boundingBox())!.height).toBeCloseTo(80, 0);
    await expect(page.getByTestId('current-time-line')).toBeInViewport();
    await expect(page.getByText('All tasks are scheduled')).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await column(page, 'TODAY').getByRole('button', { name: 'List View' }).click();
    await expect(slots).toHaveCount(0);
  });

  test('dropping a task on a slot schedules it at the time under the pointer, also when the list scrolls', async ({ page, isMobile }, info) => {
    const first = uniqueTitle(info, 'Slot drop');
    const second = `${first} second`;
    const today = await dayFromToday(page, 0);
    await createTask(page, { title: first, scheduledDate: today, column: 'TODAY' });
    await createTask(page, { title: second, scheduledDate: today, column: 'TODAY' });
    await openView(page, 'daily');
    await search(page, first);
    if (isMobile) await page.getByRole('switch', { name: 'Focus Mode' }).click();
    await column(page, 'TODAY').getByRole('button', { name: 'Add Task', exact: true }).click();
    const untimed = page.getByRole('region', { name: "Today's tasks without a time" });
    // On a phone the untimed strip is a count that opens on a tap.
    if (isMobile) await untimed.getByRole('button', { name: /^No time yet/ }).click();
    const list = page.getByTestId('time-slots');
    const slot = (time: string) => list.locator(`[data-testid="time-slot"][data-time="${time}"]`);
    const pickUp = isMobile ? pickUpWithTouch : pickUpWithMouse;
    // In the middle of the list, away from the edges where a held card scrolls it, whatever the time of day.
    const centre = (time: string) => slot(time).evaluate((el) => el.scrollIntoView({ block: 'center' }));

    await centre('10:00');
    let held = await pickUp(page, card(untimed, first));
    await held.moveTo(await pointIn(slot('10:00')));
    await held.drop();
    await expect(card(slot('10:00'), first)).toBeVisible();
    await expect.poll(async () => (await findTaskIfAny(page, first))?.scheduledTime).toBe('10:00');

    // The list scrolls two slots under the held card (as a wheel or the auto-scroll does) and the card
    // is let go at once, before the page has redrawn: it lands where the pointer is, at 11:00.
    await centre('10:00');
    held = await pickUp(page, card(untimed, second));
    await held.moveTo(await pointIn(slot('10:00')));
    await list.evaluate((el) => el.scrollBy(0, 160));
    await held.drop();
    await expect(card(slot('11:00'), second)).toBeVisible();
    await expect(untimed.getByText('All tasks are scheduled')).toBeVisible();
    await expect.poll(async () => (await findTaskIfAny(page, second))?.scheduledTime).toBe('11:00');
    if (isMobile) await page.getByRole('switch', { name: 'Focus Mode' }).click();
  });

  test('clicking a slot creates a task inline: Escape cancels, blank is ignored, Enter creates', async ({ page, isMobile }, info) => {
    const title = uniqueTitle(info, 'Inline');
    await openView(page, 'daily');
    await search(page, title);
    if (isMobile) await page.getByRole('switch', { name: 'Focus Mode' }).click();
    await column(page, 'TODAY').getByRole('button', { name: 'Add Task', exact: true }).click();
    const add = page.getByRole('button', { name: 'Add task at 10:30 AM' });
    await add.scrollIntoViewIfNeeded();
    await add.click();
    const input = page.getByRole('textbox', { name: 'New task at 10:30 AM' });
    await input.fill('never created');
    await input.press('Escape');
    await expect(input).toHaveCount(0);

    await add.click();
    await input.press('Enter');
    await expect(input).toBeVisible();
    await input.fill(title);
    await input.press('Enter');
    const slot = page.locator('[data-testid="time-slot"][data-time="10:30"]');
    await expect(card(slot, title)).toBeVisible();
    const task = await findTask(page, title);
    expect(task).toMatchObject({ column: 'TODAY', status: 'IN_PROGRESS', scheduledTime: '10:30', category: 'dev', priority: 'medium', progress: 0 });
    expect(await findTasks(page, 'never created')).toHaveLength(0);
    if (isMobile) await page.getByRole('switch', { name: 'Focus Mode' }).click();
  });
});

test.describe('planner: pending from before', () => {
  test.beforeEach(async ({ page }) => signIn(page, 'user'));

  test('shows how long ago, and Today, Done, Later and Edit act on the task', async ({ page }, info) => {
    const prefix = uniqueTitle(info, 'Overdue');
    const twoDaysAgo = await dayFromToday(page, -2);
    for (const name of ['today', 'done', 'later', 'edit']) await createTask(page, { title: `${prefix} ${name}`, scheduledDate: twoDaysAgo });
    await openView(page, 'daily');
    await search(page, prefix);
    const pending = column(page, 'PENDING_FROM_BEFORE');
    await expect(pending.getByTestId('column-count')).toHaveText('4');
    const first = card(pending, `${prefix} today`);
    await expect(first.getByTestId('overdue-label')).toHaveText('2 days ago');
    await expect(first.locator('time')).toHaveAttribute('datetime', twoDaysAgo);

    await first.getByRole('button', { name: 'Today', exact: true }).click();
    await expect(page.getByText('Task updated successfully')).toBeVisible();
    await expect(card(column(page, 'TODAY'), `${prefix} today`)).toBeAttached();
    await expect.poll(async () => (await findTaskIfAny(page, `${prefix} today`))?.status).toBe('IN_PROGRESS');

    await card(pending, `${prefix} done`).getByRole('button', { name: 'Done', exact: true }).click();
    await expect(card(column(page, 'COMPLETED'), `${prefix} done`)).toBeAttached();
    await expect.poll(async () => (await findTaskIfAny(page, `${prefix} done`))?.status).toBe('DONE');

    await card(pending, `${prefix} later`).getByRole('button', { name: 'Later', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule task' });
    await expect(dialog.getByRole('heading', { name: 'Reschedule task' })).toBeVisible();
    const reschedule = dialog.getByRole('button', { name: 'Reschedule', exact: true });
    await expect(reschedule).toBeDisabled();
    await dialog.getByRole('button', { name: /Next Week/ }).click();
    await dialog.getByRole('button', { name: /Tomorrow/ }).click();
    await expect(reschedule).toBeEnabled();
    await reschedule.click();
    await expect(dialog).toHaveCount(0);
    await expect(card(column(page, 'PENDING'), `${prefix} later`)).toBeAttached();
    const later = await findTask(page, `${prefix} later`);
    expect(later.status).toBe('PLANNED');
    expect(later.scheduledDate?.slice(0, 10)).toBe(await dayFromToday(page, 1));

    await card(pending, `${prefix} edit`).getByRole('button', { name: 'Edit', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Task Details' });
    await expect(sheet.getByRole('textbox', { name: /Task Title/ })).toHaveValue(`${prefix} edit`);
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    await expect(pending.getByTestId('column-count')).toHaveText('1');
  });
});
