#!/usr/bin/env node
// Calendar views under load (issue 11): 2,000 tasks scheduled in the visible week (and so the month),
// then in Chromium (tests/support/browser.mjs) the time from navigation to the first painted task card of the daily
// board, the weekly and the monthly view, and how long a week / month step takes with them loaded.
// Prints figures; never fails on time. BENCH_CALENDAR_TASKS changes the task count.
import { chromium } from 'playwright-core';
import { startServer } from '../support/server.mjs';
import { chromiumLaunchOptions } from '../support/browser.mjs';

const TASKS = Number(process.env.BENCH_CALENDAR_TASKS ?? 2000);
const RUNS = 3;

const launchOptions = chromiumLaunchOptions({ prefer: 'full' }); // before the server: exits when there is no Chromium
// On a fresh SQLite database with the demo accounts (tests/support/server.mjs).
const server = await startServer({ tempPrefix: 'lwf-bench-calendar-', startTimeoutMs: 60_000, env: { LOGIN_LIMIT_PER_IP: '100000' } });
const base = server.baseUrl;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pad = (n) => String(n).padStart(2, '0');
const key = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

let browser;
try {
  // Sign in over REST and keep the session cookie.
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'user', password: 'user123' }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  // The days of this week that are also in this month (so the month shows every task too).
  const today = new Date();
  const monday = new Date(today);
  monday.setDate(today.getDate() - ((today.getDay() + 6) % 7));
  const days = Array.from({ length: 7 }, (_, i) => new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + i))
    .filter((d) => d.getMonth() === today.getMonth())
    .map(key);

  const seedStarted = Date.now();
  let next = 0;
  const worker = async () => {
    while (next < TASKS) {
      const i = next++;
      const res = await fetch(`${base}/api/tasks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-time-zone': zone },
        body: JSON.stringify({
          title: `Bench calendar task ${i}`,
          scheduledDate: days[i % days.length],
          scheduledTime: `${pad(8 + (i % 10))}:${i % 2 ? '30' : '00'}`,
          priority: ['low', 'medium', 'high', 'critical'][i % 4],
        }),
      });
      if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  console.log(`seeded ${TASKS} tasks over ${days.length} day(s) of this week in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);

  browser = await chromium.launch(launchOptions);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: base });
  await context.request.post('/api/auth/login', { data: { username: 'user', password: 'user123' } });
  const page = await context.newPage();

  const views = [
    { view: 'daily', card: '[data-testid="task-card"]' },
    { view: 'weekly', card: '[data-testid="calendar-card"]', step: 'Next week' },
    { view: 'monthly', card: '[data-testid="calendar-card"]', step: 'Next month' },
  ];
  console.log('\nview     first card painted (median of 3, ms)   cards on screen   step forward+back (ms)');
  for (const { view, card, step } of views) {
    const paints = [];
    const steps = [];
    let cards = 0;
    for (let run = 0; run < RUNS; run++) {
      await page.goto('about:blank');
      const started = Date.now();
      await page.goto(`/?view=${view}`);
      await page.locator(card).first().waitFor({ state: 'visible', timeout: 60_000 });
      // Wait for the frame that shows it to be painted.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      paints.push(Date.now() - started);
      cards = await page.locator(card).count();
      if (step) {
        const title = page.getByTestId('calendar-title');
        const before = await title.textContent();
        const t0 = Date.now();
        await page.getByRole('button', { name: step }).click();
        await page.waitForFunction((text) => document.querySelector('[data-testid="calendar-title"]')?.textContent !== text, before);
        await page.getByRole('button', { name: step.replace('Next', 'Previous') }).click();
        await page.waitForFunction((text) => document.querySelector('[data-testid="calendar-title"]')?.textContent === text, before);
        await page.locator(card).first().waitFor({ state: 'visible' });
        steps.push(Date.now() - t0);
      }
    }
    console.log(
      `${view.padEnd(8)} ${String(median(paints)).padStart(8)}  (runs ${paints.join(', ')})${' '.repeat(12)}${String(cards).padStart(6)}        ${steps.length ? String(median(steps)).padStart(6) : '     -'}`,
    );
  }
  console.log('\nThe planner loads at most its first 500 tasks (the API page limit); the week shows at most 40 cards a day, the month 3 a day.');
} catch (error) {
  console.error('calendar bench failed:', error);
  process.exitCode = 1;
} finally {
  await browser?.close();
  await server.stop();
}
