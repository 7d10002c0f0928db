import { expect, test, type Locator } from '@playwright/test';
import { signIn } from './support/session';
import { createTask, uniqueTitle, search } from './support/planner';
import { openTaskDetails } from './support/tasks';

/** Issue 16 item 8: on a phone (and a desktop) toasts and the floating add button never hide controls. */

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const box = async (locator: Locator): Promise<Box> => {
  const b = await locator.boundingBox();
  expect(b, 'the element has a box on screen').not.toBeNull();
  return b!;
};

test.describe('phone layout', () => {
  test('a toast never covers the details sheet’s Save bar', async ({ page }, info) => {
    await signIn(page, 'user');
    const title = uniqueTitle(info, 'Toast clear');
    await createTask(page, { title });
    const sheet = await openTaskDetails(page, title);
    await sheet.getByLabel('Description').fill('Saved with a toast');
    const save = sheet.getByRole('button', { name: 'Save Changes' });
    // The toast lasts 5 s, which a loaded machine can spend between two steps: the page itself records
    // where the toast appeared, the moment it appears.
    await page.evaluate(() => {
      const w = window as unknown as { toastSeen?: { box: Box; inLandmark: boolean } };
      new MutationObserver((_, observer) => {
        const shown = [...document.querySelectorAll('[data-testid="toast"]')].find((t) => t.textContent?.includes('Task updated successfully'));
        if (!shown) return;
        const r = shown.getBoundingClientRect();
        w.toastSeen = { box: { x: r.x, y: r.y, width: r.width, height: r.height }, inLandmark: !!shown.closest('section[aria-label="Notifications"]') };
        observer.disconnect();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const saveBox = await box(save);
    await save.click();
    const seen = (await (await page.waitForFunction(() => (window as unknown as { toastSeen?: unknown }).toastSeen)).jsonValue()) as {
      box: Box;
      inLandmark: boolean;
    };
    expect(intersects(seen.box, saveBox), 'the toast covers the Save button').toBe(false);
    // The toast sits in a landmark a screen reader can jump to.
    expect(seen.inLandmark).toBe(true);
  });

  test('the floating add button never hides the last card’s controls', async ({ page }, info) => {
    await signIn(page, 'user');
    const word = uniqueTitle(info, 'Fab clear');
    for (const n of [1, 2, 3, 4, 5, 6]) await createTask(page, { title: `${word} ${n}` });
    await page.goto('/');
    await search(page, word);
    const cards = page.getByTestId('task-card');
    await expect(cards).toHaveCount(6);
    await page.getByRole('main').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    const fab = await box(page.getByRole('button', { name: 'Create task' }));
    const last = cards.last();
    for (const control of [last.getByRole('button', { name: /^Delete / }), last.getByRole('button', { name: /Move to/ })]) {
      await expect(control).toBeVisible();
      expect(intersects(await box(control), fab), 'a control of the last card is under the add button').toBe(false);
    }
    // A real click reaches the control (nothing lies over it).
    await last.getByRole('button', { name: /^Delete / }).click();
    await expect(page.getByRole('heading', { name: 'Are you sure you want to delete this task?' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
  });
});
