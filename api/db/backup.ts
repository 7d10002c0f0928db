/**
 * npm run backup -- FILE
 * Writes a consistent backup of the embedded deployment to FILE (a .tar.gz; backup-archive.ts lists
 * what it holds) while the server runs and writes: the database through SQLite's online backup API
 * (a copy of the .sqlite file alone misses what is still in its -wal file), the generated session
 * secret, and uploaded files when there are any. With DATABASE_URL set it explains pg_dump instead
 * and exits with 2. README "Backup and restore".
 */
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ATTACHMENTS_ENTRY,
  BackupError,
  DATABASE_ENTRY,
  dataLocation,
  filesUnder,
  integrityOf,
  lastMigrationOf,
  manifestOf,
  MANIFEST_FILE,
  openSqlite,
  postgresAdvice,
  runCommand,
  SECRET_ENTRY,
  writeArchive,
  type DataLocation,
} from './backup-archive.js';

const USAGE = 'Usage: npm run backup -- FILE   (for example: npm run backup -- backups/let-work-flow-2026-11-27.tar.gz)';

/** What went into an archive, for the closing line. */
interface BackupSummary {
  databaseBytes: number;
  sessionSecret: boolean;
  attachments: number;
  lastMigration: string | null;
}

/**
 * Copies the live database into `target` with SQLite's backup API. After the first step (which only
 * counts the pages) every remaining page is copied in one step, inside one read transaction: the copy
 * is the database as of that moment, whatever the server writes meanwhile (WAL readers do not block
 * the writer, nor the writer them). Returns the last migration applied to the copy.
 */
async function copyDatabase(source: string, target: string): Promise<string | null> {
  const db = openSqlite(source);
  try {
    await db.backup(target, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
  const integrity = integrityOf(target);
  if (integrity !== 'ok') throw new BackupError(`The copy of the database failed its integrity check (${integrity}); the database itself may be damaged`);
  const copy = openSqlite(target);
  try {
    return lastMigrationOf(copy);
  } finally {
    copy.close();
  }
}

/** Copies uploaded files (when there are any) into the staging directory; returns how many. */
function stageAttachments(location: DataLocation, stagingDir: string): number {
  const files = filesUnder(location.attachments);
  for (const file of files) {
    const target = path.join(stagingDir, ATTACHMENTS_ENTRY, file);
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(path.join(location.attachments, file), target);
  }
  return files.length;
}

/** Stages everything a backup holds, then writes the archive next to `archive` and moves it there. */
async function backup(location: DataLocation, archive: string): Promise<BackupSummary> {
  if (!existsSync(location.database)) throw new BackupError(`There is no database at ${location.database} (is DATA_DIR right?)`);
  if (!existsSync(path.dirname(archive))) throw new BackupError(`The folder ${path.dirname(archive)} does not exist`);
  const stagingDir = mkdtempSync(path.join(os.tmpdir(), 'lwf-backup-'));
  const partial = `${archive}.partial-${process.pid}`;
  try {
    const lastMigration = await copyDatabase(location.database, path.join(stagingDir, DATABASE_ENTRY));
    const sessionSecret = existsSync(location.sessionSecret);
    if (sessionSecret) copyFileSync(location.sessionSecret, path.join(stagingDir, SECRET_ENTRY));
    const attachments = stageAttachments(location, stagingDir);
    const manifest = await manifestOf(stagingDir, lastMigration);
    writeFileSync(path.join(stagingDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    writeArchive(stagingDir, partial);
    chmodSync(partial, 0o600); // it holds the session secret and all the data
    renameSync(partial, archive);
    return { databaseBytes: statSync(path.join(stagingDir, DATABASE_ENTRY)).size, sessionSecret, attachments, lastMigration };
  } finally {
    rmSync(partial, { force: true });
    rmSync(stagingDir, { recursive: true, force: true });
  }
}

function summaryLine(archive: string, summary: BackupSummary): string {
  const parts = [`the database (${(summary.databaseBytes / 1024 / 1024).toFixed(1)} MB, up to migration ${summary.lastMigration ?? 'none'})`];
  parts.push(summary.sessionSecret ? 'the session secret' : 'no session secret (SESSION_SECRET is set in the environment: keep it yourself)');
  if (summary.attachments > 0) parts.push(`${summary.attachments} uploaded file${summary.attachments === 1 ? '' : 's'}`);
  return `Backup written to ${archive}: ${parts.join(', ')}.`;
}

async function main(args: string[]): Promise<number> {
  if (process.env.DATABASE_URL?.trim()) {
    console.error(postgresAdvice('backup'));
    return 2;
  }
  if (args.length !== 1 || args[0].startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const archive = path.resolve(args[0]);
  const summary = await backup(dataLocation(), archive);
  console.log(summaryLine(archive, summary));
  return 0;
}

runCommand(main);
