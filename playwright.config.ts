import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/support/browser.mjs';

// The Chromium of tests/support/browser.mjs: CHROMIUM_PATH, else Debian's headless shell (the same engine
// without the browser's UI layer: the suite in about half the time of the full browser), else Debian's
// full browser, else Playwright's own download; without any, one line says how to get one.
const launchOptions = chromiumLaunchOptions({ prefer: 'headless-shell' });

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
    {
      name: 'phone',
      use: {
        viewport: { width: 375, height: 812 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        userAgent: devices['Pixel 7'].userAgent,
        launchOptions,
      },
    },
  ],
});
