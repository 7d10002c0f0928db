// The one way tests, benches, the load script and the tools start the server as a process of its own:
// on a free loopback port, in production mode, with the demo accounts seeded, on a fresh data directory
// (removed on stop) unless one is given, and without the caller's DATABASE_URL / REDIS_URL unless
// passed in `env`. It resolves once /healthz answers and fails as soon as the process exits first.
// Types: server.d.mts.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root: the server's working directory, and what a relative `entry` is resolved from. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A TCP port free on loopback right now (for a process that must be told its port). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Polls `${baseUrl}${path}` until it answers 2xx. Rejects as soon as `child` exits, or after
 * `timeoutMs`; the error carries what `output()` returns (the process's output, when captured).
 */
export async function waitForHealth(baseUrl, child, { path: probe = '/healthz', timeoutMs = 120_000, output = () => '' } = {}) {
  const deadline = Date.now() + timeoutMs;
  const tail = () => (output() ? `:\n${output()}` : '');
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited before answering (${child.exitCode ?? child.signalCode})${tail()}`);
    try {
      if ((await fetch(`${baseUrl}${probe}`)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not answer ${probe} within ${Math.round(timeoutMs / 1000)} s${tail()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Starts the server; see server.d.mts for the options and what it resolves with. */
export async function startServer(options = {}) {
  const { entry = 'dist/api/main.js', env = {}, nodeArgs = [], output: outputMode = 'inherit', tempPrefix = 'lwf-server-', startTimeoutMs = 120_000 } = options;
  const port = await freePort();
  const ownsDataDir = !options.dataDir && !env.DATA_DIR;
  const dataDir = options.dataDir ?? env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), tempPrefix));
  const childEnv = { ...process.env };
  delete childEnv.DATABASE_URL;
  delete childEnv.REDIS_URL;
  Object.assign(childEnv, { NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn' });
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[name];
    else childEnv[name] = value;
  }
  // A TypeScript entry (api/main.ts) runs under tsx; the build (dist/api/main.js) as `npm start` runs it.
  const args = [...nodeArgs, ...(entry.endsWith('.ts') ? ['--import', 'tsx'] : []), entry];
  const child = spawn(process.execPath, args, { cwd: repoRoot, env: childEnv, stdio: ['ignore', outputMode, outputMode] });
  let printed = '';
  if (outputMode === 'pipe') {
    child.stdout.on('data', (d) => (printed += d));
    child.stderr.on('data', (d) => (printed += d));
  }
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const removeDataDir = () => {
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const running = () => child.exitCode === null && child.signalCode === null;
  const stop = async (signal = 'SIGTERM') => {
    if (running()) child.kill(signal);
    await exited;
    removeDataDir();
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, child, { timeoutMs: startTimeoutMs, output: () => printed });
  } catch (err) {
    await stop('SIGKILL');
    throw err;
  }
  return { baseUrl, port, dataDir, child, exited, output: () => printed, stop };
}
