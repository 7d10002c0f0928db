import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/session';
import { card, column, createTask, findTask, findTaskIfAny, findTasks, gql, openView, search, uniqueTitle, searchBox } from './support/planner';

const undoToast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });
const undoButton = (page: Page) => page.getByTestId('toast').getByRole('button', { name: 'Undo' });

async function taskWithParts(page: Page, id: string) {
  const data = await gql<{ task: { id: string; subtasks: { title: string }[]; comments: { content: string }[] } }>(
    page,
    'query($id: ID!) { task(id: $id) { id subtasks { title } comments { content } } }',
    { id },
  );
  return data.task;
}

test.describe('planner: undo', () => {
  test.beforeEach(async ({ page }) => signIn(page, 'user'));

  test('Undo after a delete brings the task back with its subtasks and comments', async ({ page }, info) => {
    const title = uniqueTitle(info, 'Undo delete');
    const id = await createTask(page, { title });
    await gql(page, 'mutation($id: ID!) { createSubtask(taskId: $id, input: { title: "Kept subtask" }) { id } }', { id });
    await gql(page, 'mutation($id: ID!) { addComment(taskId: $id, input: { content: "Kept comment" }) { id } }', { id });

    await openView(page, 'master');
    await search(page, title);
    await card(page, title)
      .getByRole('button', { name: `Delete ${title}` })
      .click();
    await page.getByRole('dialog', { name: 'Are you sure you want to delete this task?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(undoToast(page, 'Task deleted successfully')).toBeVisible();
    await undoButton(page).hover(); // the toast waits while pointed at
    await expect(card(page, title)).toHaveCount(0);
    await expect(taskWithParts(page, id)).rejects.toThrow(/NOT_FOUND/);

    await undoButton(page).click();
    await expect(undoToast(page, 'The task is back.')).toBeVisible();
    await expect(card(page, title)).toBeVisible();
    expect(await taskWithParts(page, id)).toEqual({ id, subtasks: [{ title: 'Kept subtask' }], comments: [{ content: 'Kept comment' }] });
  });

  test('Undo after a bulk delete brings every task back', async ({ page }, info) => {
    const prefix = uniqueTitle(info, 'Undo bulk');
    await createTask(page, { title: `${prefix} one` });
    await createTask(page, { title: `${prefix} two` });
    await openView(page, 'master');
    await search(page, prefix);
    await expect(page.getByTestId('task-card')).toHaveCount(2);
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.getByLabel('Select all tasks').check();
    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    await page.getByRole('dialog', { name: 'Are you sure you want to delete these 2 tasks?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(undoToast(page, 'Task deleted successfully')).toBeVisible();
    await undoButton(page).hover(); // the toast waits while pointed at
    await expect(page.getByTestId('task-card')).toHaveCount(0);

    await undoButton(page).click();
    await expect(undoToast(page, 'The 2 tasks are back.')).toBeVisible();
    await expect(page.getByTestId('task-card')).toHaveCount(2);
    expect((await findTasks(page, prefix)).map((t) => t.title).sort()).toEqual([`${prefix} one`, `${prefix} two`]);
  });

  test('Undo after complete and after a move restores the column, status, date and progress; Ctrl+Z does too', async ({ page }, info) => {
    const title = uniqueTitle(info, 'Undo move');
    await createTask(page, { title, progress: 40 });
    const before = await findTask(page, title);
    await openView(page, 'daily');
    await search(page, title);

    // Complete (Move to... Completed Tasks), then Undo from the toast.
    await card(column(page, 'UNSCHEDULED'), title).getByRole('button', { name: 'Move to...' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Completed Tasks' }).click();
    await expect(card(column(page, 'COMPLETED'), title)).toBeAttached();
    await undoButton(page).hover(); // the toast waits while pointed at
    await expect.poll(async () => (await findTaskIfAny(page, title))?.progress).toBe(100);
    await undoButton(page).click();
    await expect(undoToast(page, 'The task is back where it was.')).toBeVisible();
    await expect(card(column(page, 'UNSCHEDULED'), title)).toBeAttached();
    expect(await findTask(page, title)).toMatchObject({ status: before.status, column: 'UNSCHEDULED', progress: 40, scheduledDate: null, scheduledTime: null });

    // Move to Today's Plan, then Ctrl+Z (outside a text field) undoes it.
    await card(column(page, 'UNSCHEDULED'), title).getByRole('button', { name: 'Move to...' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: "Today's Plan" }).click();
    await expect(card(column(page, 'TODAY'), title)).toBeAttached();
    await expect(undoButton(page)).toBeVisible();
    await expect.poll(async () => (await findTaskIfAny(page, title))?.column).toBe('TODAY');
    await undoButton(page).hover(); // the toast (and its Ctrl+Z) waits while pointed at
    // Not while typing: Ctrl+Z in the search box is the field's own undo.
    await (await searchBox(page)).focus();
    await page.keyboard.press('ControlOrMeta+z');
    await search(page, title);
    await expect(card(column(page, 'TODAY'), title)).toBeAttached();
    expect((await findTask(page, title)).column).toBe('TODAY');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('ControlOrMeta+z');
    await expect(undoToast(page, 'The task is back where it was.')).toBeVisible();
    await expect(card(column(page, 'UNSCHEDULED'), title)).toBeAttached();
    expect(await findTask(page, title)).toMatchObject({ status: before.status, column: 'UNSCHEDULED', progress: 40, scheduledDate: null });
  });

  test("Undo never overwrites a teammate's later change to the same fields", async ({ page }, info) => {
    const title = uniqueTitle(info, 'Undo conflict');
    const id = await createTask(page, { title });
    await openView(page, 'daily');
    await search(page, title);
    await card(column(page, 'UNSCHEDULED'), title).getByRole('button', { name: 'Move to...' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: "Today's Plan" }).click();
    await expect(undoButton(page)).toBeVisible();
    await undoButton(page).hover(); // the toast waits while pointed at
    // Someone changes the status after the move (here through the API, as another tab would).
    await gql(page, 'mutation($id: ID!) { updateTask(id: $id, input: { status: BLOCKED }) { id } }', { id });

    await undoButton(page).click();
    await expect(undoToast(page, 'Could not undo')).toBeVisible();
    expect(await findTask(page, title)).toMatchObject({ status: 'BLOCKED', column: 'TODAY' });
  });
});
