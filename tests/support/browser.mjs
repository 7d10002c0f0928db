// The Chromium the browser suite, the browser benchmarks and the screenshot tools run, on any machine:
// CHROMIUM_PATH if set; else Debian's (package chromium-headless-shell: the same engine without the
// browser's UI layer, about twice as fast for the suite; package chromium: the full browser); else the
// one `npx playwright install chromium` downloads, if it is on disk. Types: browser.d.mts.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** The flags every caller launches Chromium with (headless, in a container, nothing fetched in the background). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export const NO_CHROMIUM_MESSAGE =
  "No Chromium found: install Debian's (apt-get install chromium chromium-headless-shell), or Playwright's (npx playwright install chromium), or set CHROMIUM_PATH to a Chromium binary.";

/** Playwright's own downloaded Chromium, if it is on disk. */
function playwrightChromium() {
  try {
    const file = chromium.executablePath();
    return file && existsSync(file) ? file : null;
  } catch {
    return null;
  }
}

/** The Chromium to launch, or null when this machine has none. */
export function findChromium({ prefer = 'headless-shell' } = {}) {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const debian = prefer === 'headless-shell' ? [DEBIAN_HEADLESS_SHELL, DEBIAN_CHROMIUM] : [DEBIAN_CHROMIUM, DEBIAN_HEADLESS_SHELL];
  return debian.find((file) => existsSync(file)) ?? playwrightChromium();
}

/** The Chromium to launch; without one, prints how to get one and exits with status 1. */
export function chromiumOrExit(options) {
  const file = findChromium(options);
  if (file) return file;
  console.error(NO_CHROMIUM_MESSAGE);
  process.exit(1);
}

/** Launch options for playwright's chromium.launch(): the Chromium found (or exit) and CHROMIUM_ARGS. */
export function chromiumLaunchOptions(options) {
  return { executablePath: chromiumOrExit(options), args: [...CHROMIUM_ARGS] };
}
