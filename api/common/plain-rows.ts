import {
  JsonType,
  ReferenceKind,
  raw,
  type EntityManager,
  type EntityMetadata,
  type EntityName,
  type FilterQuery,
  type QueryOrderMap,
  type Transaction,
} from '@mikro-orm/core';
import type { QueryBuilder, SqlEntityManager } from '@mikro-orm/knex';
import { selectsArrays } from '../db/sqlite-driver.js';
import { connectionOf } from './by-id.js';

/** An entity's properties as plain data: what a read-only listing needs, without the entity around it. */
export type PlainRow<T> = { [K in keyof T]: T[K] };

/**
 * A number read with each row in the same statement (a scalar or correlated subquery): `sql` gives the
 * expression for the row table's alias. Trusted SQL only.
 */
export interface ExtraColumn {
  name: string;
  sql: (alias: string) => string;
}

/** The one column that carries a row's extra numbers (see readPlainRowsWith). */
const EXTRAS = 'row_extras';

export interface ReadOptions<T> {
  orderBy: QueryOrderMap<T> | QueryOrderMap<T>[];
  limit?: number;
  offset?: number;
}

/** Rows with the extra columns read alongside them: `extras[i]` holds row i's numbers by column name (null for SQL null). */
export interface RowsWithExtras<T> {
  rows: T[];
  extras: Record<string, number | null>[];
}

const jsonPropsCache = new Map<string, string[]>();

function jsonProperties(em: EntityManager, entityName: string): string[] {
  let props = jsonPropsCache.get(entityName);
  if (!props) {
    props = em
      .getMetadata()
      .get(entityName)
      .props.filter((p) => p.customType instanceof JsonType)
      .map((p) => p.name);
    jsonPropsCache.set(entityName, props);
  }
  return props;
}

/** Makes one row object from a row read as an array (see rowMakerOf). */
type RowMaker = (values: unknown[]) => Record<string, unknown>;

/** Row makers per entity and list of columns. */
const rowMakers = new Map<string, RowMaker | null>();

/**
 * A function that makes the row objects MikroORM's result mapper makes (the same properties in the same
 * order: the entity's, then columns it does not know under their own names), from better-sqlite3's
 * array rows, as plain objects: booleans as booleans, dates as Dates (parsed as the platform parses
 * them), JSON still text (readPlainRowsWith parses it). One compiled constructor per shape, so every row
 * gets the same fast layout. (Not made with an entity's prototype: MikroORM gives it setters that
 * track changes, which an assignment would call.) Null for a shape it does not handle (a relation or
 * embedded column, a repeated column name): MikroORM's way then.
 */
function rowMakerOf(em: EntityManager, meta: EntityMetadata, columns: readonly string[]): RowMaker | null {
  const key = `${meta.className}\u0000${columns.join('\u0000')}`;
  let maker = rowMakers.get(key);
  if (maker !== undefined) return maker;
  maker = compileRowMaker(em, meta, columns);
  rowMakers.set(key, maker);
  return maker;
}

function compileRowMaker(em: EntityManager, meta: EntityMetadata, columns: readonly string[]): RowMaker | null {
  if (new Set(columns).size !== columns.length || meta.polymorphs?.length) return null;
  const platform = em.getPlatform();
  const index = new Map(columns.map((name, i) => [name, i]));
  const known = new Set<string>();
  const lines: string[] = [];
  for (const prop of meta.props) {
    if (!prop.fieldNames) continue;
    const i = prop.fieldNames.length === 1 ? index.get(prop.fieldNames[0]) : undefined;
    if (prop.fieldNames.some((field) => index.has(field)) && (i === undefined || prop.kind !== ReferenceKind.SCALAR || prop.embedded)) return null;
    if (i === undefined) continue;
    known.add(prop.fieldNames[0]);
    const value = `v[${i}]`;
    const target = `this[${JSON.stringify(prop.name)}]`;
    if (prop.runtimeType === 'boolean') lines.push(`${target} = ${value} == null ? ${value} : !!${value};`);
    else if (prop.runtimeType === 'Date' && !platform.isNumericProperty(prop)) lines.push(`${target} = toDate(${value});`);
    else lines.push(`${target} = ${value};`);
  }
  columns.forEach((name, i) => {
    if (!known.has(name)) lines.push(`this[${JSON.stringify(name)}] = v[${i}];`);
  });
  // As MikroORM's result mapper reads a date column (EntityComparator.getResultMapper).
  const zone = platform.getTimezone();
  const toDate = (value: unknown): unknown => {
    if (value == null || value instanceof Date) return value;
    if (typeof value === 'bigint') return platform.parseDate(Number(value));
    if (!zone || zone === 'local' || typeof value === 'number') return platform.parseDate(value as string);
    const text = String(value);
    return platform.parseDate(text.includes('+') || text.lastIndexOf('-') > 10 || text.endsWith('Z') ? text : text + zone);
  };
  // Compiled from the entity's metadata and the statement's column names only, as MikroORM's own mappers are.
  const Row = new Function('toDate', `return function Row(v) {\n${lines.join('\n')}\n}`)(toDate) as {
    new (values: unknown[]): Record<string, unknown>;
    prototype: object;
  };
  Row.prototype = Object.prototype;
  return (values) => new Row(values);
}

/**
 * The rows of a built select, keyed by property name (JSON columns still text): on SQLite array rows
 * made into objects by a compiled row maker (one object per row instead of better-sqlite3's and
 * MikroORM's mapped copy), elsewhere MikroORM's mapped rows.
 */
async function selectRows(em: EntityManager, qb: QueryBuilder<object>, meta: EntityMetadata): Promise<Record<string, unknown>[]> {
  const { connection, transaction } = connectionOf(em);
  if (selectsArrays(connection)) {
    const answer = await connection.selectArrays(qb.getQuery(), qb.getParams() as unknown[], transaction as Transaction | undefined);
    const maker = answer && rowMakerOf(em, meta, answer.columns);
    if (answer && maker) return answer.rows.map(maker);
  }
  return qb.execute<Record<string, unknown>[]>('all', true);
}

/**
 * Reads rows as plain objects keyed by property name (dates as Date, booleans as booleans, JSON parsed),
 * in one query and without creating, registering or tracking entities: for large read-only listings,
 * where hydration and serialisation of managed entities cost several times the query. The rows are
 * not in the identity map, so they cannot be changed and flushed. Extra columns are numbers read in the
 * same statement; they come back beside the rows, in `extras`. Throws what the query throws.
 *
 * The extra numbers travel in one text column (`row_extras`, '12|3|0'), which stays on the row: MikroORM
 * copies columns it does not know onto the row one by one, and a row with several such properties leaves
 * V8's fast property layout (so does one that has them deleted again), which made every later read of
 * the row's fields, in the GraphQL walk and in the mapping, measurably slower.
 */
export async function readPlainRowsWith<T extends object>(
  em: EntityManager,
  entity: EntityName<T> & { name: string },
  where: FilterQuery<T>,
  options: ReadOptions<T>,
  extraColumns: readonly ExtraColumn[] = [],
): Promise<RowsWithExtras<PlainRow<T>>> {
  const qb = (em as SqlEntityManager).createQueryBuilder(entity);
  const columns: string[] = ['*'];
  if (extraColumns.length) {
    const texts = extraColumns.map((column) => `coalesce(cast(${column.sql(qb.alias)} as text), '')`);
    columns.push(raw(`${texts.join(` || '|' || `)} as ${EXTRAS}`));
  }
  qb.select(columns).where(where).orderBy(options.orderBy);
  if (options.limit !== undefined) qb.limit(options.limit);
  if (options.offset) qb.offset(options.offset);
  const rows = await selectRows(em, qb as QueryBuilder<object>, em.getMetadata().get(entity.name));
  const json = jsonProperties(em, entity.name);
  const extras: Record<string, number | null>[] = [];
  for (const row of rows) {
    for (const prop of json) if (typeof row[prop] === 'string') row[prop] = JSON.parse(row[prop] as string);
    if (!extraColumns.length) continue;
    const values: Record<string, number | null> = {};
    String(row[EXTRAS])
      .split('|')
      .forEach((text, i) => (values[extraColumns[i].name] = text === '' ? null : Number(text)));
    extras.push(values);
  }
  return { rows: rows as PlainRow<T>[], extras };
}

/** readPlainRowsWith without extra columns: the rows alone. */
export async function readPlainRows<T extends object>(
  em: EntityManager,
  entity: EntityName<T> & { name: string },
  where: FilterQuery<T>,
  options: ReadOptions<T>,
): Promise<PlainRow<T>[]> {
  return (await readPlainRowsWith(em, entity, where, options)).rows;
}

/**
 * Rows read as readPlainRowsWith does, given the entity's prototype, so that code which tells types
 * apart by `instanceof` (type-graphql's field resolvers, which otherwise build a fresh entity per resolved
 * field) treats them as the entity: for large read-only GraphQL pages. The constructor does not run
 * and they are not managed: never persist, flush or wrap() them (MikroORM would take them for
 * entities of another unit of work). Throws what the query throws.
 */
export async function readDetachedRowsWith<T extends object>(
  em: EntityManager,
  entity: EntityName<T> & { name: string; prototype: T },
  where: FilterQuery<T>,
  options: ReadOptions<T>,
  extraColumns: readonly ExtraColumn[] = [],
): Promise<RowsWithExtras<T>> {
  const { rows, extras } = await readPlainRowsWith(em, entity, where, options, extraColumns);
  for (const row of rows) Object.setPrototypeOf(row, entity.prototype);
  return { rows: rows as T[], extras };
}
