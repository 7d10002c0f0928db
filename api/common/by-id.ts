import { ReferenceKind, type EntityManager, type EntityMetadata, type EntityName } from '@mikro-orm/core';

/** The statement that reads one row by primary key, per entity (the columns findOne would select). */
const statements = new Map<string, string>();

function byIdStatement(em: EntityManager, meta: EntityMetadata): string {
  let sql = statements.get(meta.className);
  if (!sql) {
    const quote = (name: string) => em.getPlatform().quoteIdentifier(name);
    const columns = meta.props
      .filter((p) => p.kind === ReferenceKind.SCALAR && !p.lazy && p.persist !== false && !p.formula)
      .flatMap((p) => p.fieldNames)
      .map(quote);
    sql = `select ${columns.join(', ')} from ${quote(meta.tableName)} where ${quote(meta.primaryKeys[0])} = ? limit 1`;
    statements.set(meta.className, sql);
  }
  return sql;
}

/**
 * em.findOne(entity, { id }) for an entity with one plain primary key column, without building the
 * query each time: the entity from this unit of work when it has it, else one precomposed statement
 * whose row is merged as a managed entity (em.map: the same snapshot, so a later flush writes only what
 * changed). On the write path (the actor of every request, the task of every change) MikroORM's and
 * knex's query building was a good part of the request. Throws what the query throws.
 */
export async function findById<T extends object>(em: EntityManager, entity: EntityName<T> & { name: string }, id: string): Promise<T | null> {
  const meta = em.getMetadata().get<T>(entity.name);
  const known = em.getUnitOfWork().getById<T>(meta.className, id as never);
  if (known) return known;
  // As findOne: inside the EntityManager's transaction when it has one, else on a read connection.
  const transaction = em.getTransactionContext();
  const connection = em.getConnection(transaction ? 'write' : 'read') as unknown as { execute<R>(sql: string, params: unknown[], method: 'get', ctx?: unknown): Promise<R> };
  const row = await connection.execute<Record<string, unknown> | undefined>(byIdStatement(em, meta as EntityMetadata), [id], 'get', transaction);
  return row ? em.map(entity, row) : null;
}
