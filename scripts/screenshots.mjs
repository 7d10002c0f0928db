#!/usr/bin/env node
// npm run screenshots: builds if needed, starts the server on a fresh demo database and saves PNGs of the
// real screens at desktop (1280x800) and phone (375x812) size into docs/screenshots/ (the README shows them).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { buildIfNeeded } from './build-if-needed.mjs';
import { startServer } from '../tests/support/server.mjs';
import { chromiumLaunchOptions } from '../tests/support/browser.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildIfNeeded(root);

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };
const PASSWORDS = { admin: 'admin123', manager: 'manager123', user: 'user123' };

/** Opens the details sheet of the first card on the planner. */
const openFirstCard = async (page) => {
  await page.getByTestId('task-card').first().click();
  await page.getByRole('dialog', { name: 'Task Details' }).getByLabel('Task Title').waitFor({ timeout: 15_000 });
};

/** Opens the command palette (once the keyboard layer has loaded) and types a search. */
const openPalette = async (page) => {
  await page.locator('#main-content[aria-keyshortcuts]').waitFor({ timeout: 15_000 });
  await page.keyboard.press('Control+k');
  const input = page.getByPlaceholder('Search tasks, screens and actions...');
  await input.waitFor({ timeout: 15_000 });
  await input.fill('Review');
  await page.getByRole('option').first().waitFor({ timeout: 15_000 });
};

/** The manager dashboard's Slippage tab, once its chart has drawn. */
const openSlippage = async (page) => {
  await page.getByRole('tab', { name: /Slippage/ }).click();
  await page.locator('.recharts-bar-rectangle').first().waitFor({ timeout: 15_000 });
};

/** Today's Plan as time slots on a phone (the column in view, the untimed strip folded to its count). */
const openTimeSlots = async (page) => {
  await page.getByRole('tab', { name: /^Today's Plan/ }).click();
  await page.locator('[data-testid="board-column"][data-column="TODAY"]').getByRole('button', { name: 'Add Task', exact: true }).click();
  await page.getByTestId('time-slots').waitFor({ timeout: 15_000 });
  await page.waitForFunction(() => {
    const strip = document.querySelector('[data-testid="board-strip"]');
    const today = document.querySelector('[data-testid="board-column"][data-column="TODAY"]')?.getBoundingClientRect();
    return strip && today && today.left >= 0 && today.right <= window.innerWidth;
  });
};

/** name, who signs in, route, size, the text that says the screen has loaded, an optional step, the colour scheme. */
const SHOTS = [
  ['daily-board-desktop', 'manager', '/?view=daily', DESKTOP, "Today's Plan"],
  ['daily-board-phone', 'manager', '/?view=daily', PHONE, "Today's Plan"],
  ['daily-board-dark-desktop', 'manager', '/?view=daily', DESKTOP, "Today's Plan", undefined, 'dark'],
  ['daily-board-dark-phone', 'manager', '/?view=daily', PHONE, "Today's Plan", undefined, 'dark'],
  ['time-slots-phone', 'manager', '/?view=daily', PHONE, "Today's Plan", openTimeSlots],
  ['command-palette-desktop', 'manager', '/', DESKTOP, 'Master List', openPalette],
  ['master-list-desktop', 'manager', '/', DESKTOP, 'Master List'],
  ['task-details-desktop', 'manager', '/', DESKTOP, 'Master List', openFirstCard],
  ['weekly-desktop', 'manager', '/?view=weekly', DESKTOP, 'Week of'],
  ['monthly-desktop', 'manager', '/?view=monthly', DESKTOP, 'Unscheduled Tasks'],
  ['templates-desktop', 'admin', '/?view=templates', DESKTOP, 'Templates'],
  ['task-listing-desktop', 'manager', '/task-listing', DESKTOP, 'found'],
  ['task-listing-phone', 'manager', '/task-listing', PHONE, 'found'],
  ['activity-desktop', 'admin', '/activity', DESKTOP, 'Activity'],
  ['projects-desktop', 'manager', '/projects', DESKTOP, 'Project Management'],
  ['manager-dashboard-desktop', 'manager', '/manager-dashboard', DESKTOP, 'Overview'],
  ['manager-slippage-dark-desktop', 'manager', '/manager-dashboard', DESKTOP, 'Overview', openSlippage, 'dark'],
  ['admin-desktop', 'admin', '/admin', DESKTOP, 'Admin Dashboard'],
  ['admin-phone', 'admin', '/admin', PHONE, 'Admin Dashboard'],
  ['bookmarklet-desktop', 'user', '/test-bookmarklet', DESKTOP, 'Bookmarklet'],
];

const only = process.argv.slice(2);
const launchOptions = chromiumLaunchOptions({ prefer: 'full' }); // before the server: exits when there is no Chromium
const { baseUrl, stop } = await startServer({ tempPrefix: 'lwf-fresh-', env: { LOGIN_LIMIT_PER_IP: '100000', LOGIN_LIMIT_PER_USER: '1000' } });
/** Waits until no 'Loading...' shows on the page (as the browser suite's screens wait for theirs). */
async function waitUntilLoaded(page) {
  const loading = page.getByText(/^Loading/).filter({ visible: true });
  for (const started = Date.now(); (await loading.count()) > 0;) {
    if (Date.now() - started > 15_000) throw new Error('still loading after 15 s');
    await page.waitForTimeout(100);
  }
}

const browser = await chromium.launch(launchOptions);
let failed = 0;
try {
  for (const [name, who, route, viewport, ready, step, colorScheme = 'light'] of SHOTS) {
    if (only.length && !only.includes(name)) continue;
    const phone = viewport === PHONE;
    const context = await browser.newContext({ viewport, deviceScaleFactor: phone ? 2 : 1, isMobile: phone, hasTouch: phone, baseURL: baseUrl, colorScheme });
    const page = await context.newPage();
    try {
      const login = await context.request.post('/api/auth/login', { data: { username: who, password: PASSWORDS[who] } });
      if (!login.ok()) throw new Error(`sign-in as ${who}: ${login.status()}`);
      await page.goto(route);
      await page.getByText(ready).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
      // Until every list and chunk of the screen is in (the master list's rows load after its header).
      await waitUntilLoaded(page);
      if (step) await step(page);
      await waitUntilLoaded(page);
      await page.evaluate(() => document.fonts.ready);
      const file = path.join(root, 'docs/screenshots', `${name}.png`);
      await page.screenshot({ path: file });
      console.log(`wrote ${path.relative(root, file)}`);
    } catch (e) {
      failed++;
      console.error(`${name}: ${e instanceof Error ? e.message : e}`);
    } finally {
      await context.close();
    }
  }
} finally {
  await browser.close();
  await stop();
}
process.exit(failed ? 1 : 0);
