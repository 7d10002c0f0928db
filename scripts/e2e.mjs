#!/usr/bin/env node
// npm run test:e2e: build, start the real server on a fresh embedded database, run Playwright in
// Debian's Chromium at desktop and phone sizes, stop the server.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildIfNeeded(root);

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lwf-e2e-'));
const server = spawn(process.execPath, ['dist/api/main.js'], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    LOGIN_LIMIT_PER_IP: '100000',
    LOGIN_LIMIT_PER_USER: '1000',
  },
});

const baseUrl = `http://127.0.0.1:${port}`;
let code = 1;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (i > 150) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const args = ['playwright', 'test', ...process.argv.slice(2)];
  // E2E_DATA_DIR lets a test backdate history in the server's embedded database (tests/e2e/support/history.ts).
  code = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, BASE_URL: baseUrl, E2E_DATA_DIR: dataDir } }).status ?? 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
