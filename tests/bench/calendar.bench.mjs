#!/usr/bin/env node
// Calendar views under load (issue 11): 2,000 tasks scheduled in the visible week (and so the month),
// then in Debian's Chromium the time from navigation to the first painted task card of the daily
// board, the weekly and the monthly view, and how long a week / month step takes with them loaded.
// Prints figures; never fails on time. BENCH_CALENDAR_TASKS changes the task count.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TASKS = Number(process.env.BENCH_CALENDAR_TASKS ?? 2000);
const RUNS = 3;

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lwf-bench-calendar-'));
const env = { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn', LOGIN_LIMIT_PER_IP: '100000' };
delete env.DATABASE_URL;
delete env.REDIS_URL;
const server = spawn(process.execPath, [path.join(root, 'dist/api/main.js')], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env });
const base = `http://127.0.0.1:${port}`;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pad = (n) => String(n).padStart(2, '0');
const key = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

let browser;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* starting */
    }
    if (i > 300) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }

  // Sign in over REST and keep the session cookie.
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'user', password: 'user123' }) });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  // The days of this week that are also in this month (so the month shows every task too).
  const today = new Date();
  const monday = new Date(today);
  monday.setDate(today.getDate() - ((today.getDay() + 6) % 7));
  const days = Array.from({ length: 7 }, (_, i) => new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + i)).filter((d) => d.getMonth() === today.getMonth()).map(key);

  const seedStarted = Date.now();
  let next = 0;
  const worker = async () => {
    while (next < TASKS) {
      const i = next++;
      const res = await fetch(`${base}/api/tasks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-time-zone': zone },
        body: JSON.stringify({ title: `Bench calendar task ${i}`, scheduledDate: days[i % days.length], scheduledTime: `${pad(8 + (i % 10))}:${i % 2 ? '30' : '00'}`, priority: ['low', 'medium', 'high', 'critical'][i % 4] }),
      });
      if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  console.log(`seeded ${TASKS} tasks over ${days.length} day(s) of this week in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
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
    console.log(`${view.padEnd(8)} ${String(median(paints)).padStart(8)}  (runs ${paints.join(', ')})${' '.repeat(12)}${String(cards).padStart(6)}        ${steps.length ? String(median(steps)).padStart(6) : '     -'}`);
  }
  console.log('\nThe planner loads at most its first 500 tasks (the API page limit); the week shows at most 40 cards a day, the month 3 a day.');
} catch (error) {
  console.error('calendar bench failed:', error);
  process.exitCode = 1;
} finally {
  await browser?.close();
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
