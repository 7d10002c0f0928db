/**
 * Workspace export and import (docs/WORKSPACE-FORMAT.md): npm run export / npm run import
 * (api/db/export.ts, api/db/import.ts) and the admin's download (GET /api/admin/workspace-export).
 */
import { chmodSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/core';
import { dataLocation } from '../../db/backup-archive.js';
import { existingSessionSecret } from '../../config.js';
import { readArchive, writeArchive } from './transfer.archive.js';
import { exportWorkspace, type WorkspaceLocation } from './transfer.export.js';
import type { WorkspaceManifest } from './transfer.format.js';
import { importWorkspace, type ImportSummary } from './transfer.import.js';

export { TransferError, type WorkspaceManifest } from './transfer.format.js';
export type { WorkspaceLocation } from './transfer.export.js';
export type { ImportSummary } from './transfer.import.js';

/** Where a deployment keeps its data: DATABASE_URL or DATA_DIR's SQLite file, and the uploads folder. */
export function workspaceLocation(databaseUrl: string | null, dataDir: string, env: NodeJS.ProcessEnv = process.env): WorkspaceLocation {
  return {
    databaseUrl,
    dataDir,
    attachmentsDir: dataLocation({ ...env, DATA_DIR: dataDir }).attachments,
    sessionSecret: existingSessionSecret(dataDir, env),
  };
}

/** Runs `fn` with a fresh staging directory, removed afterwards. */
export async function withStaging<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lwf-workspace-'));
  try {
    return await fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes the workspace export to `archive` (through a partial file next to it, moved into place at the end). */
export async function exportToFile(orm: MikroORM, location: WorkspaceLocation, archive: string): Promise<WorkspaceManifest> {
  const partial = `${archive}.partial-${process.pid}`;
  try {
    return await withStaging(async (dir) => {
      const manifest = await exportWorkspace(orm, location, dir);
      writeArchive(dir, partial);
      chmodSync(partial, 0o600); // password hashes and webhook secrets
      renameSync(partial, archive);
      return manifest;
    });
  } finally {
    rmSync(partial, { force: true });
  }
}

/** Loads the export in `archive` into the (empty) database of `orm`. */
export async function importFromFile(orm: MikroORM, location: WorkspaceLocation, archive: string): Promise<ImportSummary & { manifest: WorkspaceManifest }> {
  return withStaging(async (dir) => {
    const manifest = readArchive(archive, dir);
    return { ...(await importWorkspace(orm, location, dir, manifest)), manifest };
  });
}
