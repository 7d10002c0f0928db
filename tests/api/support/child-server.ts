import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports.js';

/** A server in a process of its own (`api/main.ts` under tsx), for tests that signal or kill it. */
export interface ChildServer {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Kills the process if it still runs and removes its data directory. */
  cleanup(): Promise<void>;
}

/** Polls /healthz until the server answers; fails as soon as the process exits or after 45 s. */
export async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start:\n${output()}`);
}

/**
 * Starts `api/main.ts` in a child process on a free loopback port with a fresh data directory and the
 * given environment (on top of this process's, without DATABASE_URL and REDIS_URL unless given), and
 * waits until it answers.
 */
export async function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lwf-child-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const childEnv: Record<string, string> = { ...(process.env as Record<string, string>) };
  delete childEnv.DATABASE_URL;
  delete childEnv.REDIS_URL;
  Object.assign(childEnv, { NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn' }, env);
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  try {
    await waitForHealth(url, child, () => output);
  } catch (err) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    url,
    port,
    child,
    output: () => output,
    exited,
    async cleanup() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
