import { expect, type Locator, type Page } from '@playwright/test';
import { search } from './planner';

// Tasks are created and titled with support/planner.ts (createTask over GraphQL, uniqueTitle).

/** The planner card of a task (in the DOM only while in or near view: the lists are virtualized). */
export const taskCard = (page: Page, title: string): Locator => page.getByTestId('task-card').filter({ hasText: title }).first();

/** The open Task Details sheet. */
export const detailsSheet = (page: Page): Locator => page.getByRole('dialog', { name: 'Task Details' });

/** Opens the planner and the details sheet of the task titled `title` (the planner's search box is left holding `title`). */
export async function openTaskDetails(page: Page, title: string, options: { everyone?: boolean } = {}): Promise<Locator> {
  // The planner shows the viewer's team; a manager or admin reaches anyone else's task under Everyone.
  await page.goto(options.everyone ? '/?scope=everyone' : '/');
  const card = taskCard(page, title);
  // The lists render only the cards in view, newest first, on boards other tests keep adding to:
  // the task is found by searching for it, as a person would (an older one once its page has loaded).
  await search(page, title);
  await expect(card).toBeVisible({ timeout: 60_000 });
  await card.getByRole('button', { name: title, exact: true }).click();
  const sheet = detailsSheet(page);
  await expect(sheet.getByRole('heading', { name: 'Task Details' })).toBeVisible();
  await expect(sheet.getByLabel('Task Title')).toHaveValue(title);
  return sheet;
}

/** The on-screen box of a Headless UI dialog's panel (the dialog element itself has no size). */
export const panelBox = (dialog: Locator) =>
  dialog.evaluate((el) => {
    const panel = el.querySelector('[id^="headlessui-dialog-panel"]') ?? el;
    const r = panel.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });

/** The visible toast with this text. */
export const toast = (page: Page, text: string): Locator => page.getByTestId('toast').filter({ hasText: text });
