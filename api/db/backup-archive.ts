/**
 * The backup archive of the embedded database (npm run backup / npm run restore; README "Backup and
 * restore"). A gzipped tar file, written and read by the system's `tar`, holding:
 *
 *   manifest.json          format, version, when, the last migration applied, and the SHA-256 of every
 *                          other file in the archive
 *   let-work-flow.sqlite   a consistent copy of the database (SQLite's online backup API)
 *   session-secret         the generated session secret, when DATA_DIR keeps one
 *   attachments/...        uploaded files, when there are any
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { resolveAttachmentsDir, resolveDataDir, SESSION_SECRET_FILE } from '../config.js';
import { SQLITE_FILE_NAME } from './orm.config.js';
import { betterSqlite3 } from './sqlite-native.js';

export const MANIFEST_FILE = 'manifest.json';
export const ATTACHMENTS_ENTRY = 'attachments';
const FORMAT = 'let-work-flow-backup';
const FORMAT_VERSION = 1;

/** What an archive says about itself (manifest.json). */
export interface BackupManifest {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  /** The name of the last migration applied to the database copy (null: none). */
  lastMigration: string | null;
  /** SHA-256 (hex) of every other file in the archive, by its path there ('/' separated). */
  files: Record<string, string>;
}

/** A problem an operator can fix; its message is shown as it is, without a stack. */
export class BackupError extends Error {}

/** Where the embedded deployment keeps what a backup holds. */
export interface DataLocation {
  dataDir: string;
  database: string;
  sessionSecret: string;
  /** ATTACHMENTS_DIR, or DATA_DIR/attachments. */
  attachments: string;
}

export function dataLocation(env: NodeJS.ProcessEnv = process.env): DataLocation {
  const dataDir = resolveDataDir(env);
  return {
    dataDir,
    database: path.join(dataDir, SQLITE_FILE_NAME),
    sessionSecret: path.join(dataDir, SESSION_SECRET_FILE),
    attachments: resolveAttachmentsDir(env, dataDir),
  };
}

/** The archive paths of the database and the secret (the same names as in DATA_DIR). */
export const DATABASE_ENTRY = SQLITE_FILE_NAME;
export const SECRET_ENTRY = SESSION_SECRET_FILE;

/** What to say on PostgreSQL, where the database's own tools make the backup. */
export function postgresAdvice(action: 'backup' | 'restore'): string {
  const lines =
    action === 'backup'
      ? [
          'DATABASE_URL is set: the data is in PostgreSQL, and its own tool makes a consistent backup while the servers run:',
          '  pg_dump --format=custom --file=let-work-flow.dump "$DATABASE_URL"',
        ]
      : [
          'DATABASE_URL is set: the data is in PostgreSQL; restore a pg_dump backup with its own tool (servers stopped), then start a server to apply newer migrations:',
          '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" let-work-flow.dump',
        ];
  return [...lines, 'Keep SESSION_SECRET (set in the environment of every server) with it; sessions live in Redis when REDIS_URL is set.'].join('\n');
}

/** A better-sqlite3 connection, as far as backup and restore use it (the package ships no types). */
export interface SqliteConnection {
  pragma(source: string, options?: { simple?: boolean }): unknown;
  prepare(sql: string): { all(...params: unknown[]): unknown[]; get(...params: unknown[]): unknown };
  backup(file: string, options?: { progress?: (info: { totalPages: number; remainingPages: number }) => number | undefined }): Promise<unknown>;
  close(): void;
}
type SqliteOpener = new (file: string, options?: { fileMustExist?: boolean; readonly?: boolean }) => SqliteConnection;

/** Opens an existing SQLite file with better-sqlite3 (the server's own build: one SQLite library per process). */
export const openSqlite = (file: string): SqliteConnection => {
  const Database = betterSqlite3<SqliteOpener>();
  const db = new Database(file, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return db;
};

/** SQLite's `integrity_check` of a database file: 'ok', or the problems it found. */
export function integrityOf(file: string): string {
  const db = openSqlite(file);
  try {
    const rows = db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).join('; ');
  } finally {
    db.close();
  }
}

/** The last migration recorded in a database file, or null when there is none (or no table yet). */
export function lastMigrationOf(db: SqliteConnection): string | null {
  const table = db.prepare("select name from sqlite_master where type = 'table' and name = 'mikro_orm_migrations'").get();
  if (!table) return null;
  const row = db.prepare('select name from mikro_orm_migrations order by id desc limit 1').get() as { name: string } | undefined;
  return row?.name ?? null;
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every regular file under `dir`, as paths relative to it ('/' separated), sorted. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** The manifest of a staged archive directory: checksums of all its files. */
export async function manifestOf(stagingDir: string, lastMigration: string | null, now = new Date()): Promise<BackupManifest> {
  const files: Record<string, string> = {};
  for (const file of filesUnder(stagingDir)) if (file !== MANIFEST_FILE) files[file] = await sha256Of(path.join(stagingDir, file));
  return { format: FORMAT, version: FORMAT_VERSION, createdAt: now.toISOString(), lastMigration, files };
}

/** Runs the system's `tar`; throws a BackupError with its own words when it fails. */
function runTar(args: string[], failure: string): void {
  const run = spawnSync('tar', args, { encoding: 'utf8' });
  if (run.error) throw new BackupError(`${failure}: the "tar" command could not run (${run.error.message})`);
  if (run.status !== 0) throw new BackupError(`${failure}: ${(run.stderr || `tar exited with ${run.status}`).trim().split('\n')[0]}`);
}

/** Writes the staged directory (manifest first) as a gzipped tar file. */
export function writeArchive(stagingDir: string, archive: string): void {
  const entries = [
    MANIFEST_FILE,
    ...readdirSync(stagingDir)
      .filter((name) => name !== MANIFEST_FILE)
      .sort(),
  ];
  runTar(['-czf', archive, '-C', stagingDir, '--', ...entries], `Could not write ${archive}`);
}

/**
 * Unpacks an archive into an empty directory and checks it against its manifest: the format, every
 * listed file present with its checksum, nothing unlisted, the database there. Throws a BackupError
 * that says what is wrong.
 */
export async function readArchive(archive: string, stagingDir: string): Promise<BackupManifest> {
  if (!existsSync(archive) || !statSync(archive).isFile()) throw new BackupError(`There is no backup file at ${archive}`);
  const damaged = `${archive} is damaged or not a backup made by npm run backup`;
  runTar(['-xzf', archive, '-C', stagingDir, '--no-same-owner', '--no-same-permissions'], damaged);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(stagingDir, MANIFEST_FILE), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${damaged}: it has no readable ${MANIFEST_FILE}`);
  }
  if (manifest?.format !== FORMAT || typeof manifest.files !== 'object' || manifest.files === null)
    throw new BackupError(`${damaged}: its ${MANIFEST_FILE} is not a backup manifest`);
  if (manifest.version > FORMAT_VERSION)
    throw new BackupError(`${archive} was made by a newer version (backup format ${manifest.version}); update this server first`);
  const present = filesUnder(stagingDir).filter((file) => file !== MANIFEST_FILE);
  const unlisted = present.filter((file) => !Object.hasOwn(manifest.files, file));
  if (unlisted.length > 0) throw new BackupError(`${damaged}: it holds files its manifest does not list (${unlisted.slice(0, 3).join(', ')})`);
  for (const [file, expected] of Object.entries(manifest.files)) {
    if (!present.includes(file)) throw new BackupError(`${damaged}: ${file} is missing`);
    if ((await sha256Of(path.join(stagingDir, file))) !== expected)
      throw new BackupError(`${damaged}: the checksum of ${file} does not match (the file changed after the backup was made)`);
  }
  if (!present.includes(DATABASE_ENTRY)) throw new BackupError(`${damaged}: it holds no database`);
  return manifest;
}

/** Runs a backup or restore command: its exit code, or 1 with the message of a BackupError (any other error as it is). */
export function runCommand(main: (args: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof BackupError ? err.message : err);
      process.exit(1);
    },
  );
}
