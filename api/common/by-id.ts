import { ReferenceKind, type EntityManager, type EntityMetadata, type EntityName } from '@mikro-orm/core';

/** The columns findOne would select, and the table and primary key column, each quoted. */
interface SelectParts {
  columns: string;
  table: string;
  key: string;
}

/** SelectParts per platform (its quoting) and entity: one process may hold a SQLite and a PostgreSQL ORM (a workspace move). */
const selects = new WeakMap<object, Map<string, SelectParts>>();

function selectOf(em: EntityManager, meta: EntityMetadata): SelectParts {
  const platform = em.getPlatform();
  let ofPlatform = selects.get(platform);
  if (!ofPlatform) selects.set(platform, (ofPlatform = new Map()));
  let select = ofPlatform.get(meta.className);
  if (!select) {
    const quote = (name: string) => platform.quoteIdentifier(name);
    const columns = meta.props
      .filter((p) => p.kind === ReferenceKind.SCALAR && !p.lazy && p.persist !== false && !p.formula)
      .flatMap((p) => p.fieldNames)
      .map(quote);
    select = { columns: columns.join(', '), table: quote(meta.tableName), key: quote(meta.primaryKeys[0]) };
    ofPlatform.set(meta.className, select);
  }
  return select;
}

/** The statement that reads one row by primary key. */
function byIdStatement(em: EntityManager, meta: EntityMetadata): string {
  const { columns, table, key } = selectOf(em, meta);
  return `select ${columns} from ${table} where ${key} = ? limit 1`;
}

/** The statement that reads the rows of `count` primary keys. */
function byIdsStatement(em: EntityManager, meta: EntityMetadata, count: number): string {
  const { columns, table, key } = selectOf(em, meta);
  return `select ${columns} from ${table} where ${key} in (${new Array(count).fill('?').join(', ')})`;
}

type Connection = { execute<R>(sql: string, params: unknown[], method: 'get' | 'all', ctx?: unknown): Promise<R> };

/** As MikroORM's own reads: inside the EntityManager's transaction when it has one, else on a read connection. */
export function connectionOf(em: EntityManager): { connection: Connection; transaction: unknown } {
  const transaction = em.getTransactionContext();
  return { connection: em.getConnection(transaction ? 'write' : 'read') as unknown as Connection, transaction };
}

/**
 * A row read by this module as a managed entity, the way em.find makes one (the result mapper's
 * conversions, then the entity factory, which hydrates it and registers it with its snapshot, so a
 * later flush writes only what changed). Not em.map: that also checks every property's type twice and
 * takes the snapshot twice, which was half the cost of the actor every request loads.
 */
function managed<T extends object>(em: EntityManager, meta: EntityMetadata<T>, row: Record<string, unknown>): T {
  return em
    .getEntityFactory()
    .create<T>(meta.className, em.getDriver().mapResult(row as never, meta) as never, { merge: true, refresh: true, convertCustomTypes: true });
}

/**
 * em.findOne(entity, { id }) for an entity with one plain primary key column, without building the
 * query each time: the entity from this unit of work when it has it, else one precomposed statement
 * whose row becomes a managed entity (`managed`). On the write path (the actor of every request, the
 * task of every change) MikroORM's and knex's query building was a good part of the request. Throws
 * what the query throws.
 */
export async function findById<T extends object>(em: EntityManager, entity: EntityName<T> & { name: string }, id: string): Promise<T | null> {
  const meta = em.getMetadata().get<T>(entity.name);
  const known = em.getUnitOfWork().getById<T>(meta.className, id as never);
  if (known) return known;
  const { connection, transaction } = connectionOf(em);
  const row = await connection.execute<Record<string, unknown> | undefined>(byIdStatement(em, meta as EntityMetadata), [id], 'get', transaction);
  return row ? managed(em, meta, row) : null;
}

/** Primary keys per statement of findByIds (SQLite allows 32,766 parameters; PostgreSQL 65,535). */
const IDS_PER_STATEMENT = 500;

/**
 * em.find(entity, { id: { $in: ids } }) without building the query each time, as findById: the entities
 * this unit of work has, and the others read by one precomposed statement (per 500 ids) and merged as
 * managed entities. Missing ids are left out; the order is not the ids' order. Throws what the query throws.
 */
export async function findByIds<T extends object>(em: EntityManager, entity: EntityName<T> & { name: string }, ids: readonly string[]): Promise<T[]> {
  const meta = em.getMetadata().get<T>(entity.name);
  const unitOfWork = em.getUnitOfWork();
  const found: T[] = [];
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    const known = unitOfWork.getById<T>(meta.className, id as never);
    if (known) found.push(known);
    else missing.push(id);
  }
  const { connection, transaction } = connectionOf(em);
  for (let i = 0; i < missing.length; i += IDS_PER_STATEMENT) {
    const chunk = missing.slice(i, i + IDS_PER_STATEMENT);
    const rows = await connection.execute<Record<string, unknown>[]>(byIdsStatement(em, meta as EntityMetadata, chunk.length), chunk, 'all', transaction);
    for (const row of rows) found.push(managed(em, meta, row));
  }
  return found;
}
