import { expect, test, type Page } from '@playwright/test';
import { hasHorizontalScroll, signIn } from './support/session';
import { createTask } from './support/planner';
import { toast } from './support/tasks';
import { createPerson, dayOffset, secondBrowser, signInAs, type Person } from './support/people';
import { backdateTaskCreation } from './support/history';

interface Team {
  manager: Person;
  r1: Person;
  r2: Person;
  /** The ids of r1's tasks. */
  r1Tasks: string[];
}

/**
 * A team of the test's own (so parallel tests and the demo accounts are untouched): a manager with two
 * reportees. r1 has 7 tasks (one overdue, one done; two timed today: 5 h at 09:00 and 4 h at 13:30),
 * r2 one untimed 2 h task today.
 */
async function seedTeam(admin: Page, prefix: string): Promise<Team> {
  const manager = await createPerson(admin, { prefix: `${prefix}M`, role: 'manager' });
  const r1 = await createPerson(admin, { prefix: `${prefix}A`, managerId: manager.id });
  const r2 = await createPerson(admin, { prefix: `${prefix}B`, managerId: manager.id });
  const r1Tasks: string[] = [];
  const today = dayOffset(0);
  r1Tasks.push(await createTask(admin, { title: `${r1.firstName} overdue`, assignedToId: r1.id, dueDate: dayOffset(-2) }));
  r1Tasks.push(await createTask(admin, { title: `${r1.firstName} done`, assignedToId: r1.id, status: 'DONE' }));
  r1Tasks.push(
    await createTask(admin, {
      title: `${r1.firstName} morning`,
      assignedToId: r1.id,
      scheduledDate: today,
      scheduledTime: '09:00',
      estimatedHours: 5,
      status: 'IN_PROGRESS',
    }),
  );
  r1Tasks.push(
    await createTask(admin, {
      title: `${r1.firstName} afternoon`,
      assignedToId: r1.id,
      scheduledDate: today,
      scheduledTime: '13:30',
      estimatedHours: 4,
      status: 'IN_PROGRESS',
    }),
  );
  for (let i = 1; i <= 3; i++) r1Tasks.push(await createTask(admin, { title: `${r1.firstName} extra ${i}`, assignedToId: r1.id }));
  await createTask(admin, { title: `${r2.firstName} untimed`, assignedToId: r2.id, scheduledDate: today, estimatedHours: 2 });
  return { manager, r1, r2, r1Tasks };
}

const card = (page: Page, id: string) => page.getByTestId(id);

async function openDashboard(page: Page): Promise<void> {
  await page.goto('/manager-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'My Reportees' })).toBeVisible();
}

test.describe('Manager dashboard', () => {
  test('a member is refused', async ({ page }) => {
    await signIn(page, 'user');
    await page.goto('/manager-dashboard');
    await expect(page.getByText('Manager Access Required')).toBeVisible();
    await expect(page.getByText('You need manager permissions to access this dashboard.')).toBeVisible();
    await expect(page.getByTestId('card-total')).toHaveCount(0);
  });

  test("cards and tabs; a task opens its details; a reportee's change shows live", async ({ page, browser }, info) => {
    await signIn(page, 'admin');
    const team = await seedTeam(page, info.project.name === 'phone' ? 'Ph' : 'Dk');
    await page.context().clearCookies();
    await signInAs(page, team.manager);
    await openDashboard(page);

    await expect(card(page, 'card-members')).toHaveText('2');
    await expect(card(page, 'card-total')).toHaveText('8');
    await expect(card(page, 'card-completed')).toHaveText('1');
    await expect(card(page, 'card-completed-note')).toHaveText('13% completion');
    await expect(card(page, 'card-overdue')).toHaveText('1');
    await page.screenshot({ path: info.outputPath('dashboard.png'), fullPage: true });

    // Overview: every task (8, fewer than 10), most recent first.
    await expect(page.getByTestId('manager-task')).toHaveCount(8);
    await expect(page.getByTestId('manager-task').first()).toContainText(`${team.r2.firstName} untimed`);

    await page.getByRole('tab', { name: 'By Person' }).click();
    const r1Group = page.getByTestId('task-group').filter({ hasText: team.r1.name });
    await expect(r1Group.getByTestId('manager-task')).toHaveCount(5);
    await expect(r1Group).toContainText('7 tasks');
    await expect(r1Group).toContainText('...and 2 more tasks');
    await expect(page.getByTestId('task-group').filter({ hasText: team.r2.name }).getByTestId('manager-task')).toHaveCount(1);

    await page.getByRole('tab', { name: 'By Status' }).click();
    const statusGroup = (status: string) => page.getByTestId('task-group').filter({ has: page.getByRole('heading', { name: new RegExp(`^${status}`) }) });
    await expect(statusGroup('Completed')).toContainText('1 task');
    await expect(statusGroup('In Progress').getByTestId('manager-task')).toHaveCount(2);
    // Planned: the overdue one, three extras and r2's task: 5 shown, none more.
    await expect(statusGroup('Planned').getByTestId('manager-task')).toHaveCount(5);
    await expect(statusGroup('Planned')).not.toContainText('more tasks');

    // A click opens the task details, which can expand.
    await page.getByRole('tab', { name: 'Overview' }).click();
    const overdueTitle = `${team.r1.firstName} overdue`;
    await page.getByTestId('manager-task').filter({ hasText: overdueTitle }).click();
    const sheet = page.getByRole('dialog', { name: 'Task Details' });
    await expect(sheet.getByLabel('Task Title')).toHaveValue(overdueTitle);
    await sheet.getByRole('button', { name: 'Open expanded view' }).click();
    const expanded = page.getByRole('dialog', { name: 'Task Details' });
    await expect(expanded.getByRole('tab', { name: 'Subtasks' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The reportee, in their own browser, finishes a task: the dashboard follows without a reload.
    const other = await secondBrowser(browser, page);
    await signInAs(other, team.r1);
    const res = await other.request.patch(`/api/tasks/${team.r1Tasks[0]}`, { data: { status: 'Done' } });
    expect(res.status()).toBe(200);
    await expect(card(page, 'card-completed')).toHaveText('2');
    await expect(card(page, 'card-overdue')).toHaveText('0');
    await expect(card(page, 'card-completed-note')).toHaveText('25% completion');
    await other.context().close();
    if (info.project.name === 'phone') expect(await hasHorizontalScroll(page)).toBe(false);
  });

  test('Today shows the seeded plans against capacity; an admin edits a capacity inline', async ({ page }, info) => {
    await signIn(page, 'admin');
    const team = await seedTeam(page, info.project.name === 'phone' ? 'Tp' : 'Td');
    await page.context().clearCookies();
    await signInAs(page, team.manager);
    await openDashboard(page);
    await page.getByRole('tab', { name: 'Today' }).click();

    const r1 = page.getByTestId('today-person').filter({ hasText: team.r1.name });
    await expect(r1.getByTestId('today-hours')).toHaveText('9 h planned of 8 h');
    await expect(r1.getByText('Over capacity')).toBeVisible();
    await expect(r1.getByTestId('today-slot')).toHaveText([`09:00 ${team.r1.firstName} morning`, `13:30 ${team.r1.firstName} afternoon`]);
    // The 09:00 slot starts left of the 13:30 one on the shared axis.
    const [morning, afternoon] = await r1.getByTestId('today-slot').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().x));
    expect(morning).toBeLessThan(afternoon);
    const r2 = page.getByTestId('today-person').filter({ hasText: team.r2.name });
    await expect(r2.getByTestId('today-hours')).toHaveText('2 h planned of 8 h');
    await expect(r2.getByText('Over capacity')).toHaveCount(0);
    await expect(r2.getByRole('button', { name: `${team.r2.firstName} untimed · 2 h` })).toBeVisible();
    await expect(page.getByRole('button', { name: /Edit daily capacity/ })).toHaveCount(0); // managers cannot
    if (info.project.name === 'phone') expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: info.outputPath('today.png'), fullPage: true });

    // An admin lowers r2's capacity below their plan.
    await page.context().clearCookies();
    await signIn(page, 'admin');
    await openDashboard(page);
    await page.getByRole('tab', { name: 'Today' }).click();
    const adminRow = page.getByTestId('today-person').filter({ hasText: team.r2.name });
    await adminRow.getByRole('button', { name: `Edit daily capacity of ${team.r2.name}` }).click();
    const input = adminRow.getByLabel('Daily capacity (hours)');
    await input.fill('0.3');
    await adminRow.getByRole('button', { name: 'Save' }).click();
    await expect(adminRow.getByRole('alert')).toHaveText('Enter 0.5 to 24 hours, in steps of 0.5');
    await input.fill('1.5');
    await adminRow.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'User updated successfully')).toBeVisible();
    await expect(adminRow.getByTestId('today-hours')).toHaveText('2 h planned of 1.5 h');
    await expect(adminRow.getByText('Over capacity')).toBeVisible();
  });

  test('Slippage shows the slips seeded in the audit log', async ({ page }, info) => {
    await signIn(page, 'admin');
    const prefix = info.project.name === 'phone' ? 'Sp' : 'Sd';
    const manager = await createPerson(page, { prefix: `${prefix}M`, role: 'manager' });
    const r1 = await createPerson(page, { prefix: `${prefix}A`, managerId: manager.id });
    const r2 = await createPerson(page, { prefix: `${prefix}B`, managerId: manager.id });
    // r1: planned for 3 days ago (created 5 days ago) and still open: slipped 3 days.
    // r1: planned for 2 days ago, still open: slipped 2 days. Average 2.5.
    // r2: planned for 4 days ago and done since: slipped, finished today (4 days); one unscheduled task: not planned.
    const a = await createTask(page, { title: `${r1.firstName} slipped a`, assignedToId: r1.id, scheduledDate: dayOffset(-3) });
    const b = await createTask(page, { title: `${r1.firstName} slipped b`, assignedToId: r1.id, scheduledDate: dayOffset(-2) });
    const c = await createTask(page, { title: `${r2.firstName} slipped c`, assignedToId: r2.id, scheduledDate: dayOffset(-4) });
    await createTask(page, { title: `${r2.firstName} unscheduled`, assignedToId: r2.id });
    await backdateTaskCreation(a, 5);
    await backdateTaskCreation(b, 5);
    await backdateTaskCreation(c, 5);
    expect((await page.request.patch(`/api/tasks/${c}`, { data: { status: 'Done' } })).status()).toBe(200);

    await page.context().clearCookies();
    await signInAs(page, manager);
    await openDashboard(page);
    await page.getByRole('tab', { name: 'Slippage' }).click();
    const first = page.getByTestId('slippage-person').filter({ hasText: r1.name });
    await expect(first.getByTestId('slipped')).toHaveText('2');
    await expect(first).toContainText('2 of 2 planned tasks slipped');
    await expect(first.getByTestId('average-days')).toHaveText('2.5');
    const second = page.getByTestId('slippage-person').filter({ hasText: r2.name });
    await expect(second).toContainText('1 of 1 planned task slipped');
    await expect(second.getByTestId('average-days')).toHaveText('4');
    // The chart is drawn (recharts, loaded with this tab).
    await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await page.screenshot({ path: info.outputPath('slippage.png'), fullPage: true });
    if (info.project.name === 'phone') expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
