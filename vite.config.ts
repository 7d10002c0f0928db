import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { gqlDocumentsPlugin } from './scripts/vite-gql-documents';
import { serviceWorkerScriptPlugin } from './scripts/vite-share-worker';

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

/** The service worker's share target script (web/features/share/share-target.worker.ts). */
const SHARE_WORKER = 'sw-share.js';

/**
 * Files the share sheet offers the app for: images, PDF, plain text and CSV, and office documents (the
 * attachment service takes any file; these are the ones people share from a phone).
 */
const SHAREABLE_FILES = [
  'image/*',
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/rtf',
  '.pdf',
  '.txt',
  '.csv',
  '.doc',
  '.docx',
  '.xls',
  '.xlsx',
  '.ppt',
  '.pptx',
  '.odt',
  '.ods',
  '.odp',
  '.rtf',
];

// Installable (issue 19): the web app manifest and a Workbox service worker (generateSW) that precaches
// the built app shell (HTML, JS, CSS, icons) under revisioned URLs; a new build is a new sw.js, found by
// the browser and offered to the user ('Reload to update', web/features/pwa). The client registers it
// itself, after the page has loaded (injectRegister: false). Data is never cached here: the server's
// routes stay out of the navigation fallback and nothing is cached at run time. The one addition to the
// generated worker is sw-share.js (web/features/share/share-target.worker.ts, imported through
// importScripts): it receives shares with files.
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  strategies: 'generateSW',
  manifest: {
    name: 'Let work flow',
    short_name: 'Let work flow',
    description: "Plan, schedule and track your team's work",
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#4f46e5',
    background_color: '#ffffff',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    // Installed on a phone, the app is offered in the share sheet: a share opens the bookmarklet's
    // pre-filled create form (web/App.tsx's /share route; issue 38). Files come too, so a share is a
    // multipart POST: the service worker keeps the files and opens the form's GET address (sw-share.js);
    // before a worker is installed, the server opens the form with the text and says the files missed it.
    share_target: {
      action: '/share',
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { title: 'title', text: 'text', url: 'url', files: [{ name: 'files', accept: SHAREABLE_FILES }] },
    },
  },
  // The icons are in the precache through globPatterns already.
  includeManifestIcons: false,
  workbox: {
    cacheId: 'lwf',
    // Everything the build wrote, public/'s icons (apple-touch-icon too) included.
    globPatterns: ['**/*.{js,css,html,png}'],
    // The API explorer is a build of its own (vite.explorer.config.ts), for integrators: not app shell.
    globIgnores: ['explorer/**', SHARE_WORKER],
    // Part of the worker itself (the browser keeps imported scripts with it), not of the precache.
    importScripts: [`/${SHARE_WORKER}`],
    cleanupOutdatedCaches: true,
    navigateFallback: 'index.html',
    // Server routes: a navigation to them always reaches the server (the explorer at /graphql, REST, health).
    navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/graphql(\/|$)/, /^\/explorer(\/|$)/, /^\/healthz$/],
  },
});

// The web client: built into dist/web (served by the API on one port); `npm run dev` proxies to the API.
export default defineConfig({
  root: 'web',
  plugins: [
    gqlDocumentsPlugin(path.join(path.dirname(fileURLToPath(import.meta.url)), 'web')),
    react(),
    tailwindcss(),
    serviceWorkerScriptPlugin(path.join(path.dirname(fileURLToPath(import.meta.url)), 'web/features/share/share-target.worker.ts'), SHARE_WORKER),
    pwa,
  ],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // Every browser the app supports preloads modules natively: no polyfill in the first download.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // A module under web/features runs nothing when imported (declarations only: components, hooks,
      // documents), so what a feature's index.ts re-exports reaches a chunk only where it is used: the
      // planner's use of the task feature's face does not put the task dialogs in the first download.
      treeshake: { moduleSideEffects: (id) => !/\/web\/features\/[^?]*\.tsx?$/.test(id) },
      // Apollo Client, rxjs and graphql in one chunk: split by which screens use which part, they cost the
      // first download a file's overhead each (and a lazy chunk importing one of them reshuffled them all).
      output: { manualChunks: (id) => (/node_modules\/(@apollo|rxjs|graphql\/|@wry|optimism|tslib)/.test(id) ? 'apollo' : undefined) },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/graphql': { target: api, ws: true, changeOrigin: false },
    },
  },
});
