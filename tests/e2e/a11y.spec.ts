import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS } from './support/session';
import { createTask, uniqueTitle, search } from './support/planner';
import { openTaskDetails } from './support/tasks';
import { shareStore } from './support/share';

/**
 * Issue 16 item 11: no serious or critical axe-core violation on any screen, at desktop and phone.
 * Each entry is a route and what shows it is ready; a new screen adds one line here.
 */
interface A11yRoute {
  name: string;
  path: string;
  /** Waits until the screen shows its content (not its loading state). */
  ready(page: Page): Promise<void>;
  /** Signed out (the login screen); otherwise the admin is signed in. */
  signedOut?: boolean;
}

// Screens load their chunks and data on demand: on a busy machine that can take a while.
const READY = { timeout: 60_000 };
/** The screen's own heading (h1) inside the main landmark. */
const pageHeading = (page: Page) => expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible(READY);
const plannerReady = (page: Page) => expect(page.getByTestId('planner-date')).toBeVisible(READY);

/** Signs the admin in through the API (the login form itself is checked as its own route). */
async function signIn(page: Page, who: keyof typeof ACCOUNTS) {
  const { username, password } = ACCOUNTS[who];
  const response = await page.request.post('/api/auth/login', { data: { username, password } });
  expect(response.ok(), await response.text()).toBe(true);
}
const ADMIN_TABS = ['users', 'organization', 'projects', 'templates', 'categories', 'bookmarklet', 'security-events'];

export const A11Y_ROUTES: A11yRoute[] = [
  { name: 'login', path: '/login', signedOut: true, ready: (page) => expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible(READY) },
  { name: 'planner', path: '/', ready: plannerReady },
  ...['master', 'daily', 'weekly', 'monthly', 'templates'].map((view) => ({ name: `planner ${view}`, path: `/?view=${view}`, ready: plannerReady })),
  { name: 'task listing', path: '/task-listing', ready: pageHeading },
  { name: 'activity', path: '/activity', ready: pageHeading },
  { name: 'projects', path: '/projects', ready: pageHeading },
  { name: 'manager dashboard', path: '/manager-dashboard', ready: pageHeading },
  ...ADMIN_TABS.map((tab) => ({
    name: `admin ${tab}`,
    path: `/admin?tab=${tab}`,
    ready: (page: Page) => expect(page.getByRole('tablist', { name: 'Admin sections' })).toBeVisible(READY),
  })),
  { name: 'bookmarklet', path: '/bookmarklet', ready: pageHeading },
  { name: 'settings', path: '/settings', ready: pageHeading },
  // What the installed app opens when something is shared into it (the manifest's share_target).
  { name: 'share', path: '/share?title=Shared%20page&text=A%20note&url=https%3A%2F%2Fexample.com%2Fpage', ready: pageHeading },
  // A share whose files did not arrive (no service worker yet): the form says so.
  { name: 'share, files missed', path: '/share?title=Shared%20photo&files=missed', ready: pageHeading },
];

/** The serious and critical violations on the page as it is now, readable in a failure message. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Only violations are collected (passes and incomplete checks would double the time on a busy machine).
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')} ${n.failureSummary?.split('\n')[1] ?? ''}`).join('\n')}`);
}

// Issue 19: every screen in both themes (the admin's theme is the system's, here set by colorScheme).
for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${colorScheme} theme`, () => {
    test.use({ colorScheme });
    // axe walks the whole page: on a busy 2-core machine a big screen takes a while.
    test.setTimeout(180_000);
    for (const route of A11Y_ROUTES) {
      test(`${route.name} has no serious or critical axe violations`, async ({ page }) => {
        if (!route.signedOut) await signIn(page, 'admin');
        await page.goto(route.path);
        await route.ready(page);
        await expect(page.getByText(/^Loading/)).toHaveCount(0, READY);
        await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test('the share form with shared files has no serious or critical axe violations', async ({ page }) => {
      await signIn(page, 'admin');
      await page.goto('/bookmarklet');
      const { key } = await shareStore(page, { name: 'scan.pdf', type: 'application/pdf', content: '%PDF-1.4\n%%EOF\n' });
      await page.goto(`/share?title=Shared%20scan&files=${key}`);
      await expect(page.getByTestId('shared-file')).toHaveText(/scan\.pdf/, READY);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the task details sheet has no serious or critical axe violations', async ({ page }, info) => {
      await signIn(page, 'admin');
      const title = uniqueTitle(info, 'A11y details');
      await createTask(page, { title, priority: 'high', estimatedHours: 2, description: 'Checked by axe' });
      const sheet = await openTaskDetails(page, title);
      await expect(sheet.getByRole('button', { name: 'Save Changes' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

test.describe('accessibility', () => {
  test.setTimeout(180_000);

  test('a skip link is the first thing Tab reaches and moves to the content', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/?view=daily');
    await plannerReady(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
  });

  test('[ and ] move focus between the daily board columns', async ({ page }, info) => {
    await signIn(page, 'admin');
    const title = uniqueTitle(info, 'Brackets');
    await createTask(page, { title, status: 'NOT_STARTED' });
    await page.goto('/?view=daily');
    await search(page, title);
    const column = (name: string) => page.locator(`[data-testid="board-column"][data-column="${name}"]`);
    const unscheduled = column('UNSCHEDULED').getByTestId('task-card');
    await expect(unscheduled).toHaveCount(1);
    await unscheduled.focus();
    await page.keyboard.press(']');
    await expect(column('TODAY')).toBeFocused();
    await page.keyboard.press(']');
    await expect(column('PENDING')).toBeFocused();
    await page.keyboard.press('[');
    await page.keyboard.press('[');
    await expect(unscheduled).toBeFocused();
    await page.keyboard.press('[');
    await expect(column('PENDING_FROM_BEFORE')).toBeFocused();
  });
});
