/**
 * Writes the workspace into a staging directory in the export format (transfer.format.ts): every carried
 * table as NDJSON, read in pages by primary key inside one snapshot (a read transaction on a connection
 * of its own on SQLite, so a running server keeps writing; REPEATABLE READ on PostgreSQL), the uploaded
 * files, and the manifest.
 */
import { once } from 'node:events';
import { copyFileSync, createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { MikroORM } from '@mikro-orm/core';
import type { AbstractSqlConnection } from '@mikro-orm/knex';
import { filesUnder } from '../../db/backup-archive.js';
import { sqliteFile } from '../../db/orm.config.js';
import { betterSqlite3 } from '../../db/sqlite-native.js';
import {
  FILES_DIR,
  FORMAT,
  FORMAT_VERSION,
  isCarried,
  MANIFEST_FILE,
  TABLES_DIR,
  TransferError,
  type Dialect,
  type WorkspaceManifest,
} from './transfer.format.js';
import { kindsOf, quoted, tableNames, tableShape, type RunSql, type TableShape } from './transfer.schema.js';
import { toFileValue } from './transfer.values.js';
import { openSecret } from '../../auth/two-factor/two-factor.seal.js';

/** Rows read per statement. */
const PAGE = 1000;

export interface WorkspaceLocation {
  /** DATABASE_URL, or null for the embedded SQLite file in dataDir. */
  databaseUrl: string | null;
  dataDir: string;
  /** Where uploaded files are kept (ATTACHMENTS_DIR, or DATA_DIR/attachments). */
  attachmentsDir: string;
  /** The deployment's session secret, which two-factor secrets are sealed with (null: they are carried sealed). */
  sessionSecret?: string | null;
}

/**
 * A value as the file carries it. Two-factor secrets go in clear, like webhook secrets (the file is
 * kept like the database): sealed, they would open only with this deployment's SESSION_SECRET; the
 * target seals them with its own when it starts (docs/WORKSPACE-FORMAT.md).
 */
function carriedValue(table: string, column: string, value: unknown, sessionSecret: string | null | undefined): unknown {
  if (table !== 'two_factor_logins' || column !== 'secret' || typeof value !== 'string' || !sessionSecret) return value;
  return openSecret(value, sessionSecret) ?? value;
}

interface SqliteReader {
  prepare(sql: string): { all(...params: unknown[]): Record<string, unknown>[] };
  exec(sql: string): unknown;
  pragma(sql: string): unknown;
  close(): void;
}
type SqliteOpener = new (file: string, options?: { fileMustExist?: boolean }) => SqliteReader;

/** Runs `read` inside one read snapshot of the database. */
async function inSnapshot<T>(orm: MikroORM, location: WorkspaceLocation, read: (run: RunSql, dialect: Dialect) => Promise<T>): Promise<T> {
  if (location.databaseUrl) {
    const knex = (orm.em.getConnection() as AbstractSqlConnection).getKnex();
    return knex.transaction(async (trx) => {
      await trx.raw('set transaction isolation level repeatable read, read only');
      return read(async (sql, params = []) => ((await trx.raw(sql, params as never[])) as { rows: Record<string, unknown>[] }).rows, 'postgresql');
    });
  }
  const Database = betterSqlite3<SqliteOpener>();
  const db = new Database(sqliteFile(location.dataDir), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.exec('begin');
    // Each page is read synchronously; the wait between pages lets a server answer requests meanwhile.
    const result = await read(async (sql, params = []) => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return db.prepare(sql).all(...params);
    }, 'sqlite');
    db.exec('commit');
    return result;
  } finally {
    db.close();
  }
}

/** Writes one table's rows as NDJSON, page after page; answers how many. */
async function writeTable(run: RunSql, table: TableShape, file: string, sessionSecret: string | null | undefined): Promise<number> {
  const out = createWriteStream(file, { encoding: 'utf8' });
  const columns = table.columns.map((c) => quoted(c.name)).join(', ');
  const key = table.primaryKey.length > 0 ? table.primaryKey : table.columns.map((c) => c.name);
  const order = key.map(quoted).join(', ');
  let count = 0;
  let after: unknown[] | null = null;
  try {
    for (;;) {
      // Keyset paging by the primary key; a table without one is read by offset, in the order of all its columns.
      const rows: Record<string, unknown>[] =
        table.primaryKey.length > 0
          ? await run(
              `select ${columns} from ${quoted(table.name)}${after ? ` where (${order}) > (${key.map(() => '?').join(', ')})` : ''} order by ${order} limit ${PAGE}`,
              after ?? [],
            )
          : await run(`select ${columns} from ${quoted(table.name)} order by ${order} limit ${PAGE} offset ${count}`);
      if (rows.length === 0) break;
      let chunk = '';
      for (const row of rows) {
        const line: Record<string, unknown> = {};
        for (const column of table.columns)
          line[column.name] = carriedValue(table.name, column.name, toFileValue(column.kind, row[column.name]), sessionSecret);
        chunk += `${JSON.stringify(line)}\n`;
      }
      if (!out.write(chunk)) await once(out, 'drain');
      count += rows.length;
      const last = rows[rows.length - 1];
      after = key.map((name) => last[name]);
      if (rows.length < PAGE) break;
    }
  } finally {
    out.end();
    await finished(out);
  }
  return count;
}

/** The last migration recorded in the database (inside the snapshot). */
async function lastMigration(run: RunSql, tables: string[]): Promise<string | null> {
  if (!tables.includes('mikro_orm_migrations')) return null;
  const [row] = await run('select name from mikro_orm_migrations order by id desc limit 1');
  return row ? String(row.name) : null;
}

/** Writes the whole workspace into `stagingDir` (empty) and answers its manifest. */
export async function exportWorkspace(orm: MikroORM, location: WorkspaceLocation, stagingDir: string, now = new Date()): Promise<WorkspaceManifest> {
  const kinds = kindsOf(orm);
  mkdirSync(path.join(stagingDir, TABLES_DIR), { recursive: true });
  const { tables, migration, dialect } = await inSnapshot(orm, location, async (run, dialect) => {
    const all = await tableNames(run, dialect);
    if (!all.includes('users')) throw new TransferError('The database has no tables yet: start the server once (or run npm run import) before exporting');
    const counts: Record<string, number> = {};
    for (const name of all.filter(isCarried)) {
      const shape = await tableShape(run, dialect, name, kinds);
      counts[name] = await writeTable(run, shape, path.join(stagingDir, TABLES_DIR, `${name}.ndjson`), location.sessionSecret);
    }
    return { tables: counts, migration: await lastMigration(run, all), dialect };
  });
  const files = filesUnder(location.attachmentsDir);
  for (const file of files) {
    const target = path.join(stagingDir, FILES_DIR, file);
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(path.join(location.attachmentsDir, file), target);
  }
  const manifest: WorkspaceManifest = {
    format: FORMAT,
    version: FORMAT_VERSION,
    exportedAt: now.toISOString(),
    sourceDialect: dialect,
    lastMigration: migration,
    tables,
    files: files.length,
  };
  writeFileSync(path.join(stagingDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
