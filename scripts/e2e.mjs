#!/usr/bin/env node
// npm run test:e2e: build, start the real server on a fresh embedded database, run Playwright in
// Chromium (tests/support/browser.mjs) at desktop and phone sizes, stop the server.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';
import { chromiumOrExit } from '../tests/support/browser.mjs';
import { freePort, startServer } from '../tests/support/server.mjs';
import { SSO_CLIENT, startSsoProviderProcess } from '../tests/e2e/support/sso-provider.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// No Chromium on this machine: say how to get one (one line) and stop before building anything.
chromiumOrExit({ prefer: 'headless-shell' });
buildIfNeeded(root);

// Tests check 'Today', this week and this month against dates they computed when they started: a run
// that crosses midnight (UTC, the browsers' and the demo accounts' zone) would see the day change
// under them. Close to midnight, the suite starts just after it instead (docs/DECISIONS.md).
const SUITE_WINDOW_MS = 15 * 60_000;
const untilMidnight = (() => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime();
})();
if (untilMidnight < SUITE_WINDOW_MS) {
  console.log(`Waiting ${Math.ceil(untilMidnight / 1000) + 5} s: the browser suite would cross midnight (UTC), so it starts just after.`);
  await new Promise((resolve) => setTimeout(resolve, untilMidnight + 5_000));
}

// WEBHOOK_ALLOW_PRIVATE: the webhook suite's receiver listens on 127.0.0.1. INBOUND_EMAIL_DOMAIN: Settings › Email-in shows an address.
// OIDC_*: single sign-on with the provider of tests/e2e/support/sso-provider.mjs (started once the server's port is known).
const ssoPort = await freePort();
const sso = { OIDC_ISSUER_URL: `http://127.0.0.1:${ssoPort}`, OIDC_CLIENT_ID: SSO_CLIENT.id, OIDC_CLIENT_SECRET: SSO_CLIENT.secret, OIDC_AUTO_CREATE: 'true' };
const { baseUrl, port, dataDir, stop } = await startServer({
  tempPrefix: 'lwf-fresh-',
  env: { LOGIN_LIMIT_PER_IP: '100000', LOGIN_LIMIT_PER_USER: '1000', WEBHOOK_ALLOW_PRIVATE: 'true', INBOUND_EMAIL_DOMAIN: 'in.planner.test', ...sso },
});
const ssoProvider = await startSsoProviderProcess(ssoPort, port);
let code = 1;
try {
  const args = ['playwright', 'test', ...process.argv.slice(2)];
  // E2E_DATA_DIR lets a test backdate history in the server's embedded database (tests/e2e/support/history.ts).
  code = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, BASE_URL: baseUrl, E2E_DATA_DIR: dataDir } }).status ?? 1;
} finally {
  await stop();
  await ssoProvider.close();
}
process.exit(code);
