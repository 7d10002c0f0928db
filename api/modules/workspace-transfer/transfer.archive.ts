/**
 * The export's .tar.gz, written and read by the system's `tar` as npm run backup does
 * (api/db/backup-archive.ts): the manifest first, then tables/ and files/.
 */
import { spawn, spawnSync, type ChildProcessByStdio } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FORMAT, FORMAT_VERSION, MANIFEST_FILE, TABLES_DIR, TransferError, type WorkspaceManifest } from './transfer.format.js';

/** The staged directory's entries, manifest first. */
const entriesOf = (stagingDir: string): string[] => [
  MANIFEST_FILE,
  ...readdirSync(stagingDir)
    .filter((name) => name !== MANIFEST_FILE)
    .sort(),
];

function runTar(args: string[], failure: string): void {
  const run = spawnSync('tar', args, { encoding: 'utf8' });
  if (run.error) throw new TransferError(`${failure}: the "tar" command could not run (${run.error.message})`);
  if (run.status !== 0) throw new TransferError(`${failure}: ${(run.stderr || `tar exited with ${run.status}`).trim().split('\n')[0]}`);
}

/** Writes the staged export as a gzipped tar file. */
export function writeArchive(stagingDir: string, archive: string): void {
  runTar(['-czf', archive, '-C', stagingDir, '--', ...entriesOf(stagingDir)], `Could not write ${archive}`);
}

/** The staged export as a gzipped tar stream (the download); the caller waits for the process to end. */
export function archiveStream(stagingDir: string): ChildProcessByStdio<null, Readable, Readable> {
  return spawn('tar', ['-cz', '-C', stagingDir, '--', ...entriesOf(stagingDir)], { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Unpacks an export into an empty directory and answers its manifest, checked. */
export function readArchive(archive: string, stagingDir: string): WorkspaceManifest {
  if (!existsSync(archive) || !statSync(archive).isFile()) throw new TransferError(`There is no export file at ${archive}`, 2);
  const damaged = `${archive} is damaged or not a workspace export (npm run export)`;
  runTar(['-xzf', archive, '-C', stagingDir, '--no-same-owner', '--no-same-permissions'], damaged);
  let manifest: WorkspaceManifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(stagingDir, MANIFEST_FILE), 'utf8')) as WorkspaceManifest;
  } catch {
    throw new TransferError(`${damaged}: it has no readable ${MANIFEST_FILE}`, 2);
  }
  if (manifest?.format !== FORMAT || typeof manifest.tables !== 'object' || manifest.tables === null)
    throw new TransferError(`${damaged}: its ${MANIFEST_FILE} is not a workspace manifest`, 2);
  if (!(manifest.version >= 1) || manifest.version > FORMAT_VERSION)
    throw new TransferError(`${archive} is in workspace format ${manifest.version}, newer than this version reads (${FORMAT_VERSION}): update first`, 2);
  for (const table of Object.keys(manifest.tables)) {
    if (!/^\w+$/.test(table)) throw new TransferError(`${damaged}: "${table}" is not a table name`, 2);
    if (!existsSync(path.join(stagingDir, TABLES_DIR, `${table}.ndjson`))) throw new TransferError(`${damaged}: ${TABLES_DIR}/${table}.ndjson is missing`, 2);
  }
  return manifest;
}
