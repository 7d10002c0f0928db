import DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/core';

/**
 * A DataLoader that also remembers the values it has loaded, so that a caller can take one without a
 * promise (peek, or get): a page whose relations were loaded up front (preloadTaskFields) then resolves
 * its per-task fields synchronously, and graphql-js completes the whole page without a promise per field.
 */
export class PeekableLoader<K, V> extends DataLoader<K, V> {
  private readonly values = new Map<K, V>();

  constructor(batch: (keys: readonly K[]) => Promise<V[]>) {
    super(async (keys) => {
      const values = await batch(keys);
      keys.forEach((key, i) => this.values.set(key, values[i]));
      return values;
    });
  }

  /** The loaded value, or undefined when it has not been loaded (yet). */
  peek(key: K): V | undefined {
    return this.values.get(key);
  }

  /** The loaded value at once when there is one, else a promise of it (batched as load is). */
  get(key: K): V | Promise<V> {
    return this.values.has(key) ? (this.values.get(key) as V) : this.load(key);
  }

  /** As DataLoader's load; a primed or loaded value without a batch. */
  override load(key: K): Promise<V> {
    return this.values.has(key) ? Promise.resolve(this.values.get(key) as V) : super.load(key);
  }

  /**
   * A value known without a batch (a page primes two counts per task): kept here only, not also as a
   * resolved promise in DataLoader's cache, until someone asks for it by load. Errors and promises
   * go to DataLoader as before. As DataLoader's prime, a key that has a value keeps it.
   */
  override prime(key: K, value: V | Promise<V> | Error): this {
    if (value instanceof Error || value instanceof Promise) return super.prime(key, value);
    if (!this.values.has(key)) this.values.set(key, value);
    return this;
  }

  override clear(key: K): this {
    this.values.delete(key);
    return super.clear(key);
  }

  override clearAll(): this {
    this.values.clear();
    return super.clearAll();
  }
}

/**
 * Per-request batch loaders: one query per kind of relation, whatever the number of requests. Each
 * module declares its own here by declaration merging (`declare module '../../common/loaders.js' {
 * interface Loaders { ... } }`) and builds them in its manifest's `loaders` (api/common/module.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- empty here, filled by each module's declaration merging
export interface Loaders {}

/** Builds a module's per-request loaders (each module declares its own on `Loaders`). */
export type LoaderFactory = (em: EntityManager) => Partial<Loaders>;

/** A fresh set of loaders over `em`, from every module's factory. */
export function createLoaders(em: EntityManager, factories: readonly LoaderFactory[]): Loaders {
  return Object.assign({}, ...factories.map((make) => make(em))) as Loaders;
}

/** Rows in the order of their keys, null where a key has no row. */
export function byId<T extends { id: string }>(keys: readonly string[], rows: T[]): (T | null)[] {
  const map = new Map(rows.map((r) => [r.id, r]));
  return keys.map((k) => map.get(k) ?? null);
}

/** Rows grouped by their task id, in the order of the task ids (empty groups included). */
export function groupByTask<T extends { taskId: string }>(keys: readonly string[], rows: T[]): T[][] {
  const groups = new Map<string, T[]>(keys.map((k) => [k, []]));
  for (const row of rows) groups.get(row.taskId)?.push(row);
  return keys.map((k) => groups.get(k) ?? []);
}

export interface CountRow {
  task_id: string;
  /** PostgreSQL answers counts as strings (bigint). */
  total: number | string;
  extra: number | string | null;
}

/**
 * Rows of `entityName` per task id counted in the database (one grouped query, no entities), with an
 * optional second aggregate. Plain SQL with one placeholder per id: MikroORM's criteria processing of a
 * 500-id `$in` cost more than the query itself.
 */
export function countsByTask(em: EntityManager, entityName: string, taskIds: readonly string[], extra = 'null'): Promise<CountRow[]> {
  const table = em.getMetadata().get(entityName).tableName;
  const placeholders = taskIds.map(() => '?').join(', ');
  return em
    .getConnection()
    .execute<CountRow[]>(
      `select task_id, count(*) as total, ${extra} as extra from ${table} where task_id in (${placeholders}) group by task_id`,
      [...taskIds],
      'all',
    );
}
