import { JsonType, type EntityManager, type EntityName, type FilterQuery, type QueryOrderMap } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';

/** An entity's properties as plain data: what a read-only listing needs, without the entity around it. */
export type PlainRow<T> = { [K in keyof T]: T[K] };

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
 * not in the identity map, so they cannot be changed and flushed. Throws what the query throws.
 */
export async function readPlainRows<T extends object>(
  em: EntityManager,
  entity: EntityName<T> & { name: string },
  where: FilterQuery<T>,
  options: { orderBy: QueryOrderMap<T> | QueryOrderMap<T>[]; limit?: number; offset?: number },
): Promise<PlainRow<T>[]> {
  const qb = (em as SqlEntityManager).createQueryBuilder(entity).select('*').where(where).orderBy(options.orderBy);
  if (options.limit !== undefined) qb.limit(options.limit);
  if (options.offset) qb.offset(options.offset);
  const rows = await qb.execute<Record<string, unknown>[]>('all', true);
  const json = jsonProperties(em, entity.name);
  for (const row of rows) {
    for (const prop of json) if (typeof row[prop] === 'string') row[prop] = JSON.parse(row[prop] as string);
  }
  return rows as PlainRow<T>[];
}

/**
 * Rows read as readPlainRows does, given the entity's prototype, so that code which tells types apart
 * by `instanceof` (type-graphql's field resolvers, which otherwise build a fresh entity per resolved
 * field) treats them as the entity: for large read-only GraphQL pages. The constructor does not run
 * and they are not managed: never persist, flush or wrap() them (MikroORM would take them for
 * entities of another unit of work). Throws what the query throws.
 */
export async function readDetachedRows<T extends object>(
  em: EntityManager,
  entity: EntityName<T> & { name: string; prototype: T },
  where: FilterQuery<T>,
  options: { orderBy: QueryOrderMap<T> | QueryOrderMap<T>[]; limit?: number; offset?: number },
): Promise<T[]> {
  const rows = await readPlainRows(em, entity, where, options);
  for (const row of rows) Object.setPrototypeOf(row, entity.prototype);
  return rows as T[];
}
