import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium (installed by .ci/run); Playwright's own browser download does not work here. Its
// headless shell (package chromium-headless-shell, the same engine without the browser's UI layer) runs
// the suite in about half the time of the full browser in headless mode; the full one is the fallback.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
};

export default defineConfig({
  testDir: 'tests/e2e',
  // Upper bound per test: two sign-ins and a live round trip on a loaded 2-core machine took over 60 s.
  timeout: 120_000,
  // Upper bounds for state to appear on a busy 2-core machine (tests wait for state, never for time).
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  // No retries, in CI either: a test that passes only on a second try is a failure (npm run test:repeat finds them).
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: process.env.BASE_URL ?? 'http://127.0.0.1:3000',
    // No trace by default: recording one costs about a third of the suite's time, and CI keeps only the text.
    // Run with --trace=retain-on-failure to get one locally.
    trace: 'off',
    // The app's service worker precaches the whole build (about 1.7 MB) in every new browser context; only
    // pwa.spec.ts, which tests it, lets it register (the rest of the suite would pay that on each test).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions } },
    { name: 'phone', use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, userAgent: devices['Pixel 7'].userAgent, launchOptions } },
  ],
});
