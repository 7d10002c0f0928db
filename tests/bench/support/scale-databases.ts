/**
 * The databases of the scale benchmark: a fresh demo database, and one built by npm run seed:scale at a
 * factor, built once and kept under the system's temp folder (lwf-bench-scale/), keyed by factor, the
 * latest migration and the generator's source, so reruns start at once. SQLite: the seeded file is
 * copied for each run (the bench's writes never reach the cache). PostgreSQL: a database of its own
 * beside DATABASE_URL's (lwf_bench_scale_<key>), used as it is (the bench adds a handful of writes).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createScratchDatabase, dropScratchDatabase, withDatabaseName } from '../../../api/db/scratch-database.js';
import { SQLITE_FILE_NAME } from '../../../api/db/orm.config.js';

export type Kind = 'sqlite' | 'postgresql';

/** What a server of the bench starts on: its environment, and how to clean up after it. */
export interface BenchDatabase {
  env: Record<string, string>;
  dispose(): Promise<void>;
}

const CACHE = path.join(os.tmpdir(), 'lwf-bench-scale');

/** The latest migration and a hash of the generator's source: a change of either builds the data again. */
function schemaKey(kind: Kind): string {
  const migrations = readdirSync(path.resolve('api/db/migrations', kind))
    .filter((f) => /^Migration\d+\.ts$/.test(f))
    .sort();
  const hash = createHash('sha256');
  const sources = [
    'api/db/seed-scale.ts',
    ...readdirSync(path.resolve('api/db/seed-scale'))
      .sort()
      .map((f) => `api/db/seed-scale/${f}`),
  ];
  for (const file of sources) hash.update(readFileSync(path.resolve(file)));
  return `${migrations.at(-1)?.replace(/\D/g, '') ?? 'none'}-${hash.digest('hex').slice(0, 8)}`;
}

const cacheName = (kind: Kind, factor: number): string => `${kind}-f${String(factor).replace('.', '_')}-${schemaKey(kind)}`;

/** Runs npm run seed:scale's script with this environment; throws when it fails. */
function seed(factor: number, env: Record<string, string>): void {
  const started = Date.now();
  console.log(`  building the dataset at factor ${factor} (once; cached under ${CACHE})`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'api/db/seed-scale.ts', '--factor', String(factor)], {
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`seed:scale failed (exit ${run.status ?? run.signal})`);
  const summary = run.stdout
    .split('\n')
    .filter((l) => l.startsWith('Company'))
    .join(' ');
  console.log(`  ${summary || 'seeded'} (${((Date.now() - started) / 1000).toFixed(0)} s with the build)`);
}

/** A fresh data directory holding a copy of the cached seeded SQLite file (built first when missing). */
async function seededSqlite(factor: number): Promise<BenchDatabase> {
  const dir = path.join(CACHE, cacheName('sqlite', factor));
  const file = path.join(dir, SQLITE_FILE_NAME);
  if (!existsSync(path.join(dir, 'complete'))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const env: Record<string, string> = { DATA_DIR: dir, DATABASE_URL: '' };
    seed(factor, env);
    // One file without its write-ahead log, so a plain copy is the whole database.
    spawnSync('sqlite3', [file, 'PRAGMA wal_checkpoint(TRUNCATE);']);
    writeFileSync(path.join(dir, 'complete'), new Date().toISOString());
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lwf-bench-scale-run-'));
  copyFileSync(file, path.join(dataDir, SQLITE_FILE_NAME));
  for (const suffix of ['-wal', '-shm']) if (existsSync(file + suffix)) copyFileSync(file + suffix, path.join(dataDir, SQLITE_FILE_NAME + suffix));
  return { env: { DATA_DIR: dataDir, SEED_DEMO: 'false' }, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

async function databaseExists(baseUrl: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

/** The cached seeded PostgreSQL database (built first when missing or left half-built). */
async function seededPostgres(baseUrl: string, factor: number): Promise<BenchDatabase> {
  const name = `lwf_bench_scale_${cacheName('postgresql', factor)
    .replace(/[^a-z0-9_]/gi, '_')
    .toLowerCase()}`.slice(0, 63);
  const url = withDatabaseName(baseUrl, name);
  const marker = path.join(CACHE, `${name}.complete`);
  if (!existsSync(marker) || !(await databaseExists(baseUrl, name))) {
    await dropScratchDatabase(baseUrl, url);
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(`CREATE DATABASE "${name}"`).finally(() => client.end());
    seed(factor, { DATABASE_URL: url });
    mkdirSync(CACHE, { recursive: true });
    writeFileSync(marker, new Date().toISOString());
  }
  return { env: { DATABASE_URL: url, SEED_DEMO: 'false' }, dispose: async () => {} };
}

/** A fresh demo database: the server seeds the demo accounts into it as it starts. */
export async function demoDatabase(kind: Kind): Promise<BenchDatabase> {
  if (kind === 'sqlite') return { env: {}, dispose: async () => {} };
  const baseUrl = process.env.DATABASE_URL!;
  const url = await createScratchDatabase(baseUrl, 'lwf_bench_demo');
  return { env: { DATABASE_URL: url, SEED_DEMO: 'true' }, dispose: () => dropScratchDatabase(baseUrl, url) };
}

/** The seeded database at `factor` (see the file's comment). */
export function seededDatabase(kind: Kind, factor: number): Promise<BenchDatabase> {
  return kind === 'sqlite' ? seededSqlite(factor) : seededPostgres(process.env.DATABASE_URL!, factor);
}
