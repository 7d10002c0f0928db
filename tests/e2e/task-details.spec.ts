import { expect, test } from '@playwright/test';
import { hasHorizontalScroll, signIn } from './support/session';
import { createTask, newTaskButton, uniqueTitle, search } from './support/planner';
import { detailsSheet, openTaskDetails, panelBox, taskCard, toast } from './support/tasks';

test.describe('task details', () => {
  test('edits fields, saves them (reload proves it) and the activity log shows the changes', async ({ page }, info) => {
    await signIn(page, 'user');
    const title = uniqueTitle(info, 'Edit me');
    await createTask(page, { title, estimatedHours: 1 });
    const sheet = await openTaskDetails(page, title);

    const renamed = `${title} renamed`;
    await sheet.getByLabel('Task Title').fill(renamed);
    await sheet.getByLabel('Description').fill('Line one\nLine two');
    await sheet.getByLabel('Due Date').fill('2031-05-17');
    await sheet.getByLabel('Scheduled Date').fill('2031-05-10');
    await sheet.getByLabel('Estimated Hours').fill('2.5');
    await sheet.getByLabel('Status').selectOption({ label: 'Blocked' });
    await sheet.getByLabel('Tags').fill(' alpha, beta ,, alpha ');
    await sheet.getByLabel('Progress percent').fill('abc');
    await sheet.getByLabel('Progress percent').blur();
    await expect(sheet.getByLabel('Progress percent')).toHaveValue('0');
    await sheet.getByLabel('Progress percent').fill('100');
    await expect(sheet.getByTestId('progress-label')).toHaveText('Complete');
    await sheet.getByLabel('Progress percent').fill('45');
    await expect(sheet.getByTestId('progress-label')).toHaveText('In Progress');
    // Pickers: choose from the list with the keyboard.
    await sheet.getByRole('combobox', { name: 'Priority' }).fill('Hig');
    await page.getByRole('option', { name: 'High' }).click();
    await sheet.getByRole('combobox', { name: 'Category' }).fill('Testing');
    await page.getByRole('combobox', { name: 'Category' }).press('ArrowDown');
    await page.getByRole('combobox', { name: 'Category' }).press('Enter');
    await expect(sheet.getByRole('combobox', { name: 'Category' })).toHaveValue('Testing');
    await sheet.getByLabel('Repeatable Task').check();
    await sheet.getByLabel('Repeat Pattern').selectOption('WEEKLY');
    await sheet.getByLabel('Repeat Every').fill('0');

    await sheet.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Task updated successfully')).toBeVisible();

    // The activity log lists who changed what, old -> new.
    const log = sheet.getByRole('list', { name: 'Activity Log' });
    await expect(log.getByTestId('activity-entry').first()).toContainText('Uri User');
    await expect(log.getByTestId('activity-entry').first()).toContainText('updated');
    await expect(log).toContainText('Estimated Hours:');
    await expect(log.getByText('Estimated Hours:').locator('..')).toContainText('1');
    await expect(log.getByText('Estimated Hours:').locator('..')).toContainText('2.5');
    await expect(log.getByText('Status:').locator('..')).toContainText('Blocked');

    await page.reload();
    const again = await openTaskDetails(page, renamed);
    await expect(again.getByLabel('Description')).toHaveValue('Line one\nLine two');
    await expect(again.getByLabel('Due Date')).toHaveValue('2031-05-17');
    await expect(again.getByLabel('Scheduled Date')).toHaveValue('2031-05-10');
    await expect(again.getByLabel('Estimated Hours')).toHaveValue('2.5');
    await expect(again.getByLabel('Status')).toHaveValue('BLOCKED');
    await expect(again.getByLabel('Tags')).toHaveValue('alpha, beta');
    await expect(again.getByLabel('Progress percent')).toHaveValue('45');
    await expect(again.getByRole('combobox', { name: 'Priority' })).toHaveValue('High');
    await expect(again.getByRole('combobox', { name: 'Category' })).toHaveValue('Testing');
    await expect(again.getByLabel('Repeatable Task')).toBeChecked();
    await expect(again.getByLabel('Repeat Pattern')).toHaveValue('WEEKLY');
    await expect(again.getByLabel('Repeat Every')).toHaveValue('1');
    await expect(again.getByText(/^Created .+ by Uri User$/)).toBeVisible();
    await expect(again.getByText(/^Updated /)).toBeVisible();

    // Escape closes the sheet.
    await page.keyboard.press('Escape');
    await expect(detailsSheet(page)).toHaveCount(0);
  });

  test('creates projects and categories inline from the pickers', async ({ page }, info) => {
    await signIn(page, 'user');
    const title = uniqueTitle(info, 'Picker');
    await createTask(page, { title });
    const sheet = await openTaskDetails(page, title);

    const project = `Proj ${info.project.name} ${Date.now().toString(36)}`;
    await sheet.getByRole('combobox', { name: 'Project' }).fill(`  ${project}  `);
    await page.getByRole('option', { name: `Create "${project}"` }).click();
    await expect(toast(page, 'Project created')).toBeVisible();
    await expect(sheet.getByRole('combobox', { name: 'Project' })).toHaveValue(project);

    const category = `Cat${Date.now().toString(36)}`;
    await sheet.getByRole('combobox', { name: 'Category' }).fill(category);
    await page.getByRole('option', { name: `Create "${category}"` }).click();
    await expect(toast(page, 'Category created')).toBeVisible();
    await expect(sheet.getByRole('combobox', { name: 'Category' })).toHaveValue(category);

    // A blank name offers no creation.
    await sheet.getByRole('combobox', { name: 'Priority' }).fill('   ');
    await expect(page.getByRole('option', { name: /^Create/ })).toHaveCount(0);
    await sheet.getByRole('combobox', { name: 'Priority' }).press('Escape');

    await sheet.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Task updated successfully')).toBeVisible();
    await page.reload();
    const again = await openTaskDetails(page, title);
    await expect(again.getByRole('combobox', { name: 'Project' })).toHaveValue(project);
    await expect(again.getByRole('combobox', { name: 'Category' })).toHaveValue(category);
  });

  test('New Task dialog starts with the defaults and requires a title', async ({ page }, info) => {
    await signIn(page, 'user');
    await page.goto('/');
    await newTaskButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Task' });
    await expect(dialog.getByRole('heading', { name: 'Create New Task' })).toBeVisible();
    await expect(dialog.getByLabel('Task Title *')).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Category' })).toHaveValue('Dev');
    await expect(dialog.getByRole('combobox', { name: 'Priority' })).toHaveValue('Medium');
    await expect(dialog.getByLabel('Status')).toHaveValue('PLANNED');
    await expect(dialog.getByLabel('Progress percent')).toHaveValue('0');
    await expect(dialog.getByLabel('Repeatable Task')).not.toBeChecked();
    await expect(dialog.getByLabel('Assigned To').locator('option:checked')).toHaveText('Uri User (me)');
    // Members may assign to themselves or nobody.
    await expect(dialog.getByLabel('Assigned To').locator('option')).toHaveText(['Unassigned', 'Uri User (me)']);
    await dialog.getByLabel('Repeatable Task').check();
    await expect(dialog.getByLabel('Repeat Pattern')).toHaveValue('DAILY');
    await expect(dialog.getByLabel('Repeat Every')).toHaveValue('1');
    await dialog.getByLabel('Repeatable Task').uncheck();

    // Blank (whitespace) titles send nothing.
    let posted = 0;
    page.on('request', (r) => r.url().endsWith('/graphql') && r.postData()?.includes('CreateTask') && posted++);
    await dialog.getByLabel('Task Title *').fill('   ');
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(dialog.getByText('Task title is required')).toBeVisible();
    expect(posted).toBe(0);

    const title = uniqueTitle(info, 'Created');
    await dialog.getByLabel('Task Title *').fill(`  ${title}  `);
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(toast(page, 'Task created successfully')).toBeVisible();
    await expect(toast(page, 'Success')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await search(page, title);
    await expect(taskCard(page, title)).toBeVisible();

    const sheet = await openTaskDetails(page, title);
    await expect(sheet.getByRole('combobox', { name: 'Category' })).toHaveValue('Dev');
    await expect(sheet.getByRole('combobox', { name: 'Priority' })).toHaveValue('Medium');
    await expect(sheet.getByLabel('Status')).toHaveValue('PLANNED');
    await expect(sheet.getByLabel('Assigned To').locator('option:checked')).toHaveText('Uri User (me)');
  });

  test('deletes a task after the confirmation and closes the sheet', async ({ page }, info) => {
    await signIn(page, 'user');
    const title = uniqueTitle(info, 'Delete me');
    await createTask(page, { title });
    const sheet = await openTaskDetails(page, title);
    await sheet.getByRole('button', { name: 'Delete task' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete this task?' });
    await expect(confirm).toContainText('Undo in the message that follows brings it all back.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(sheet.getByLabel('Task Title')).toBeVisible();
    await sheet.getByRole('button', { name: 'Delete task' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Task deleted successfully')).toBeVisible();
    await expect(detailsSheet(page)).toHaveCount(0);
    await expect(taskCard(page, title)).toHaveCount(0);
    await page.reload();
    await search(page, title);
    await expect(page.getByText('No matching tasks found')).toBeVisible();
    await expect(taskCard(page, title)).toHaveCount(0);
  });

  test('previous and next walk the list, showing N of total', async ({ page }, info) => {
    await signIn(page, 'user');
    // Only this test's two tasks in the list: tests running alongside add tasks for the same user.
    const prefix = uniqueTitle(info, 'Nav');
    const [firstTitle, secondTitle] = [`${prefix} A`, `${prefix} B`];
    await createTask(page, { title: firstTitle });
    await createTask(page, { title: secondTitle });
    await page.goto('/');
    await search(page, prefix);
    await expect(page.getByTestId('task-card')).toHaveCount(2);
    await taskCard(page, secondTitle).getByRole('button', { name: secondTitle, exact: true }).click();
    const sheet = detailsSheet(page);
    const position = sheet.getByTestId('task-position');
    await expect(position).toHaveText('1 of 2');
    // Newest first: the older task follows the newer one.
    await sheet.getByRole('button', { name: 'Next task' }).click();
    await expect(position).toHaveText('2 of 2');
    await expect(sheet.getByLabel('Task Title')).toHaveValue(firstTitle);
    await sheet.getByRole('button', { name: 'Previous task' }).click();
    await expect(position).toHaveText('1 of 2');
    await expect(sheet.getByLabel('Task Title')).toHaveValue(secondTitle);
  });

  test('the expanded dialog has tabs, Edit / Save / Cancel, and moves the task with Settings', async ({ page }, info) => {
    await signIn(page, 'user');
    const title = uniqueTitle(info, 'Expand');
    await createTask(page, { title });
    const sheet = await openTaskDetails(page, title);
    await sheet.getByRole('button', { name: 'Open expanded view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Task Details' });
    await expect(dialog.getByRole('tab')).toHaveText(['Details', /Subtasks/, /Comments/, 'Settings']);
    await expect(dialog.getByLabel('Task Title')).toBeDisabled();

    await dialog.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByLabel('Task Title').fill(`${title} edited`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.getByLabel('Task Title')).toHaveValue(title);
    await expect(dialog.getByLabel('Task Title')).toBeDisabled();

    await dialog.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByLabel('Task Title').fill(`${title} edited`);
    await dialog.getByRole('tab', { name: 'Settings' }).click();
    await dialog.getByLabel('Column').selectOption({ label: "Today's Plan" });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Task updated successfully')).toBeVisible();
    await expect(dialog.getByTestId('task-dialog-title')).toHaveText(`${title} edited`);
    await expect(dialog.getByText("Today's Plan").first()).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Activity Log' })).toContainText('Moved task');

    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Task Details' })).toHaveCount(0);
  });

  test('a task the viewer may not update opens read-only', async ({ page }) => {
    // The manager reads every task but may not change the admin's own ones (seeded 'Archive old tickets'),
    // which are outside the manager's team: found under Everyone.
    await signIn(page, 'manager');
    const sheet = await openTaskDetails(page, 'Archive old tickets', { everyone: true });
    await expect(sheet.getByText('You can view this task but not change it.')).toBeVisible();
    await expect(sheet.getByLabel('Task Title')).toBeDisabled();
    await expect(sheet.getByLabel('Status')).toBeDisabled();
    await expect(sheet.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
    await expect(sheet.getByRole('button', { name: 'Delete task' })).toHaveCount(0);
    await expect(sheet.getByRole('button', { name: 'Add Subtask' })).toHaveCount(0);
  });

  test('managers may assign to themselves and their reportees', async ({ page }, info) => {
    await signIn(page, 'manager');
    const title = uniqueTitle(info, 'Assign');
    await createTask(page, { title });
    const sheet = await openTaskDetails(page, title);
    const options = sheet.getByLabel('Assigned To').locator('option');
    await expect(options).toContainText(['Unassigned', 'Maya Manager (me)', 'Uri User']);
    await expect(options.filter({ hasText: 'Ada Admin' })).toHaveCount(0);
    await sheet.getByLabel('Assigned To').selectOption({ label: 'Uri User' });
    await sheet.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Task updated successfully')).toBeVisible();
    await expect(sheet.getByRole('list', { name: 'Activity Log' }).getByText('Assigned To:').locator('..')).toContainText('Uri User');
  });

  test('the sheet is full screen on phones and nothing scrolls sideways', async ({ page, isMobile }, info) => {
    test.skip(!isMobile, 'phone layout');
    await signIn(page, 'user');
    const title = uniqueTitle(info, 'Phone');
    await createTask(page, { title });
    const sheet = await openTaskDetails(page, title);
    const panel = await panelBox(sheet);
    expect(panel?.width).toBeGreaterThanOrEqual(374);
    expect(panel?.height).toBeGreaterThanOrEqual(800);
    expect(await hasHorizontalScroll(page)).toBe(false);
    // Nothing in the sheet reaches past the screen's right edge.
    const sticking = await sheet.evaluate((el) =>
      [...el.querySelectorAll('*')]
        .filter((n) => {
          const r = n.getBoundingClientRect();
          return r.width > 0 && r.right > window.innerWidth + 1;
        })
        .map((n) => n.outerHTML.slice(0, 80)),
    );
    expect(sticking).toEqual([]);
    await page.screenshot({ path: info.outputPath('sheet-phone.png') });

    await sheet.getByRole('button', { name: 'Open expanded view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Task Details' });
    await expect(dialog.getByRole('tab', { name: 'Details' })).toBeVisible();
    const box = await panelBox(dialog);
    expect(box?.width).toBeGreaterThanOrEqual(374);
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
