import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium (installed by .ci/run); Playwright's own browser download does not work here.
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
};

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  // Upper bounds for state to appear on a busy 2-core machine (tests wait for state, never for time).
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  // No retries, in CI either: a test that passes only on a second try is a failure (npm run test:repeat finds them).
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: process.env.BASE_URL ?? 'http://127.0.0.1:3000',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions } },
    { name: 'phone', use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, userAgent: devices['Pixel 7'].userAgent, launchOptions } },
  ],
});
