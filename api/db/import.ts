/**
 * npm run import -- FILE
 * Loads a workspace export (npm run export; docs/WORKSPACE-FORMAT.md) into the empty database of
 * DATA_DIR, or of DATABASE_URL when set, applying the migrations first. Refuses a database that holds
 * any user or task (exit code 2, nothing changed). Sessions are not carried: everyone signs in again.
 * README "Moving to PostgreSQL".
 */
import 'reflect-metadata';
import path from 'node:path';
import { MikroORM } from '@mikro-orm/core';
import { resolveDataDir } from '../config.js';
import { entitiesOf } from '../common/module.js';
import { SERVER_MODULES } from '../modules/index.js';
import { importFromFile, workspaceLocation } from '../modules/workspace-transfer/transfer.service.js';
import { ormOptions } from './orm.config.js';
import { runTransferCommand } from './transfer-command.js';
import { mkdirSync } from 'node:fs';

const USAGE = 'Usage: npm run import -- FILE   (into an empty database: DATABASE_URL when set, else DATA_DIR)';

async function main(args: string[]): Promise<number> {
  if (args.length !== 1 || args[0].startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const archive = path.resolve(args[0]);
  const databaseUrl = process.env.DATABASE_URL?.trim() || null;
  const dataDir = resolveDataDir(process.env);
  if (!databaseUrl) mkdirSync(dataDir, { recursive: true });
  const orm = await MikroORM.init(ormOptions({ entities: entitiesOf(SERVER_MODULES), databaseUrl, dataDir }));
  try {
    const result = await importFromFile(orm, workspaceLocation(databaseUrl, dataDir), archive);
    const target = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : dataDir;
    console.log(
      `Imported the workspace exported ${result.manifest.exportedAt} from ${result.manifest.sourceDialect} into ${target}: ${result.rows} rows in ${result.tables} tables, ${result.files} uploaded file${result.files === 1 ? '' : 's'}. Everyone signs in again.`,
    );
    return 0;
  } finally {
    await orm.close(true);
  }
}

runTransferCommand(main);
