/**
 * Child processes for the benchmarks: the real server (as `npm start` runs it: the compiled
 * dist/api/main.js, which `npm run bench` builds when stale) and the bare baseline (node:http + sqlite3 or
 * better-sqlite3 on the same file). Loopback only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startServer, waitForHealth } from '../../support/server.mjs';

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
  const server = await startServer({
    entry: process.env.BENCH_SERVER_ENTRY ?? 'dist/api/main.js',
    nodeArgs: process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
    tempPrefix: 'lwf-bench-',
    startTimeoutMs: 60_000,
    env: { SESSION_SECRET: 'bench-secret-that-is-long-enough-for-anything-at-all', LOGIN_LIMIT_PER_IP: '100000', ...extraEnv },
  });
  return { url: server.baseUrl, child: server.child, dataDir: server.dataDir, ...processFigures(server.child), stop: () => server.stop() };
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
  try {
    await waitForHealth(url, child, { timeoutMs: 60_000 });
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return { url, child, dataDir: path.dirname(databaseFile), ...processFigures(child), stop: stopper(child, () => {}) };
}

/** The SQLite file of a server started by startServerProcess (see api/db/orm.config.ts). */
export const sqliteFileOf = (server: ServerProcess): string => path.join(server.dataDir, 'let-work-flow.sqlite');
