import { JsonType, raw, type EntityManager, type EntityName, type FilterQuery, type QueryOrderMap } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';

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
    props = em.getMetadata().get(entityName).props.filter((p) => p.customType instanceof JsonType).map((p) => p.name);
    jsonPropsCache.set(entityName, props);
  }
  return props;
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
  const rows = await qb.execute<Record<string, unknown>[]>('all', true);
  const json = jsonProperties(em, entity.name);
  const extras: Record<string, number | null>[] = [];
  for (const row of rows) {
    for (const prop of json) if (typeof row[prop] === 'string') row[prop] = JSON.parse(row[prop] as string);
    if (!extraColumns.length) continue;
    const values: Record<string, number | null> = {};
    String(row[EXTRAS]).split('|').forEach((text, i) => (values[extraColumns[i].name] = text === '' ? null : Number(text)));
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
