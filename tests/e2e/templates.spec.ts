import { expect, test } from '@playwright/test';
import { hasHorizontalScroll, signIn } from './support/session';
import { detailsSheet, taskCard, toast } from './support/tasks';
import { gql, uniqueTitle, search } from './support/planner';

test.describe('planner templates view', () => {
  test('a member uses a template: the task appears on the board with its subtasks', async ({ page, browser }, info) => {
    const name = uniqueTitle(info, 'Onboarding');
    const title = uniqueTitle(info, 'Onboard newcomer');
    // An admin (own browser context) prepares the template.
    const adminContext = await browser.newContext();
    try {
      const admin = await adminContext.newPage();
      await signIn(admin, 'admin');
      await gql(admin, 'mutation($input: TaskTemplateInput!) { createTaskTemplate(input: $input) { id } }', {
        input: {
          name,
          title,
          priority: 'high',
          tags: ['people', 'setup'],
          subtasks: [{ title: 'Create accounts' }, { title: 'Book intro meeting', estimatedHours: 1 }],
        },
      });
    } finally {
      await adminContext.close();
    }

    await signIn(page, 'user');
    await page.goto('/?view=templates');
    await expect(page.getByRole('heading', { name: 'Task Templates' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Manage templates' })).toHaveCount(0);
    const card = page.getByTestId('template-card').filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('High');
    await expect(card.getByRole('button', { name: `Edit template ${name}` })).toHaveCount(0);
    expect(await hasHorizontalScroll(page)).toBe(false);

    await card.getByRole('button', { name: `Use template ${name}` }).click();
    await expect(toast(page, 'Task created from template successfully')).toBeVisible();

    // The board (client-side, from the cache) shows the new task; its details list both subtasks.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/?view=master');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const created = taskCard(page, title);
    await search(page, title); // other tests keep adding to this user's list
    await expect(created).toBeVisible();
    await created.getByRole('button', { name: title, exact: true }).click();
    const sheet = detailsSheet(page);
    await expect(sheet.getByLabel('Task Title')).toHaveValue(title);
    await expect(sheet.getByTestId('subtask-item').filter({ hasText: 'Create accounts' })).toBeVisible();
    await expect(sheet.getByTestId('subtask-item').filter({ hasText: 'Book intro meeting' })).toBeVisible();
  });

  test('admins see a link to the admin templates tab', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/?view=templates');
    await page.getByRole('link', { name: 'Manage templates' }).click();
    await expect(page).toHaveURL(/\/admin\?tab=templates/);
    await expect(page.getByRole('tab', { name: 'Templates' })).toHaveAttribute('aria-selected', 'true');
  });
});
