/**
 * Child processes for the benchmarks: the real server (as `npm start` runs it: the compiled
 * dist/api/main.js, which `npm run bench` builds when stale) and the bare baseline (node:http + sqlite3 or
 * better-sqlite3 on the same file). Loopback only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../api/support/ports.js';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  dataDir: string;
  stop(): Promise<void>;
  rssBytes(): number;
  /** CPU time (user + system) the process has used, in ms: a figure other load on the machine barely skews. */
  cpuMs(): number;
}

async function waitUntilUp(child: ChildProcess, url: string, probe: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}${probe}`)).ok) return;
    } catch {
      /* starting */
    }
    if (Date.now() > deadline) throw new Error(`${url} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function processFigures(child: ChildProcess): Pick<ServerProcess, 'cpuMs' | 'rssBytes'> {
  return {
    cpuMs: () => {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime in clock ticks (USER_HZ 100)
    },
    rssBytes: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024,
  };
}

function stopper(child: ChildProcess, cleanup: () => void): () => Promise<void> {
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    cleanup();
  };
}

/**
 * Starts the real server in production mode on a fresh data directory (SQLite, demo accounts seeded),
 * or on the given DATABASE_URL/REDIS_URL. BENCH_SERVER_NODE_ARGS adds node flags (e.g. --cpu-prof);
 * BENCH_SERVER_ENTRY runs another build of the server (e.g. a copy of dist/ to compare two builds).
 */
export async function startServerProcess(extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lwf-bench-'));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: 'bench-secret-that-is-long-enough-for-anything-at-all',
    LOGIN_LIMIT_PER_IP: '100000',
    ...extraEnv,
  };
  if (!extraEnv.DATABASE_URL) delete env.DATABASE_URL;
  if (!extraEnv.REDIS_URL) delete env.REDIS_URL;
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, process.env.BENCH_SERVER_ENTRY ?? 'dist/api/main.js'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(child, url, '/healthz');
  return { url, child, dataDir, ...processFigures(child), stop: stopper(child, () => rmSync(dataDir, { recursive: true, force: true })) };
}

/** The SQLite drivers of the bare baseline: sqlite3 is issue 10's yardstick, better-sqlite3 the server's own. */
export type BareDriver = 'sqlite3' | 'better-sqlite3';

/** Starts the bare baseline (support/bare-server.mjs) on the SQLite file of a running server. */
export async function startBareProcess(databaseFile: string, driver: BareDriver = 'sqlite3'): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(here, 'bare-server.mjs')], {
    env: { ...(process.env as Record<string, string>), PORT: String(port), DB_FILE: databaseFile, BARE_DRIVER: driver },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(child, url, '/healthz');
  return { url, child, dataDir: path.dirname(databaseFile), ...processFigures(child), stop: stopper(child, () => {}) };
}

/** The SQLite file of a server started by startServerProcess (see api/db/orm.config.ts). */
export const sqliteFileOf = (server: ServerProcess): string => path.join(server.dataDir, 'let-work-flow.sqlite');
