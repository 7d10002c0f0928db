import { expect, test } from '@playwright/test';
import { hasHorizontalScroll, signIn } from './support/session';
import { createTask, uniqueTitle } from './support/planner';
import { detailsSheet, openTaskDetails, taskCard, toast } from './support/tasks';
import { secondBrowser } from './support/people';

test.describe('who is here now', () => {
  test('two browsers on one task see each other, "is editing..." while one types, the board card shows the other viewer, and a conflict names who changed it', async ({
    page,
    browser,
  }, info) => {
    test.slow(); // two sign-ins, two browsers
    await signIn(page, 'user');
    const title = uniqueTitle(info, 'Presence');
    await createTask(page, { title });
    const uriSheet = await openTaskDetails(page, title);

    const maya = await secondBrowser(browser, page);
    await signIn(maya, 'manager');
    const mayaSheet = await openTaskDetails(maya, title, { everyone: true });

    // Each sees the other's face, named.
    await expect(uriSheet.getByRole('img', { name: 'Maya Manager is viewing' })).toBeVisible();
    await expect(mayaSheet.getByRole('img', { name: 'Uri User is viewing' })).toBeVisible();
    await expect(mayaSheet.getByTestId('presence-editing')).toHaveText('');

    // Unsaved changes in one show as "is editing..." in the other, before anything is saved.
    await uriSheet.getByLabel('Description').fill('Uri is writing this');
    await expect(mayaSheet.getByTestId('presence-editing')).toHaveText('Uri is editing...');
    await expect(mayaSheet.getByRole('img', { name: 'Uri User is editing' })).toBeVisible();
    expect(await hasHorizontalScroll(maya)).toBe(false);

    // The expanded dialog shows them too.
    await mayaSheet.getByRole('button', { name: 'Open expanded view' }).click();
    const mayaDialog = detailsSheet(maya);
    await expect(mayaDialog.getByTestId('task-dialog-title')).toHaveText(title);
    await expect(mayaDialog.getByRole('img', { name: 'Uri User is editing' })).toBeVisible();
    await expect(mayaDialog.getByTestId('presence-editing')).toHaveText('Uri is editing...');

    // Maya changes the description and saves: Uri's save is refused, and the banner names her.
    await mayaDialog.getByRole('button', { name: 'Edit' }).click();
    await mayaDialog.getByLabel('Description').fill('Maya was here first');
    await mayaDialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(maya, 'Task updated successfully')).toBeVisible();
    await uriSheet.getByRole('button', { name: 'Save Changes' }).click();
    await expect(uriSheet.getByTestId('task-conflict').getByRole('heading', { name: 'Maya Manager changed this task' })).toBeVisible();

    // Closed, Maya's board shows Uri's face on the card of the task he still has open.
    await mayaDialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(mayaDialog).toHaveCount(0);
    await expect(uriSheet.getByRole('img', { name: 'Maya Manager is viewing' })).toHaveCount(0);
    const card = taskCard(maya, title);
    await expect(card.getByRole('img', { name: 'Uri User is editing' })).toBeVisible();
    expect(await hasHorizontalScroll(maya)).toBe(false);

    // Uri takes theirs (nothing unsaved left): his face on her card shows him viewing.
    await uriSheet.getByRole('button', { name: 'Take theirs' }).click();
    await expect(card.getByRole('img', { name: 'Uri User is viewing' })).toBeVisible();
    await maya.context().close();
  });
});
