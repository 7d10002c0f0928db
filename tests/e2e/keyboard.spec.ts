import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/session';
import { card, createTask, dayFromToday, findTaskIfAny, openView, search, uniqueTitle } from './support/planner';

/** The shortcuts layer loads after the first paint; it then names its keys on the main landmark. */
const shortcutsReady = (page: Page) => expect(page.locator('#main-content')).toHaveAttribute('aria-keyshortcuts', /Control\+K/);

/** Keys then go to the page itself, as after a click on empty space. */
const nothingFocused = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

// Single-key shortcuts need a keyboard: they are checked at desktop size (a phone has none).
test.describe('keyboard shortcuts', () => {
  test.beforeEach(async ({ page, isMobile }) => {
    test.skip(isMobile, 'keyboard shortcuts are a desktop interaction');
    await signIn(page, 'user');
  });

  test("'?' shows the cheat sheet; a key typed in a field stays in the field", async ({ page }) => {
    await openView(page, 'master');
    await shortcutsReady(page);
    await nothingFocused(page);
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(sheet.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();
    await expect(sheet.getByText('New task')).toBeVisible();
    await expect(sheet.getByText('Next card')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);

    // In the search box the keys are text, not shortcuts.
    const box = page.getByPlaceholder('Search tasks...');
    await box.focus();
    await page.keyboard.type('n?2t');
    await expect(box).toHaveValue('n?2t');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Create New Task' })).toHaveCount(0);
    await expect(page).not.toHaveURL(/view=daily/);
  });

  test('1-5 and t switch views, / focuses the search, n opens a new task from any screen', async ({ page }) => {
    await openView(page, 'master');
    await shortcutsReady(page);
    await nothingFocused(page);
    await page.keyboard.press('2');
    await expect(page).toHaveURL(/view=daily/);
    await expect(page.getByTestId('daily-board')).toBeVisible();
    await page.keyboard.press('3');
    await expect(page).toHaveURL(/view=weekly/);
    await page.keyboard.press('1');
    await expect(page).toHaveURL(/view=master/);
    await page.keyboard.press('t');
    await expect(page).toHaveURL(/view=daily/);
    await expect(page).not.toHaveURL(/date=/);
    await expect(page.getByTestId('daily-board')).toBeVisible();

    await page.keyboard.press('/');
    await expect(page.getByPlaceholder('Search tasks...')).toBeFocused();
    await page.keyboard.press('Escape');
    await shortcutsReady(page);
    await nothingFocused(page);

    // From another screen, n opens the planner's New Task dialog.
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await shortcutsReady(page);
    await page.keyboard.press('n');
    await expect(page.getByRole('heading', { name: 'Create New Task' })).toBeVisible();
    await expect(page).toHaveURL(/\/(\?|$)/);
  });

  test('j and k walk the cards; x selects, e opens, c completes the focused card', async ({ page }, info) => {
    const prefix = uniqueTitle(info, 'Keys');
    const older = `${prefix} older`;
    const newer = `${prefix} newer`;
    await createTask(page, { title: older });
    await createTask(page, { title: newer });
    await openView(page, 'master');
    await search(page, prefix);
    await expect(card(page, older)).toBeVisible();
    await expect(card(page, newer)).toBeVisible();
    await shortcutsReady(page);
    await nothingFocused(page);

    // Newest first: j from outside a card focuses the first one.
    await page.keyboard.press('j');
    await expect(card(page, newer)).toBeFocused();
    await page.keyboard.press('j');
    await expect(card(page, older)).toBeFocused();
    await page.keyboard.press('k');
    await expect(card(page, newer)).toBeFocused();

    await page.keyboard.press('x');
    await expect(card(page, newer).getByRole('checkbox', { name: `Select ${newer}` })).toBeChecked();

    await page.keyboard.press('e');
    const details = page.getByRole('dialog', { name: 'Task Details' });
    await expect(details.getByLabel('Task Title')).toHaveValue(newer);
    await page.keyboard.press('Escape');
    await expect(details).toHaveCount(0);

    await card(page, older).focus();
    await page.keyboard.press('c');
    await expect.poll(async () => (await findTaskIfAny(page, older))?.status).toBe('DONE');
    expect((await findTaskIfAny(page, newer))?.status).not.toBe('DONE');
  });

  test('Ctrl+K pressed before the keyboard layer has loaded opens the palette once it has', async ({ page }) => {
    // The layer's chunk is held back until the key has been pressed: the press lands before anything of
    // the layer listens, as it can in the first moments after signing in.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/KeyboardShortcuts-*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'New Task' })).toBeVisible();
    await expect(page.locator('#main-content')).not.toHaveAttribute('aria-keyshortcuts', /.+/);
    await page.keyboard.press('Control+k');
    release();
    await expect(page.getByRole('combobox', { name: /Command palette|Search tasks, screens and actions/ })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('combobox', { name: /Command palette|Search tasks, screens and actions/ })).toHaveCount(0);
    // From then on the layer answers the key itself, once each time.
    await shortcutsReady(page);
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('combobox', { name: /Command palette|Search tasks, screens and actions/ })).toBeFocused();
  });

  test('Ctrl+K finds a task scheduled next month and opens it, and acts on the focused card', async ({ page }, info) => {
    const far = uniqueTitle(info, 'Palette far');
    await createTask(page, { title: far, scheduledDate: await dayFromToday(page, 35) });
    const near = uniqueTitle(info, 'Palette near');
    await createTask(page, { title: near });
    await openView(page, 'master');
    await expect(page.getByRole('heading', { name: 'Master List' })).toBeVisible();

    // From the search box too: Ctrl+K is not text.
    await shortcutsReady(page);
    await page.getByPlaceholder('Search tasks...').focus();
    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox', { name: /Command palette|Search tasks, screens and actions/ });
    await expect(input).toBeFocused();
    await page.keyboard.type(far);
    const hit = page.getByRole('option', { name: new RegExp(`^${far}`) });
    await expect(hit).toBeVisible();
    await expect(hit).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: 'Task Details' });
    await expect(details.getByLabel('Task Title')).toHaveValue(far);
    await page.keyboard.press('Escape');
    await expect(details).toHaveCount(0);

    // A screen by name.
    await shortcutsReady(page);
    await nothingFocused(page);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Go to Task Listing');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/task-listing/);

    // The focused card's actions: Complete.
    await openView(page, 'master');
    await search(page, near);
    await shortcutsReady(page);
    await card(page, near).focus();
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('group', { name: `Task: ${near}` })).toBeVisible();
    await page.keyboard.type('Complete');
    await expect(page.getByRole('option', { name: 'Complete', exact: true })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await findTaskIfAny(page, near))?.status).toBe('DONE');
  });
});
