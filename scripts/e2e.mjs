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

// WEBHOOK_ALLOW_PRIVATE: the webhook suite's receiver listens on 127.0.0.1.
const { baseUrl, dataDir, stop } = await startFreshServer({ LOGIN_LIMIT_PER_IP: '100000', LOGIN_LIMIT_PER_USER: '1000', WEBHOOK_ALLOW_PRIVATE: 'true' });
let code = 1;
try {
  const args = ['playwright', 'test', ...process.argv.slice(2)];
  // E2E_DATA_DIR lets a test backdate history in the server's embedded database (tests/e2e/support/history.ts).
  code = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, BASE_URL: baseUrl, E2E_DATA_DIR: dataDir } }).status ?? 1;
} finally {
  await stop();
}
process.exit(code);
