import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/session';
import { toast } from './support/tasks';
import { card, createTask, gql, search, uniqueTitle } from './support/planner';

/** Client-side navigation (keeps the Apollo cache, as a sidebar click would). */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('a category renamed in Admin shows its new label on the planner card', async ({ page }) => {
  await signIn(page, 'admin');
  // A category of this test's own, so renaming it touches no other test's cards.
  const key = `cat${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const label = `Cat ${key}`;
  const { createSystemConfig } = await gql<{ createSystemConfig: { id: string } }>(
    page,
    'mutation($input: SystemConfigInput!) { createSystemConfig(input: $input) { id } }',
    {
      input: { configType: 'categories', configKey: key, displayLabel: label, color: '#ec4899', isActive: true },
    },
  );
  try {
    const title = uniqueTitle(test.info(), 'Labelled task');
    await createTask(page, { title, category: key });
    await page.goto('/');
    await search(page, title);
    await expect(card(page, title)).toContainText(label);

    await navigate(page, '/admin?tab=categories');
    const categories = page.getByTestId('config-categories');
    const row = categories.locator(`[data-testid="config-row"][aria-label="${label}"]`);
    await row.getByRole('button', { name: `Edit ${label}` }).click();
    const renamed = `${label} & UX`;
    await categories.getByLabel('Edit category label').fill(renamed);
    await categories.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Item updated successfully.')).toBeVisible();

    // Back on the board (the cache, not a reload): the card reads the new label.
    await navigate(page, '/');
    await search(page, title);
    await expect(card(page, title)).toContainText(renamed);
    // And after a reload.
    await page.reload();
    await search(page, title);
    await expect(card(page, title)).toContainText(renamed);
  } finally {
    await gql(page, 'mutation($id: ID!) { deleteSystemConfig(id: $id) }', { id: createSystemConfig.id });
  }
});
