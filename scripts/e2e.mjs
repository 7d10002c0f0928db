#!/usr/bin/env node
// npm run test:e2e: build, start the real server on a fresh embedded database, run Playwright in
// Debian's Chromium at desktop and phone sizes, stop the server.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';
import { startFreshServer } from './fresh-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildIfNeeded(root);

const { baseUrl, stop } = await startFreshServer({ LOGIN_LIMIT_PER_IP: '100000', LOGIN_LIMIT_PER_USER: '1000' });
let code = 1;
try {
  const args = ['playwright', 'test', ...process.argv.slice(2)];
  code = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, BASE_URL: baseUrl } }).status ?? 1;
} finally {
  await stop();
}
process.exit(code);
