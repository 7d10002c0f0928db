/**
 * npm run restore -- FILE [--force]
 * Puts a backup made by npm run backup (backup-archive.ts) into DATA_DIR, with the server stopped:
 * refuses a DATA_DIR that holds anything unless --force (which replaces its database, session secret
 * and uploaded files); checks the archive's checksums and SQLite's integrity_check before touching
 * DATA_DIR; then applies the migrations the backup predates, as the server does on start. With
 * DATABASE_URL set it explains pg_restore instead and exits with 2. README "Backup and restore".
 */
import 'reflect-metadata';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MikroORM } from '@mikro-orm/core';
import {
  ATTACHMENTS_ENTRY,
  BackupError,
  DATABASE_ENTRY,
  dataLocation,
  integrityOf,
  postgresAdvice,
  runCommand,
  readArchive,
  SECRET_ENTRY,
  type BackupManifest,
  type DataLocation,
} from './backup-archive.js';
import { ormOptions } from './orm.config.js';
import { entitiesOf } from '../common/module.js';
import { SERVER_MODULES } from '../modules/index.js';

const USAGE = 'Usage: npm run restore -- FILE [--force]   (stop the server first; --force replaces the data in a DATA_DIR that is not empty)';

/** The entries of a directory, or none when it does not exist. */
const entriesOf = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir) : []);

/** Refuses to restore over existing data unless `force`: DATA_DIR, and ATTACHMENTS_DIR when it is elsewhere. */
function assertNothingToOverwrite(location: DataLocation, force: boolean): void {
  if (force) return;
  const attachmentsElsewhere = path.relative(location.dataDir, location.attachments).startsWith('..');
  for (const dir of attachmentsElsewhere ? [location.dataDir, location.attachments] : [location.dataDir]) {
    const entries = entriesOf(dir);
    if (entries.length === 0) continue;
    const shown = entries.slice(0, 3).join(', ') + (entries.length > 3 ? ', ...' : '');
    throw new BackupError(
      `${dir} is not empty (it holds ${shown}); nothing was changed. Restore into an empty DATA_DIR, or stop the server and run again with --force to replace its database, session secret and uploaded files.`,
    );
  }
}

/** Moves the staged database into place; the old one's -wal and -shm go with it (they belong to the old file). */
function placeDatabase(stagingDir: string, location: DataLocation): void {
  mkdirSync(location.dataDir, { recursive: true });
  const incoming = `${location.database}.restoring`;
  copyFileSync(path.join(stagingDir, DATABASE_ENTRY), incoming);
  for (const suffix of ['-wal', '-shm', '-journal']) rmSync(`${location.database}${suffix}`, { force: true });
  renameSync(incoming, location.database);
}

/** The session secret and uploaded files of the archive, replacing what was there. */
function placeFiles(stagingDir: string, manifest: BackupManifest, location: DataLocation): number {
  if (Object.hasOwn(manifest.files, SECRET_ENTRY)) {
    copyFileSync(path.join(stagingDir, SECRET_ENTRY), location.sessionSecret);
    chmodSync(location.sessionSecret, 0o600);
  }
  const attachments = Object.keys(manifest.files).filter((file) => file.startsWith(`${ATTACHMENTS_ENTRY}/`));
  rmSync(location.attachments, { recursive: true, force: true });
  for (const file of attachments) {
    const target = path.join(location.attachments, file.slice(ATTACHMENTS_ENTRY.length + 1));
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(path.join(stagingDir, file), target);
  }
  return attachments.length;
}

/** Applies the migrations the restored database predates (the server's own list); returns their names. */
async function migrate(location: DataLocation): Promise<string[]> {
  const orm = await MikroORM.init(ormOptions({ entities: entitiesOf(SERVER_MODULES), databaseUrl: null, dataDir: location.dataDir }));
  try {
    return (await orm.migrator.up()).map((m) => m.name);
  } finally {
    await orm.close(true);
  }
}

/** Checks everything first (DATA_DIR, the archive, the database's integrity), then replaces and migrates. */
async function restore(archive: string, location: DataLocation, force: boolean): Promise<string> {
  assertNothingToOverwrite(location, force);
  const stagingDir = mkdtempSync(path.join(os.tmpdir(), 'lwf-restore-'));
  try {
    const manifest = await readArchive(archive, stagingDir);
    const integrity = integrityOf(path.join(stagingDir, DATABASE_ENTRY));
    if (integrity !== 'ok') throw new BackupError(`The database in ${archive} failed SQLite's integrity check (${integrity}); nothing was changed`);
    placeDatabase(stagingDir, location);
    const attachments = placeFiles(stagingDir, manifest, location);
    const applied = await migrate(location);
    const secret = Object.hasOwn(manifest.files, SECRET_ENTRY) ? 'the session secret' : 'no session secret (set SESSION_SECRET as before)';
    const migrations =
      applied.length > 0 ? `applied ${applied.length} newer migration${applied.length === 1 ? '' : 's'} (${applied.join(', ')})` : 'no migration to apply';
    return `Restored the backup of ${manifest.createdAt} into ${location.dataDir}: the database, ${secret}, ${attachments} uploaded file${attachments === 1 ? '' : 's'}; ${migrations}.`;
  } finally {
    rmSync(stagingDir, { recursive: true, force: true });
  }
}

async function main(argv: string[]): Promise<number> {
  if (process.env.DATABASE_URL?.trim()) {
    console.error(postgresAdvice('restore'));
    return 2;
  }
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
  } catch {
    parsed = null;
  }
  if (!parsed || parsed.positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  console.log(await restore(path.resolve(parsed.positionals[0]), dataLocation(), parsed.values.force === true));
  return 0;
}

runCommand(main);
