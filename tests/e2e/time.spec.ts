import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, hasHorizontalScroll, signIn } from './support/session';
import { card, createTask, uniqueTitle } from './support/planner';
import { openTaskDetails, toast } from './support/tasks';
import { createPerson, signInAs } from './support/people';

// Time spent on tasks (issue 42): a timer from the task details, the header chip, entries by hand.

test.describe('time', () => {
  test('start a timer, see it in the header after a reload, stop it; add an entry by hand, see Spent, delete it', async ({ page }, info) => {
    // One running timer per person: the two sizes run at once, so each times as someone else.
    await signIn(page, info.project.name === 'phone' ? 'manager' : 'user');
    const title = uniqueTitle(info, 'Timed');
    await createTask(page, { title, estimatedHours: 3 });
    let sheet = await openTaskDetails(page, title);
    let section = sheet.getByTestId('time-section');
    await expect(section.getByTestId('time-spent')).toHaveText('Spent 0m of 3h estimated');

    await section.getByRole('button', { name: 'Start timer' }).click();
    await expect(toast(page, 'Timer started')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Stop timer' })).toBeVisible();
    const chip = page.getByTestId('running-timer');
    await expect(chip).toContainText(title);
    await expect(chip.getByLabel('Time so far')).toHaveText(/^0:00:0\d$/);

    // The timer lives on the server: a reload shows it again, still ticking.
    await page.reload();
    await expect(chip).toContainText(title);
    await expect(chip.getByLabel('Time so far')).not.toHaveText('0:00:00');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await chip.getByRole('button', { name: 'Stop' }).click();
    await expect(toast(page, 'Timer stopped')).toBeVisible();
    await expect(chip).toHaveCount(0);

    sheet = await openTaskDetails(page, title);
    section = sheet.getByTestId('time-section');
    await expect(section.getByRole('button', { name: 'Start timer' })).toBeVisible();
    await section.getByRole('button', { name: 'Add entry' }).click();
    const form = section.getByRole('form', { name: 'Add entry' });
    await form.getByLabel('Hours').fill('1');
    await form.getByLabel('Minutes').fill('20');
    await form.getByLabel('Note').fill('Drafting the plan');
    await form.getByRole('button', { name: 'Add entry' }).press('Enter');
    await expect(section.getByTestId('time-spent')).toHaveText(/^Spent 1h 2[01]m of 3h estimated$/);
    const entry = section.getByTestId('time-entry').filter({ hasText: 'Drafting the plan' });
    await expect(entry).toContainText('1h 20m');

    await entry.getByRole('button', { name: /^Delete the entry of / }).click();
    await page.getByRole('dialog', { name: 'Delete this time entry?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(entry).toHaveCount(0);
    await expect(section.getByTestId('time-spent')).toHaveText(/^Spent [01]m of 3h estimated$/);
  });

  test("a card's menu and the command palette start and stop the timer of a task", async ({ page, playwright, baseURL }, info) => {
    test.slow(); // a person of its own (one running timer per person), then two screens
    const admin = await playwright.request.newContext({ baseURL });
    expect((await admin.post('/api/auth/login', { data: { username: ACCOUNTS.admin.username, password: ACCOUNTS.admin.password } })).status()).toBe(200);
    const person = await createPerson({ request: admin } as unknown as Page, { prefix: 'Timer' });
    await admin.dispose();
    await signInAs(page, person);
    const title = uniqueTitle(info, 'Card timer');
    await createTask(page, { title });
    const chip = page.getByTestId('running-timer');

    // The card's menu.
    await card(page, title).getByRole('button', { name: 'Move to...' }).click();
    await page.getByRole('menuitem', { name: 'Start timer' }).click();
    await expect(toast(page, 'Timer started')).toBeVisible();
    await expect(chip).toContainText(title);
    await card(page, title).getByRole('button', { name: 'Move to...' }).click();
    await page.getByRole('menuitem', { name: 'Stop timer' }).click();
    await expect(toast(page, 'Timer stopped')).toBeVisible();
    await expect(chip).toHaveCount(0);
    if (info.project.name === 'phone') return; // the palette is a keyboard's (tests/e2e/keyboard.spec.ts)

    // The palette, on the focused card.
    const palette = (words: string) => async () => {
      await card(page, title).focus();
      await page.keyboard.press('Control+k');
      await expect(page.getByRole('group', { name: `Task: ${title}` })).toBeVisible();
      await page.keyboard.type(words);
      await expect(page.getByRole('option', { name: words === 'start timer' ? 'Start timer' : 'Stop timer' })).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Enter');
    };
    await palette('start timer')();
    await expect(chip).toContainText(title);
    await palette('stop timer')();
    await expect(chip).toHaveCount(0);
  });

  test("the daily board shows the day's planned hours against spent, live as time is added", async ({ page, playwright, baseURL }, info) => {
    test.slow(); // a person of its own, so the day's figures are theirs alone
    const admin = await playwright.request.newContext({ baseURL });
    expect((await admin.post('/api/auth/login', { data: { username: ACCOUNTS.admin.username, password: ACCOUNTS.admin.password } })).status()).toBe(200);
    const person = await createPerson({ request: admin } as unknown as Page, { prefix: 'Day' });
    await admin.dispose();
    await signInAs(page, person);
    const title = uniqueTitle(info, 'Planned');
    // Today: one hour at 10:00 (two slots) and two hours without a time.
    const timed = await createTask(page, { title, column: 'TODAY', scheduledTime: '10:00', estimatedHours: 1 });
    await createTask(page, { title: `${title} untimed`, column: 'TODAY', estimatedHours: 2 });
    await page.goto('/?view=daily');
    const dayTime = page.getByTestId('day-time');
    await expect(dayTime).toContainText('Planned 3 h · Spent 0 h');
    await expect(dayTime.getByRole('progressbar', { name: 'Spent against planned' })).toHaveAttribute('aria-valuenow', '0');
    expect(await hasHorizontalScroll(page)).toBe(false);

    // A timer started and stopped from the header: the figures are read again.
    expect((await page.request.post(`/api/tasks/${timed}/timer`)).status()).toBe(201);
    await page.reload();
    const chip = page.getByTestId('running-timer');
    await expect(chip).toContainText(title);
    await expect(dayTime).toContainText('Planned 3 h · Spent 0 h');
    const refetched = page.waitForResponse((r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('query DayTime'));
    await chip.getByRole('button', { name: 'Stop' }).click();
    await expect(toast(page, 'Timer stopped')).toBeVisible();
    await refetched;
    await expect(dayTime).toContainText('Planned 3 h · Spent 0 h');

    // Time added elsewhere (another session of theirs) shows live: 90 minutes of 3 hours.
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    expect((await page.request.post(`/api/tasks/${timed}/time-entries`, { data: { date: today, minutes: 90 } })).status()).toBe(201);
    await expect(dayTime).toContainText('Planned 3 h · Spent 1.5 h');
    await expect(dayTime.getByRole('progressbar', { name: 'Spent against planned' })).toHaveAttribute('aria-valuenow', '50');
  });
});
