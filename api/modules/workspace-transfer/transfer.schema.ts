/**
 * What the export and import read of a database's schema: its tables, their columns and primary keys,
 * and each column's kind (from the entities' metadata, else the column's declared type), which decides
 * how its values are written in the file and read back into either database.
 */
import { JsonType, type MikroORM } from '@mikro-orm/core';
import type { Dialect } from './transfer.format.js';

/** How a column's values travel: booleans, dates, JSON, or as they are (text and numbers). */
export type ColumnKind = 'boolean' | 'date' | 'json' | 'value';

export interface TableColumn {
  name: string;
  kind: ColumnKind;
}

export interface TableShape {
  name: string;
  columns: TableColumn[];
  /** The primary key's columns in order (the export pages by them). */
  primaryKey: string[];
}

/** Runs a statement with `?` placeholders and answers its rows. */
export type RunSql = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** A quoted identifier (both databases take double quotes). */
export const quoted = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** Column kinds by table and column name, from the entities' metadata. */
export function kindsOf(orm: MikroORM): Map<string, Map<string, ColumnKind>> {
  const platform = orm.em.getPlatform();
  const tables = new Map<string, Map<string, ColumnKind>>();
  for (const meta of Object.values(orm.getMetadata().getAll())) {
    if (!meta.tableName || meta.virtual) continue;
    const columns = tables.get(meta.tableName) ?? new Map<string, ColumnKind>();
    for (const prop of meta.props) {
      if (prop.fieldNames?.length !== 1) continue;
      let kind: ColumnKind = 'value';
      if (prop.customType instanceof JsonType || String(prop.type).toLowerCase() === 'json') kind = 'json';
      else if (prop.runtimeType === 'boolean') kind = 'boolean';
      else if (prop.runtimeType === 'Date' && !platform.isNumericProperty(prop)) kind = 'date';
      columns.set(prop.fieldNames[0], kind);
    }
    tables.set(meta.tableName, columns);
  }
  return tables;
}

/** A column's kind from its declared type, for a column no entity describes. */
function kindOfType(type: string): ColumnKind {
  const t = type.toLowerCase();
  if (t === 'boolean') return 'boolean';
  if (t.startsWith('timestamp') || t === 'datetime' || t === 'date') return 'date';
  if (t === 'json' || t === 'jsonb') return 'json';
  return 'value';
}

/** The tables of the database (base tables only), sorted by name. */
export async function tableNames(run: RunSql, dialect: Dialect): Promise<string[]> {
  const rows =
    dialect === 'sqlite'
      ? await run("select name from sqlite_master where type = 'table' order by name")
      : await run(
          "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name",
        );
  return rows.map((r) => String(r.name));
}

/** A table's columns (in the schema's order) with their kinds, and its primary key. */
export async function tableShape(run: RunSql, dialect: Dialect, name: string, kinds: Map<string, Map<string, ColumnKind>>): Promise<TableShape> {
  const known = kinds.get(name);
  if (dialect === 'sqlite') {
    const rows = await run(`select name, type, pk from pragma_table_info(?) order by cid`, [name]);
    const primaryKey = rows
      .filter((r) => Number(r.pk) > 0)
      .sort((a, b) => Number(a.pk) - Number(b.pk))
      .map((r) => String(r.name));
    return { name, columns: rows.map((r) => ({ name: String(r.name), kind: known?.get(String(r.name)) ?? kindOfType(String(r.type)) })), primaryKey };
  }
  const rows = await run(
    'select column_name as name, data_type as type from information_schema.columns where table_schema = current_schema() and table_name = ? order by ordinal_position',
    [name],
  );
  const keys = await run(
    `select a.attname as name from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
     where i.indrelid = ?::regclass and i.indisprimary order by array_position(i.indkey, a.attnum)`,
    [quoted(name)],
  );
  return {
    name,
    columns: rows.map((r) => ({ name: String(r.name), kind: known?.get(String(r.name)) ?? kindOfType(String(r.type)) })),
    primaryKey: keys.map((r) => String(r.name)),
  };
}
