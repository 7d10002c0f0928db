import { expect, test, type Page } from '@playwright/test';
import { hasHorizontalScroll, signIn } from './support/session';
import { createTask } from './support/planner';
import { createPerson, dayOffset, signInAs } from './support/people';

// The manager dashboard's Time tab (issue 42): planned (estimates of tasks scheduled in the period)
// against spent (time logged) per reportee and project, for a week or a month.

const personRow = (page: Page, name: string) => page.getByTestId('time-person').filter({ hasText: name });

test('the manager compares planned and spent per reportee and project, by week and by month', async ({ page }, info) => {
  const phone = info.project.name === 'phone';
  await signIn(page, 'admin');
  const manager = await createPerson(page, { prefix: phone ? 'TpM' : 'TdM', role: 'manager' });
  const ana = await createPerson(page, { prefix: phone ? 'TpA' : 'TdA', managerId: manager.id });
  const ben = await createPerson(page, { prefix: phone ? 'TpB' : 'TdB', managerId: manager.id });
  const today = dayOffset(0);
  const taskId = await createTask(page, { title: `${ana.firstName} report`, assignedToId: ana.id, scheduledDate: today, estimatedHours: 3 });

  // Ana logs 1 h 30 m on it through the REST time API.
  await page.context().clearCookies();
  await signInAs(page, ana);
  const entry = await page.request.post(`/api/tasks/${taskId}/time-entries`, { data: { date: today, minutes: 90 } });
  expect(entry.status(), await entry.text()).toBe(201);

  await page.context().clearCookies();
  await signInAs(page, manager);
  await page.goto('/manager-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'My Reportees' })).toBeVisible();
  await page.getByRole('tab', { name: 'Time', exact: true }).click();

  const week = page.getByTestId('time-period');
  await expect(page.getByRole('button', { name: 'Week', exact: true, pressed: true })).toBeVisible();
  await expect(personRow(page, ana.name).getByTestId('planned')).toHaveText('3h');
  await expect(personRow(page, ana.name).getByTestId('spent')).toHaveText('1h 30m');
  await expect(personRow(page, ana.name).getByTestId('difference')).toContainText(phone ? '\u22121h 30m' : '1h 30m under');
  await expect(personRow(page, ana.name).getByRole('img')).toHaveAttribute('aria-label', 'Spent 1h 30m of 3h planned');
  await expect(personRow(page, ben.name).getByTestId('spent')).toHaveText('0m');
  await expect(page.getByTestId('time-person-total').getByTestId('spent')).toHaveText('1h 30m');
  await expect(page.getByTestId('time-project').filter({ hasText: 'No project' }).getByTestId('planned')).toHaveText('3h');
  const weekLabel = await week.textContent();
  expect(weekLabel).toMatch(/\d{4}/);
  await page.screenshot({ path: info.outputPath('time-week.png'), fullPage: true });
  if (phone) expect(await hasHorizontalScroll(page)).toBe(false);

  // Month: the same figures (today is in both), then the month before is empty, and back.
  await page.getByRole('button', { name: 'Month', exact: true }).click();
  const monthName = await page.evaluate(() => new Date().toLocaleDateString(undefined, { month: 'long', year: 'numeric' }));
  await expect(week).toHaveText(monthName);
  await expect(personRow(page, ana.name).getByTestId('spent')).toHaveText('1h 30m');
  await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(page.getByText('No time planned or spent in this month.')).toBeVisible();
  await expect(week).not.toHaveText(monthName);
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(week).toHaveText(monthName);
  await expect(personRow(page, ana.name).getByTestId('planned')).toHaveText('3h');

  // Back to the week of today.
  await page.getByRole('button', { name: 'This month' }).click();
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(week).toHaveText(weekLabel!);
  await expect(personRow(page, ana.name).getByTestId('spent')).toHaveText('1h 30m');
  if (phone) expect(await hasHorizontalScroll(page)).toBe(false);
});
