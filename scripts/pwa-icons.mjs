#!/usr/bin/env node
// Draws the app's icons (web/public/*.png, committed) from the favicon's design, a white check on brand
// indigo, with Chromium: `node scripts/pwa-icons.mjs` after changing the design below.
//   icon-192.png, icon-512.png   rounded square on transparent ("any" purpose)
//   icon-maskable-512.png        full bleed, the check inside the central safe circle (80 % of the width)
//   apple-touch-icon.png         180 px full bleed (iOS rounds the corners itself)
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../tests/support/browser.mjs';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/public');
const BRAND = '#4f46e5';
const check = (scale) =>
  `<g transform="translate(16 16.5) scale(${scale}) translate(-16 -16.5)"><path d="M9 17l5 5 9-11" stroke="white" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/></g>`;
const rounded = `<rect width="32" height="32" rx="7" fill="${BRAND}"/>${check(1)}`;
const fullBleed = (scale) => `<rect width="32" height="32" fill="${BRAND}"/>${check(scale)}`;

const ICONS = [
  ['icon-192.png', 192, rounded],
  ['icon-512.png', 512, rounded],
  ['icon-maskable-512.png', 512, fullBleed(0.7)],
  ['apple-touch-icon.png', 180, fullBleed(0.8)],
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions({ prefer: 'full' }));
try {
  const page = await browser.newPage();
  for (const [name, size, shapes] of ICONS) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block}</style><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}">${shapes}</svg>`,
    );
    await page.screenshot({ path: path.join(out, name), omitBackground: true });
    console.log(`web/public/${name} (${size}x${size})`);
  }
} finally {
  await browser.close();
}
