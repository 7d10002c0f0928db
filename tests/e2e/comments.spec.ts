import { expect, test } from '@playwright/test';
import { hasHorizontalScroll, signIn } from './support/session';
import { createTask, uniqueTitle } from './support/planner';
import { openTaskDetails, toast } from './support/tasks';

test.describe('comments', () => {
  test('add comments as text; delete is offered only to the author', async ({ page }, info) => {
    test.slow(); // three sign-ins
    await signIn(page, 'user');
    const title = uniqueTitle(info, 'Discuss');
    await createTask(page, { title });
    let sheet = await openTaskDetails(page, title);

    const input = sheet.getByLabel('Add a comment');
    const add = sheet.getByRole('button', { name: 'Add Comment' });
    await expect(add).toBeDisabled();
    await input.fill('   ');
    await expect(add).toBeDisabled();

    const risky = 'See <b>bold</b> <img src=x onerror="window.__pwned=1"> javascript:window.__pwned=1 and https://example.com/docs?a=1.';
    await input.fill(risky);
    await add.click();
    await expect(toast(page, 'Comment added')).toBeVisible();
    await expect(toast(page, 'Your comment has been added to the task.')).toBeVisible();
    await expect(input).toHaveValue('');

    const comment = sheet.getByTestId('comment-item').first();
    await expect(comment).toContainText('Uri User');
    await expect(comment).toContainText('<b>bold</b>');
    await expect(comment.locator('b, img')).toHaveCount(0);
    const links = comment.getByRole('link');
    await expect(links).toHaveCount(1);
    await expect(links).toHaveAttribute('href', 'https://example.com/docs?a=1');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await expect(comment.getByRole('button', { name: 'Delete comment' })).toBeVisible();

    await input.fill('Second thought');
    await sheet.getByRole('button', { name: 'Add Comment' }).click();
    await expect(sheet.getByTestId('comment-item')).toHaveCount(2);
    expect(await hasHorizontalScroll(page)).toBe(false);

    // Someone else (the manager reads every task) sees the comments but no delete button.
    await page.context().clearCookies();
    await signIn(page, 'manager');
    sheet = await openTaskDetails(page, title);
    await expect(sheet.getByTestId('comment-item')).toHaveCount(2);
    await expect(sheet.getByRole('button', { name: 'Delete comment' })).toHaveCount(0);
    await sheet.getByLabel('Add a comment').fill('Manager note');
    await sheet.getByRole('button', { name: 'Add Comment' }).click();
    await expect(toast(page, 'Comment added')).toBeVisible();
    const mine = sheet.getByTestId('comment-item').filter({ hasText: 'Manager note' });
    await expect(mine).toContainText('Maya Manager');
    await expect(mine.getByRole('button', { name: 'Delete comment' })).toBeVisible();

    // Back as the author: delete one's own comment.
    await page.context().clearCookies();
    await signIn(page, 'user');
    sheet = await openTaskDetails(page, title);
    await expect(sheet.getByTestId('comment-item').filter({ hasText: 'Manager note' }).getByRole('button', { name: 'Delete comment' })).toHaveCount(0);
    await sheet.getByTestId('comment-item').filter({ hasText: 'Second thought' }).getByRole('button', { name: 'Delete comment' }).click();
    await expect(toast(page, 'Comment deleted')).toBeVisible();
    await expect(toast(page, 'The comment has been removed.')).toBeVisible();
    await expect(sheet.getByTestId('comment-item')).toHaveCount(2);
    await page.reload();
    sheet = await openTaskDetails(page, title);
    await expect(sheet.getByTestId('comment-item')).toHaveCount(2);
    await expect(sheet.getByTestId('comment-item').filter({ hasText: 'Second thought' })).toHaveCount(0);
  });

  test('comments in the expanded dialog tab', async ({ page }, info) => {
    await signIn(page, 'user');
    const title = uniqueTitle(info, 'Dialog comments');
    await createTask(page, { title });
    const sheet = await openTaskDetails(page, title);
    await sheet.getByRole('button', { name: 'Open expanded view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Task Details' });
    await dialog.getByRole('tab', { name: /Comments/ }).click();
    await dialog.getByLabel('Add a comment').fill('From the dialog');
    await dialog.getByRole('button', { name: 'Add Comment' }).click();
    await expect(toast(page, 'Comment added')).toBeVisible();
    await expect(dialog.getByRole('tab', { name: /Comments/ })).toHaveText(/Comments\s*1$/);
    await expect(dialog.getByTestId('comment-item')).toContainText('From the dialog');
  });
});
