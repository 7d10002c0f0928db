import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, signIn } from './support/session';
import { createTask, newTaskButton, uniqueTitle } from './support/planner';
import { openTaskDetails, toast } from './support/tasks';
import { createPerson, secondBrowser, signInAs, type Person } from './support/people';

/** A fresh manager (they read every task, so anyone may mention them), made by the admin over the API. */
async function freshManager(playwright: { request: { newContext(o: { baseURL?: string }): Promise<APIRequestContext> } }, baseURL: string): Promise<Person> {
  const admin = await playwright.request.newContext({ baseURL });
  const res = await admin.post('/api/auth/login', { data: { username: ACCOUNTS.admin.username, password: ACCOUNTS.admin.password } });
  expect(res.status(), await res.text()).toBe(200);
  const person = await createPerson({ request: admin } as unknown as Page, { prefix: 'Mentioned', role: 'manager' });
  await admin.dispose();
  return person;
}

test.describe('@mentions', () => {
  test('typing @ offers the people who can read the task; the pick is posted as a chip and they are notified', async ({
    page,
    browser,
    playwright,
    baseURL,
  }, info) => {
    test.slow(); // two sign-ins
    const mentioned = await freshManager(playwright, baseURL!);
    const phone = info.project.name === 'phone';
    await signIn(page, 'user');
    const title = uniqueTitle(info, 'Mention');
    await createTask(page, { title });
    const sheet = await openTaskDetails(page, title);

    const input = sheet.getByLabel('Add a comment');
    await input.click();
    await input.pressSequentially(`Please look @${mentioned.firstName}`);
    const list = sheet.getByRole('listbox', { name: 'People who can read this task' });
    const option = list.getByRole('option', { name: new RegExp(mentioned.name) });
    await expect(option).toBeVisible();
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(input).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);

    // Escape closes the list, not the details.
    await input.press('Escape');
    await expect(list).toHaveCount(0);
    await expect(sheet.getByRole('heading', { name: 'Task Details' })).toBeVisible();
    // Typing again opens it; the keyboard (desktop) or a tap (phone) picks.
    await input.press('Backspace');
    await expect(option).toBeVisible();
    if (phone) await option.tap();
    else await input.press('Enter');
    await expect(list).toHaveCount(0);
    await expect(input).toHaveValue(`Please look @[${mentioned.name}](user:${mentioned.id}) `);
    await input.pressSequentially('thanks');
    await sheet.getByRole('button', { name: 'Add Comment' }).click();
    await expect(toast(page, 'Comment added')).toBeVisible();

    const comment = sheet.getByTestId('comment-item').first();
    await expect(comment.getByTestId('mention-chip')).toHaveText(`@${mentioned.name}`);
    await expect(comment).toContainText(`Please look @${mentioned.name} thanks`);
    await expect(comment).not.toContainText('user:');

    // The person mentioned finds it in their notifications.
    const other = await secondBrowser(browser, page);
    await signInAs(other, mentioned);
    await other.getByTestId('notification-bell').filter({ visible: true }).click();
    const panel = other.getByRole('dialog', { name: 'Notifications' });
    const item = panel.getByTestId('notification-item').filter({ hasText: `Uri User mentioned you on "${title}"` });
    await expect(item).toBeVisible();
    // It opens the task at the comment.
    await item.click();
    const details = other.getByRole('dialog', { name: 'Task Details' });
    const linked = details.locator('[data-testid="comment-item"][aria-current="true"]');
    await expect(linked).toContainText(`Please look @${mentioned.name} thanks`);
    await expect(linked).toBeInViewport();
    await expect(other).not.toHaveURL(/comment=/);
    await other.context().close();
  });

  test('the author edits a comment to mention someone; they are notified once, and an open details shows it live', async ({
    page,
    browser,
    playwright,
    baseURL,
  }, info) => {
    test.slow(); // two sign-ins
    const phone = info.project.name === 'phone';
    await signIn(page, 'user');
    const title = uniqueTitle(info, 'Edit mention');
    await createTask(page, { title });
    const sheet = await openTaskDetails(page, title);
    await sheet.getByLabel('Add a comment').fill('Plain first');
    await sheet.getByRole('button', { name: 'Add Comment' }).click();
    const item = sheet.getByTestId('comment-item').filter({ hasText: 'Plain first' });
    await expect(item).toBeVisible();
    // The manager has the task open in another browser.
    const other = await secondBrowser(browser, page);
    await signIn(other, 'manager');
    const otherSheet = await openTaskDetails(other, title, { everyone: true });
    await expect(otherSheet.getByTestId('comment-item').filter({ hasText: 'Plain first' })).toBeVisible();

    await item.getByRole('button', { name: 'Edit comment' }).click();

    const editor = item.getByRole('textbox', { name: 'Edit comment' });
    await expect(editor).toBeFocused();
    await editor.press('End');
    await editor.pressSequentially(' @Maya');
    const option = item.getByRole('option', { name: /Maya Manager/ });
    await expect(option).toHaveAttribute('aria-selected', 'true');
    if (phone) await option.tap();
    else await editor.press('Tab');
    await item.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Comment updated')).toBeVisible();
    await expect(item.getByTestId('mention-chip')).toHaveText('@Maya Manager');
    await expect(editor).toHaveCount(0);
    await expect(otherSheet.getByTestId('comment-item').getByTestId('mention-chip')).toHaveText('@Maya Manager');
    await other.context().close();

    // The manager has one 'mentioned' notification for the task.
    const manager = await playwright.request.newContext({ baseURL });
    const login = await manager.post('/api/auth/login', { data: { username: ACCOUNTS.manager.username, password: ACCOUNTS.manager.password } });
    expect(login.status()).toBe(200);
    const list = (await (await manager.get('/api/notifications?first=100')).json()) as { items: { kind: string; taskTitle: string }[] };
    expect(list.items.filter((n) => n.taskTitle === title).map((n) => n.kind)).toEqual(['mentioned']);
    await manager.dispose();
  });
});

test.describe('@mentions in task descriptions', () => {
  test('the New Task description offers who will read it; the pick shows as a chip in the details and they are notified', async ({
    page,
    browser,
    playwright,
    baseURL,
  }, info) => {
    test.slow(); // two sign-ins
    const mentioned = await freshManager(playwright, baseURL!);
    const phone = info.project.name === 'phone';
    await signIn(page, 'user');
    await page.goto('/');
    await newTaskButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Task' });
    const title = uniqueTitle(info, 'Described');
    await dialog.getByLabel('Task Title *').fill(title);
    const description = dialog.getByLabel('Description', { exact: true });
    await description.click();
    await description.pressSequentially(`Ask @${mentioned.firstName}`);
    const option = dialog.getByRole('listbox', { name: 'People who can read this task' }).getByRole('option', { name: new RegExp(mentioned.name) });
    await expect(option).toHaveAttribute('aria-selected', 'true');
    if (phone) await option.tap();
    else await description.press('Enter');
    await expect(description).toHaveValue(`Ask @[${mentioned.name}](user:${mentioned.id}) `);
    await expect(dialog.getByLabel('People mentioned').getByTestId('mention-chip')).toHaveText(`@${mentioned.name}`);
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(toast(page, 'Task created successfully')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // The details show it as a chip.
    const sheet = await openTaskDetails(page, title);
    await expect(sheet.getByLabel('People mentioned').getByTestId('mention-chip')).toHaveText(`@${mentioned.name}`);

    const other = await secondBrowser(browser, page);
    await signInAs(other, mentioned);
    await other.getByTestId('notification-bell').filter({ visible: true }).click();
    const panel = other.getByRole('dialog', { name: 'Notifications' });
    const item = panel.getByTestId('notification-item').filter({ hasText: `Uri User mentioned you in the description of "${title}"` });
    await expect(item).toBeVisible();
    await item.click();
    const details = other.getByRole('dialog', { name: 'Task Details' });
    // They may read but not change Uri's task: the description shows with its chip.
    await expect(details.getByTestId('mention-chip')).toHaveText(`@${mentioned.name}`);
    await expect(details).toContainText(`Ask @${mentioned.name}`);
    await other.context().close();
  });
});
