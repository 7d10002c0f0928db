/**
 * Loads an unpacked export (transfer.archive.ts) into an empty database of either kind: refuses one
 * that holds any user or task (nothing written), applies the migrations, then writes every table's rows
 * in one transaction, in batches, in the target's own value forms (transfer.values.ts), and sets
 * PostgreSQL's sequences past the imported values. SQLite's search index fills itself as the rows go
 * in (its triggers, as for rows written by the server).
 */
import { copyFileSync, createReadStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { MikroORM } from '@mikro-orm/core';
import type { AbstractSqlConnection } from '@mikro-orm/knex';
import { filesUnder } from '../../db/backup-archive.js';
import { FILES_DIR, migrationStamp, TABLES_DIR, TransferError, type Dialect, type WorkspaceManifest } from './transfer.format.js';
import { kindsOf, quoted, tableNames, tableShape, type RunSql, type TableShape } from './transfer.schema.js';
import { toDatabaseValue } from './transfer.values.js';
import type { WorkspaceLocation } from './transfer.export.js';

/** Rows per insert statement (fewer for wide tables: at most this many values in one statement). */
const BATCH_ROWS = 500;
const BATCH_VALUES = 30_000;

export interface ImportSummary {
  rows: number;
  tables: number;
  files: number;
  /** Migrations applied to the target before the rows went in. */
  migrations: string[];
}

interface Raw {
  raw(sql: string, bindings?: unknown[]): Promise<unknown>;
}

/** A statement runner over knex (or a knex transaction): rows as arrays on both databases. */
const runnerOf =
  (knex: Raw): RunSql =>
  async (sql, params = []) => {
    const result = await knex.raw(sql, params);
    return (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as Record<string, unknown>[];
  };

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Refuses a database that holds any user or task: the import is for an empty database only. */
async function assertEmpty(run: RunSql, dialect: Dialect): Promise<void> {
  const tables = await tableNames(run, dialect);
  const counts: string[] = [];
  for (const [table, word] of [
    ['users', 'user'],
    ['tasks', 'task'],
  ] as const) {
    if (!tables.includes(table)) continue;
    const [row] = await run(`select count(*) as n from ${quoted(table)}`);
    const n = Number(row?.n ?? 0);
    if (n > 0) counts.push(plural(n, word));
  }
  if (counts.length > 0)
    throw new TransferError(
      `The target database is not empty (it holds ${counts.join(' and ')}); nothing was changed. Import into an empty database: a new DATA_DIR, or a new PostgreSQL database in DATABASE_URL.`,
      2,
    );
}

/** Refuses an export made by a newer version than this one (a migration this version does not have). */
function assertKnownMigration(orm: MikroORM, manifest: WorkspaceManifest): void {
  const list = (orm.config.get('migrations').migrationsList ?? []) as { name: string }[];
  const newest =
    list
      .map((m) => migrationStamp(m.name))
      .sort()
      .at(-1) ?? '';
  if (migrationStamp(manifest.lastMigration) > newest)
    throw new TransferError(
      `The export was made by a newer version of Let work flow (its database is at ${manifest.lastMigration}); update this one first. Nothing was changed.`,
      2,
    );
}

/** The rows of one table's NDJSON file, in batches. */
async function* batchesOf(file: string, size: number): AsyncGenerator<Record<string, unknown>[]> {
  let batch: Record<string, unknown>[] = [];
  const lines = readline.createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    batch.push(JSON.parse(line) as Record<string, unknown>);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** Replaces a table's rows with the file's; answers how many went in. */
async function loadTable(run: RunSql, dialect: Dialect, table: TableShape, file: string): Promise<number> {
  const kinds = new Map(table.columns.map((c) => [c.name, c.kind]));
  await run(`delete from ${quoted(table.name)}`);
  let count = 0;
  for await (const rows of batchesOf(file, Math.max(1, Math.min(BATCH_ROWS, Math.floor(BATCH_VALUES / table.columns.length))))) {
    const names = [...new Set(rows.flatMap((row) => Object.keys(row)))];
    const unknown = names.filter((name) => !kinds.has(name));
    if (unknown.length > 0)
      throw new TransferError(`The export's table ${table.name} has columns this version does not know (${unknown.join(', ')}); nothing was changed.`, 2);
    const params: unknown[] = [];
    for (const row of rows) for (const name of names) params.push(toDatabaseValue(dialect, kinds.get(name)!, row[name] ?? null));
    const tuple = `(${names.map(() => '?').join(', ')})`;
    await run(`insert into ${quoted(table.name)} (${names.map(quoted).join(', ')}) values ${rows.map(() => tuple).join(', ')}`, params);
    count += rows.length;
  }
  return count;
}

/** Sets every sequence of a PostgreSQL column (serial ids) past the largest imported value. */
async function resetSequences(run: RunSql, tables: string[]): Promise<void> {
  const columns = await run(
    "select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as seq from information_schema.columns where table_schema = current_schema() and column_default like 'nextval(%'",
  );
  for (const c of columns) {
    if (!c.seq || !tables.includes(String(c.table_name))) continue;
    await run(`select setval(?, coalesce((select max(${quoted(String(c.column_name))}) from ${quoted(String(c.table_name))}), 0) + 1, false)`, [c.seq]);
  }
}

/** Loads the unpacked export in `stagingDir` into the ORM's database (migrated here) and the uploads folder. */
export async function importWorkspace(orm: MikroORM, location: WorkspaceLocation, stagingDir: string, manifest: WorkspaceManifest): Promise<ImportSummary> {
  const dialect: Dialect = location.databaseUrl ? 'postgresql' : 'sqlite';
  const knex = (orm.em.getConnection() as AbstractSqlConnection).getKnex();
  const run = runnerOf(knex as unknown as Raw);
  await assertEmpty(run, dialect);
  assertKnownMigration(orm, manifest);
  const migrations = (await orm.migrator.up()).map((m) => m.name);
  const present = await tableNames(run, dialect);
  const missing = Object.keys(manifest.tables).filter((table) => !present.includes(table));
  if (missing.length > 0) throw new TransferError(`The export holds tables this version does not have (${missing.join(', ')}); nothing was imported.`, 2);
  const kinds = kindsOf(orm);
  const shapes = await Promise.all(Object.keys(manifest.tables).map((table) => tableShape(run, dialect, table, kinds)));
  let rows = 0;
  await knex.transaction(async (trx) => {
    const inTransaction = runnerOf(trx as unknown as Raw);
    for (const shape of shapes) {
      const loaded = await loadTable(inTransaction, dialect, shape, path.join(stagingDir, TABLES_DIR, `${shape.name}.ndjson`));
      if (loaded !== manifest.tables[shape.name])
        throw new TransferError(
          `The export's table ${shape.name} holds ${loaded} rows where its manifest says ${manifest.tables[shape.name]}; nothing was imported.`,
        );
      rows += loaded;
    }
    if (dialect === 'postgresql') await resetSequences(inTransaction, Object.keys(manifest.tables));
  });
  if (dialect === 'postgresql') await run('analyze');
  const files = filesUnder(path.join(stagingDir, FILES_DIR));
  for (const file of files) {
    const target = path.join(location.attachmentsDir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(path.join(stagingDir, FILES_DIR, file), target);
  }
  return { rows, tables: shapes.length, files: files.length, migrations };
}
