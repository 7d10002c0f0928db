import { expect, test } from '@playwright/test';
import { hasHorizontalScroll, signIn } from './support/session';
import { createTask, uniqueTitle, search } from './support/planner';
import { detailsSheet, openTaskDetails, taskCard, toast } from './support/tasks';

test.describe('subtasks', () => {
  test('add, edit, toggle, promote and delete subtasks with their toasts', async ({ page }, info) => {
    await signIn(page, 'user');
    const title = uniqueTitle(info, 'Parent');
    await createTask(page, { title });
    const promoted = uniqueTitle(info, 'Promote me');
    const sheet = await openTaskDetails(page, title);
    const count = sheet.getByTestId('subtask-count');
    await expect(count).toHaveText('0/0');
    await expect(sheet.getByText('No subtasks yet')).toBeVisible();

    // Add: the title is required.
    await sheet.getByRole('button', { name: 'Add Subtask' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Subtask' });
    await expect(dialog.getByLabel('Status')).toHaveValue('Not Started');
    await expect(dialog.getByLabel('Assignee')).toHaveValue('');
    await dialog.getByRole('button', { name: 'Add Subtask' }).click();
    await expect(dialog.getByText('Subtask title is required')).toBeVisible();
    await dialog.getByLabel('Subtask Title *').fill('  Write the tests  ');
    await dialog.getByLabel('Description').fill('Cover every case');
    await dialog.getByLabel('Due Date').fill('2031-02-03');
    await dialog.getByLabel('Estimated Hours').fill('1.5');
    await dialog.getByLabel('Tags').fill('qa, , qa ,e2e');
    await dialog.getByRole('button', { name: 'Add Subtask' }).click();
    await expect(toast(page, 'Subtask created successfully')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const item = sheet.getByTestId('subtask-item').filter({ hasText: 'Write the tests' });
    await expect(item).toContainText('Not Started');
    await expect(item).toContainText('Unassigned');
    await expect(item).toContainText('1.5h');
    await expect(item.getByText('qa', { exact: true })).toHaveCount(1);
    await expect(item.getByText('e2e', { exact: true })).toHaveCount(1);
    await expect(count).toHaveText('0/1');

    // A second one, assigned to me.
    await sheet.getByRole('button', { name: 'Add Subtask' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Subtask' });
    await dialog.getByLabel('Subtask Title *').fill(promoted);
    await dialog.getByLabel('Assignee').selectOption({ label: 'Uri User (me)' });
    await dialog.getByRole('button', { name: 'Add Subtask' }).click();
    await expect(toast(page, 'Subtask created successfully')).toBeVisible();
    await expect(count).toHaveText('0/2');

    // Edit.
    await sheet.getByRole('button', { name: 'Edit subtask "Write the tests"' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Subtask' });
    await expect(edit.getByLabel('Subtask Title *')).toHaveValue('Write the tests');
    await expect(edit.getByLabel('Tags')).toHaveValue('qa, e2e');
    await edit.getByLabel('Subtask Title *').fill('Write more tests');
    await edit.getByLabel('Status').selectOption('In Progress');
    await edit.getByRole('button', { name: 'Save Subtask' }).click();
    await expect(toast(page, 'Subtask updated successfully')).toBeVisible();
    const edited = sheet.getByTestId('subtask-item').filter({ hasText: 'Write more tests' });
    await expect(edited).toContainText('In Progress');

    // The checkbox toggles Done <-> Not Started.
    await edited.getByRole('checkbox').click();
    await expect(edited.getByRole('checkbox')).toBeChecked();
    await expect(edited).toContainText('Done');
    await expect(count).toHaveText('1/2');
    await expect(toast(page, 'Subtask updated successfully')).toBeVisible();
    await edited.getByRole('checkbox').click();
    await expect(edited.getByRole('checkbox')).not.toBeChecked();
    await expect(edited).toContainText('Not Started');
    await expect(count).toHaveText('0/2');

    // Promote: the subtask leaves, a task of its own appears in the planner.
    await sheet.getByRole('button', { name: `Promote "${promoted}" to task` }).click();
    await expect(toast(page, 'Subtask promoted to task successfully')).toBeVisible();
    await expect(sheet.getByTestId('subtask-item').filter({ hasText: promoted })).toHaveCount(0);
    await expect(count).toHaveText('0/1');

    // Delete, after the confirmation.
    await sheet.getByRole('button', { name: 'Delete subtask "Write more tests"' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete this subtask?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Subtask deleted successfully')).toBeVisible();
    await expect(sheet.getByTestId('subtask-item')).toHaveCount(0);
    await expect(count).toHaveText('0/0');
    expect(await hasHorizontalScroll(page)).toBe(false);

    await page.keyboard.press('Escape');
    await expect(detailsSheet(page)).toHaveCount(0);
    await search(page, promoted);
    await expect(taskCard(page, promoted)).toBeVisible();

    // The activity log of the parent recorded the subtask changes; all of it survives a reload.
    await page.reload();
    const again = await openTaskDetails(page, title);
    await expect(again.getByTestId('subtask-count')).toHaveText('0/0');
    await expect(again.getByRole('list', { name: 'Activity Log' }).getByTestId('activity-entry')).not.toHaveCount(0);
  });

  test('subtasks in the expanded dialog tab', async ({ page }, info) => {
    await signIn(page, 'user');
    const title = uniqueTitle(info, 'Tabbed');
    await createTask(page, { title });
    const sheet = await openTaskDetails(page, title);
    await sheet.getByRole('button', { name: 'Open expanded view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Task Details' });
    await dialog.getByRole('tab', { name: /Subtasks/ }).click();
    await dialog.getByRole('button', { name: 'Add Subtask' }).click();
    const add = page.getByRole('dialog', { name: 'Add Subtask' });
    await add.getByLabel('Subtask Title *').fill('From the dialog');
    await add.getByRole('button', { name: 'Add Subtask' }).click();
    await expect(toast(page, 'Subtask created successfully')).toBeVisible();
    await expect(dialog.getByRole('tab', { name: /Subtasks/ })).toContainText('0/1');
    // Adding a subtask must not submit the task form around it.
    await expect(toast(page, 'Task updated successfully')).toHaveCount(0);
    await dialog.getByTestId('subtask-item').getByRole('checkbox').click();
    await expect(dialog.getByRole('tab', { name: /Subtasks/ })).toContainText('1/1');
  });
});
