/**
 * npm run export -- FILE
 * Writes the whole workspace (docs/WORKSPACE-FORMAT.md) to FILE, a .tar.gz, from the embedded database
 * of DATA_DIR or from DATABASE_URL when set, while the server runs. npm run import loads it into an
 * empty database of either kind: README "Moving to PostgreSQL".
 */
import 'reflect-metadata';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { MikroORM } from '@mikro-orm/core';
import { resolveDataDir } from '../config.js';
import { entitiesOf } from '../common/module.js';
import { SERVER_MODULES } from '../modules/index.js';
import { exportToFile, TransferError, workspaceLocation } from '../modules/workspace-transfer/transfer.service.js';
import { ormOptions, sqliteFile } from './orm.config.js';
import { runTransferCommand } from './transfer-command.js';

const USAGE = 'Usage: npm run export -- FILE   (for example: npm run export -- let-work-flow-workspace.tar.gz)';

async function main(args: string[]): Promise<number> {
  if (args.length !== 1 || args[0].startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const archive = path.resolve(args[0]);
  if (!existsSync(path.dirname(archive))) throw new TransferError(`The folder ${path.dirname(archive)} does not exist`, 2);
  const databaseUrl = process.env.DATABASE_URL?.trim() || null;
  const dataDir = resolveDataDir(process.env);
  if (!databaseUrl && !existsSync(sqliteFile(dataDir))) throw new TransferError(`There is no database at ${sqliteFile(dataDir)} (is DATA_DIR right?)`, 2);
  const orm = await MikroORM.init(ormOptions({ entities: entitiesOf(SERVER_MODULES), databaseUrl, dataDir }));
  try {
    const manifest = await exportToFile(orm, workspaceLocation(databaseUrl, dataDir), archive);
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    const counts = ['users', 'tasks', 'audit_entries'].map((t) => `${manifest.tables[t] ?? 0} ${t.replace('_', ' ')}`).join(', ');
    console.log(
      `Workspace exported to ${archive}: ${rows} rows in ${Object.keys(manifest.tables).length} tables (${counts}), ${manifest.files} uploaded file${manifest.files === 1 ? '' : 's'}, from ${manifest.sourceDialect} at ${manifest.lastMigration ?? 'no migration'}.`,
    );
    return 0;
  } finally {
    await orm.close(true);
  }
}

runTransferCommand(main);
