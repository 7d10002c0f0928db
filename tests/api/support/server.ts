import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../../api/config.js';
import { createApp, type RunningApp } from '../../../api/app.js';
import { createScratchDatabase, dropScratchDatabase } from '../../../api/db/scratch-database.js';

export interface TestServer {
  url: string;
  port: number;
  app: RunningApp;
  /** The SQL statements run since the last reset (for the batching tests). */
  queries: { count(): number; reset(): void; log(): string[] };
  databaseUrl: string | null;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Extra environment for the server (e.g. REDIS_URL, LOGIN_LIMIT_PER_USER). */
  env?: Record<string, string>;
  /** Reuse an existing database (two processes sharing one) instead of a fresh one. */
  databaseUrl?: string | null;
  clock?: () => Date;
  /** Reuse a data directory (a server restarted on the same SQLite file); it is then left in place. */
  dataDir?: string;
}

export const usingPostgres = (): boolean => process.env.TEST_DB === 'postgres' && !!process.env.DATABASE_URL;

/**
 * Starts a real server on a free port with a fresh database: a temporary SQLite file, or a scratch
 * PostgreSQL database when the suite runs on PostgreSQL. Demo accounts are seeded.
 */
export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'lwf-test-'));
  let databaseUrl: string | null = options.databaseUrl ?? null;
  let ownsDatabase = false;
  if (options.databaseUrl === undefined && usingPostgres()) {
    databaseUrl = await createScratchDatabase(process.env.DATABASE_URL!, 'lwf_test');
    ownsDatabase = true;
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'error',
    SESSION_SECRET: 'test-secret-that-is-long-enough-for-anything',
    REDIS_PREFIX: `lwf-test-${randomBytes(4).toString('hex')}:`,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  let log: string[] = [];
  const app = await createApp(config, { onQuery: (sql) => log.push(sql), clock: options.clock });
  const port = await app.listen();
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    app,
    databaseUrl,
    queries: { count: () => log.length, reset: () => void (log = []), log: () => log },
    async close() {
      await app.close();
      if (ownsDatabase && databaseUrl) await dropScratchDatabase(process.env.DATABASE_URL!, databaseUrl);
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ServerPair {
  a: TestServer;
  b: TestServer;
  /** Stops both servers and drops their database. */
  close(): Promise<void>;
}

/**
 * The scale-out setup: two servers on one fresh PostgreSQL database (next to `databaseBaseUrl`) and one
 * Redis namespace. Started at the same moment on the empty database: one migrates and seeds, the other
 * waits for it. `extraEnv` goes to both.
 */
export async function startServerPair(
  databaseBaseUrl: string,
  redisUrl: string,
  name: string,
  options: Pick<StartOptions, 'env' | 'clock'> = {},
): Promise<ServerPair> {
  const databaseUrl = await createScratchDatabase(databaseBaseUrl, `lwf_${name}`);
  const env = { ...options.env, REDIS_URL: redisUrl, REDIS_PREFIX: `lwf-${name}-${randomBytes(4).toString('hex')}:` };
  const [a, b] = await Promise.all([startServer({ databaseUrl, env, clock: options.clock }), startServer({ databaseUrl, env, clock: options.clock })]);
  return {
    a,
    b,
    close: async () => {
      await a.close();
      await b.close();
      await dropScratchDatabase(databaseBaseUrl, databaseUrl);
    },
  };
}
