import { expect, test, type Page } from '@playwright/test';
import { activeWorker } from './support/pwa';

// Installable (issue 19): the web app manifest, the service worker and its precache of the app shell,
// the update prompt, and the headers the server sends for them. Chromium's installability criteria: a
// linked manifest with a name, start_url, display standalone and icons of 192 and 512 px, and a service
// worker that controls the start URL.

// The rest of the suite blocks service workers (playwright.config.ts); these tests are about them.
test.use({ serviceWorkers: 'allow' });

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (png: Buffer) => `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;

/** Opens the sign-in screen and records every Content-Security-Policy refusal the page reports. */
async function openSignIn(page: Page): Promise<string[]> {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  return refused;
}

test('the page links a web app manifest with the name, start URL, standalone display and PNG icons', async ({ page, request }) => {
  const refused = await openSignIn(page);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#4f46e5');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/apple-touch-icon.png');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();

  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = JSON.parse(await response.text()) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest).toMatchObject({
    name: 'Let work flow',
    short_name: 'Let work flow',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#4f46e5',
    background_color: '#ffffff',
  });
  const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));

  for (const icon of [...manifest.icons, { src: '/apple-touch-icon.png', sizes: '180x180', type: 'image/png' }]) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type'], icon.src).toBe('image/png');
    expect(pngSize(await file.body()), icon.src).toBe(icon.sizes);
  }
  expect(refused).toEqual([]);
});

test('the service worker controls the whole origin, precaches the app shell and serves it offline', async ({ page, context, baseURL }) => {
  const refused = await openSignIn(page);
  const worker = await activeWorker(page);
  const origin = new URL(baseURL!).origin;
  expect(worker.scope).toBe(`${origin}/`);
  expect(worker.script).toBe(`${origin}/sw.js`);

  // The precache (filled while the worker installed) holds the entry script of this very page.
  const mainScript = await page.locator('script[type="module"][src]').first().getAttribute('src');
  expect(mainScript).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  const precache = await page.evaluate(async (script) => {
    const names = await caches.keys();
    const name = names.find((key) => key.includes('precache'));
    if (!name) return { names, hasScript: false };
    const requests = await (await caches.open(name)).keys();
    return { names, hasScript: requests.some((request) => new URL(request.url).pathname === script) };
  }, mainScript!);
  expect(
    precache.names.some((name) => /^lwf-precache-/.test(name)),
    precache.names.join(', '),
  ).toBe(true);
  expect(precache.hasScript).toBe(true);

  // Offline, a reload still shows the sign-in screen: the app shell comes from the worker's cache.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByLabel('Username')).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${origin}/sw.js`);
  await context.setOffline(false);
  expect(refused).toEqual([]);
});

test('a new version of the app is offered in a toast, and Reload to update switches to it', async ({ page, baseURL }) => {
  // The previous version: a worker already controls the origin when the app opens, registered from a
  // page outside the app under another script URL (the browser installs a worker whose URL changed, as
  // it does one whose bytes changed after a deploy).
  const origin = new URL(baseURL!).origin;
  await page.goto('/healthz');
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?previous-version').then(() => undefined));
  expect((await activeWorker(page)).script).toBe(`${origin}/sw.js?previous-version`);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${origin}/sw.js?previous-version`);

  // The app registers its worker (the new version): it installs and waits, and the app offers it.
  const toast = page.getByTestId('toast').filter({ hasText: 'A new version is available' });
  await expect(toast).toBeVisible({ timeout: 60_000 }); // the new worker precaches the whole app first
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting?.scriptURL)).toBe(`${origin}/sw.js`);

  const reloaded = page.waitForEvent('load');
  await toast.getByRole('button', { name: 'Reload to update' }).click();
  await reloaded;
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  const after = await page.evaluate(async () => ({
    controller: navigator.serviceWorker.controller?.scriptURL,
    waiting: !!(await navigator.serviceWorker.getRegistration())!.waiting,
  }));
  expect(after).toEqual({ controller: `${origin}/sw.js`, waiting: false });
  await expect(toast).toHaveCount(0);
});

test('the server sends the worker and the manifest for revalidation, hashed assets as immutable, and a CSP that allows them', async ({ request }) => {
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['content-type']).toMatch(/javascript/);
  const runtime = (await sw.text()).match(/workbox-[\w-]+(?=["'])/)?.[0];
  expect(runtime).toBeTruthy();
  const workbox = await request.get(`/${runtime}.js`);
  expect(workbox.status()).toBe(200);
  expect(workbox.headers()['cache-control']).toBe('no-cache');
  expect((await request.get('/manifest.webmanifest')).headers()['cache-control']).toBe('no-cache');
  // The share target's part of the worker (its importScripts) is revalidated like the worker.
  expect(await sw.text()).toMatch(/importScripts\(["']\/sw-share\.js["']\)/);
  const shareScript = await request.get('/sw-share.js');
  expect(shareScript.status()).toBe(200);
  expect(shareScript.headers()['cache-control']).toBe('no-cache');

  const page = await request.get('/');
  expect(page.headers()['cache-control']).toBe('no-cache');
  const csp = page.headers()['content-security-policy'];
  expect(csp).toContain("worker-src 'self'");
  expect(csp).toContain("manifest-src 'self'");
  const script = (await page.text()).match(/\/assets\/index-[\w-]+\.js/)![0];
  expect((await request.get(script)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});
