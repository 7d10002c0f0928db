import { expect, test } from '@playwright/test';
import { ACCOUNTS } from './support/session';

// The API explorer (web/features/explorer): GraphiQL at /graphql for a signed-in browser.
test('opening /graphql signs in first, then shows the API explorer that runs queries', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto('/graphql');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fgraphql$/);
  await page.getByLabel('Username').fill(ACCOUNTS.user.username);
  await page.getByLabel('Password').fill(ACCOUNTS.user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/graphql$/);
  await expect(page.locator('.graphiql-container')).toBeVisible();
  // The editor loads after the frame: Execute runs what the editor holds, so wait until it holds the query.
  await expect(page.locator('.graphiql-query-editor')).toContainText('query Me');
  const answer = page.waitForResponse((r) => r.url().endsWith('/graphql') && r.request().method() === 'POST');
  await page.getByRole('button', { name: /Execute query/i }).click();
  expect((await (await answer).json()).data.me.username).toBe('user');
  // The result pane shows the answer (its editor draws only the lines in view: on a phone, the first few).
  await expect(page.locator('.graphiql-response')).toContainText('"me": {');
  expect(refused).toEqual([]);
});
