import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn } from './support/session';
import { createTask, newTaskButton, uniqueTitle, search } from './support/planner';
import { detailsSheet, openTaskDetails, taskCard, toast } from './support/tasks';

/** The same person in a second browser context (own cookies, own socket), at the same viewport. */
async function secondBrowser(browser: Browser, page: Page): Promise<Page> {
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin, viewport, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 });
  const other = await context.newPage();
  await signIn(other, 'user');
  return other;
}

/** The task as the server has it now. */
async function storedTask(page: Page, id: string): Promise<Record<string, unknown>> {
  const response = await page.request.get(`/api/tasks/${id}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

const discardPrompt = (page: Page) => page.getByRole('dialog', { name: 'Discard unsaved changes?' });
/** The prompt's title (the dialog element itself has no box, so visibility is checked on its heading). */
const discardTitle = (page: Page) => page.getByRole('heading', { name: 'Discard unsaved changes?' });

/**
 * Two browsers on one task: the first edits the description; the second saves another description
 * and an estimate. The first sees the estimate arrive live and the description marked, and its save
 * is refused with theirs against yours.
 */
async function conflictingEdits(page: Page, browser: Browser, title: string) {
  const sheet = await openTaskDetails(page, title);
  await sheet.getByLabel('Description').fill('Mine: from the first browser');

  const other = await secondBrowser(browser, page);
  const theirSheet = await openTaskDetails(other, title);
  await theirSheet.getByLabel('Description').fill('Theirs: from the second browser');
  await theirSheet.getByLabel('Estimated Hours').fill('3');
  await theirSheet.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(other, 'Task updated successfully')).toBeVisible();
  await other.context().close();

  // The untouched field follows live; the edited one keeps the person's text and is marked.
  await expect(sheet.getByLabel('Estimated Hours')).toHaveValue('3');
  await expect(sheet.getByLabel('Description')).toHaveValue('Mine: from the first browser');
  await expect(sheet.getByTestId('changed-underneath')).toHaveCount(1);

  await sheet.getByRole('button', { name: 'Save Changes' }).click();
  const panel = sheet.getByTestId('task-conflict');
  await expect(panel).toBeVisible();
  // The same person in two browsers: the banner says the change was theirs, from the other window.
  await expect(panel.getByRole('heading', { name: 'You changed this task in another window' })).toBeInViewport();
  const row = panel.getByTestId('conflict-description');
  await expect(row.getByTestId('conflict-theirs')).toHaveText('Theirs: from the second browser');
  await expect(row.getByTestId('conflict-yours')).toHaveText('Mine: from the first browser');
  return { sheet, panel };
}

test.describe('no lost edits', () => {
  test('two browsers edit one task: the conflict shows theirs against yours and Keep mine saves mine over theirs', async ({ page, browser }, info) => {
    await signIn(page, 'user');
    const title = uniqueTitle(info, 'Conflict keep');
    const taskId = await createTask(page, { title, description: 'Original' });
    const { sheet, panel } = await conflictingEdits(page, browser, title);
    expect(await storedTask(page, taskId), 'the refused save stored nothing').toMatchObject({
      description: 'Theirs: from the second browser',
      estimatedHours: 3,
    });
    await page.screenshot({ path: info.outputPath('conflict.png') });

    await panel.getByRole('button', { name: 'Keep mine' }).click();
    await expect(toast(page, 'Task updated successfully')).toBeVisible();
    await expect(panel).toHaveCount(0);
    await expect(sheet.getByTestId('changed-underneath')).toHaveCount(0);
    // No change is lost: my description and their estimate.
    expect(await storedTask(page, taskId)).toMatchObject({ description: 'Mine: from the first browser', estimatedHours: 3 });
  });

  test('Take theirs drops my edit of the conflicting field and keeps theirs', async ({ page, browser }, info) => {
    await signIn(page, 'user');
    const title = uniqueTitle(info, 'Conflict take');
    const taskId = await createTask(page, { title, description: 'Original' });
    const { sheet, panel } = await conflictingEdits(page, browser, title);

    await panel.getByRole('button', { name: 'Take theirs' }).click();
    await expect(panel).toHaveCount(0);
    await expect(sheet.getByLabel('Description')).toHaveValue('Theirs: from the second browser');
    await expect(sheet.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    // Nothing unsaved is left, so closing asks nothing.
    await page.keyboard.press('Escape');
    await expect(detailsSheet(page)).toHaveCount(0);
    expect(await storedTask(page, taskId)).toMatchObject({ description: 'Theirs: from the second browser', estimatedHours: 3 });
  });

  test('Escape, Next and closing with unsaved edits ask "Discard unsaved changes?"', async ({ page }, info) => {
    await signIn(page, 'user');
    const prefix = uniqueTitle(info, 'Discard');
    const [firstTitle, secondTitle] = [`${prefix} A`, `${prefix} B`];
    await createTask(page, { title: firstTitle });
    const secondId = await createTask(page, { title: secondTitle });
    await page.goto('/');
    await search(page, prefix);
    await expect(page.getByTestId('task-card')).toHaveCount(2);
    await taskCard(page, secondTitle).getByRole('button', { name: secondTitle, exact: true }).click();
    const sheet = detailsSheet(page);
    await expect(sheet.getByTestId('task-position')).toHaveText('1 of 2');
    await sheet.getByLabel('Task Title').fill(`${secondTitle} edited`);

    // Escape asks; Cancel keeps the edit.
    await sheet.getByLabel('Description').focus();
    await page.keyboard.press('Escape');
    await expect(discardTitle(page)).toBeVisible();
    await discardPrompt(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(discardPrompt(page)).toHaveCount(0);
    await expect(sheet.getByLabel('Task Title')).toHaveValue(`${secondTitle} edited`);

    // Next asks; Discard moves on and drops the edit.
    await sheet.getByRole('button', { name: 'Next task' }).click();
    await expect(discardTitle(page)).toBeVisible();
    await discardPrompt(page).getByRole('button', { name: 'Discard' }).click();
    await expect(sheet.getByTestId('task-position')).toHaveText('2 of 2');
    await expect(sheet.getByLabel('Task Title')).toHaveValue(firstTitle);

    // Previous without edits asks nothing; the dropped edit is gone.
    await sheet.getByRole('button', { name: 'Previous task' }).click();
    await expect(sheet.getByLabel('Task Title')).toHaveValue(secondTitle);

    // The close button asks too.
    await sheet.getByLabel('Description').fill('Not kept');
    await sheet.getByRole('button', { name: 'Close' }).click();
    await expect(discardTitle(page)).toBeVisible();
    await discardPrompt(page).getByRole('button', { name: 'Discard' }).click();
    await expect(detailsSheet(page)).toHaveCount(0);
    expect(await storedTask(page, secondId)).toMatchObject({ title: secondTitle, description: null });

    // The Create New Task dialog asks before dropping typed input.
    await page.getByRole('button', { name: 'Create task' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Task' });
    await create.getByLabel('Task Title *').fill('Half-typed task');
    await create.getByRole('button', { name: 'Cancel' }).click();
    await expect(discardTitle(page)).toBeVisible();
    await discardPrompt(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(create.getByLabel('Task Title *')).toHaveValue('Half-typed task');
    await page.keyboard.press('Escape');
    await expect(discardTitle(page)).toBeVisible();
    await discardPrompt(page).getByRole('button', { name: 'Discard' }).click();
    await expect(create).toHaveCount(0);
  });

  test('a reload keeps a draft of unsaved edits until they are saved', async ({ page }, info) => {
    await signIn(page, 'user');
    const title = uniqueTitle(info, 'Draft');
    const taskId = await createTask(page, { title });
    let sheet = await openTaskDetails(page, title);
    await sheet.getByLabel('Description').fill('Typed before the reload');
    await sheet.getByLabel('Status').selectOption({ label: 'Blocked' });

    await page.reload();
    sheet = await openTaskDetails(page, title);
    await expect(sheet.getByLabel('Description')).toHaveValue('Typed before the reload');
    await expect(sheet.getByLabel('Status')).toHaveValue('BLOCKED');
    await expect(sheet.getByText('Unsaved changes')).toBeVisible();
    expect((await storedTask(page, taskId)).description, 'a draft is not saved').toBeNull();

    await sheet.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Task updated successfully')).toBeVisible();
    expect(await storedTask(page, taskId)).toMatchObject({ description: 'Typed before the reload', status: 'Blocked' });

    // Saved: the draft is gone, a reload shows the stored task with nothing unsaved.
    await page.reload();
    sheet = await openTaskDetails(page, title);
    await expect(sheet.getByLabel('Description')).toHaveValue('Typed before the reload');
    await expect(sheet.getByText('Unsaved changes')).toHaveCount(0);
  });

  test('the New Task dialog keeps what was typed across a reload, until it is created', async ({ page }, info) => {
    await signIn(page, 'user');
    const title = uniqueTitle(info, 'New draft');
    await page.goto('/');
    await newTaskButton(page).click();
    let dialog = page.getByRole('dialog', { name: 'Create New Task' });
    await dialog.getByLabel('Task Title *').fill(title);
    await dialog.getByLabel('Description').fill('Typed before the reload');

    await page.reload();
    dialog = page.getByRole('dialog', { name: 'Create New Task' });
    await expect(dialog.getByLabel('Task Title *')).toHaveValue(title);
    await expect(dialog.getByLabel('Description')).toHaveValue('Typed before the reload');
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(toast(page, 'Task created successfully')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // Created: the draft is gone, a reload opens no dialog.
    await page.reload();
    await expect(page.getByTestId('planner-date')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Create New Task' })).toHaveCount(0);
  });

  test('editing a subtask someone else changed meanwhile says so and stores nothing', async ({ page }, info) => {
    await signIn(page, 'user');
    const title = uniqueTitle(info, 'Subtask conflict');
    const taskId = await createTask(page, { title });
    const created = await page.request.post(`/api/tasks/${taskId}/subtasks`, { data: { title: 'Original step' } });
    expect(created.ok(), await created.text()).toBe(true);
    const subtask = (await created.json()) as { id: string };
    const sheet = await openTaskDetails(page, title);
    await sheet.getByRole('button', { name: 'Edit subtask "Original step"' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Subtask' });
    // Someone else renames it while the dialog is open.
    expect((await page.request.patch(`/api/subtasks/${subtask.id}`, { data: { title: 'Their step' } })).ok()).toBe(true);
    await edit.getByLabel('Subtask Title *').fill('My step');
    await edit.getByRole('button', { name: 'Save Subtask' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Changed by someone else' })).toBeVisible();
    const stored = await page.request.get(`/api/tasks/${taskId}/subtasks`);
    expect(JSON.stringify(await stored.json())).toContain('Their step');
    expect(JSON.stringify(await stored.json())).not.toContain('My step');
  });
});
