/** The part of a better-sqlite3 connection the cache wraps. */
export interface PreparingConnection {
  prepare(sql: string): unknown;
}

/** Statements kept per connection: MikroORM's statements repeat by the dozen, IN lists add a few shapes more. */
export const CACHED_STATEMENTS = 500;

const TRANSACTION_CONTROL = /^(BEGIN|COMMIT|ROLLBACK);?$/i;

/**
 * True for a text worth keeping: one with `?` placeholders. A text with its values written into it
 * (MikroORM's way for the queries SqliteDriver cannot bind, sqlite-driver.ts) is used once: kept, such
 * texts would push the statements that do repeat out of the cache. Of the fixed texts without
 * placeholders, those of every transaction (BEGIN, COMMIT, ROLLBACK) are kept too.
 */
const reusable = (sql: string): boolean => sql.includes('?') || TRANSACTION_CONTROL.test(sql);

/**
 * Makes a better-sqlite3 connection reuse its prepared statements: knex's better-sqlite3 dialect
 * prepares every query afresh (SQLite parses and plans the text each time, about a tenth of a write's
 * CPU), although MikroORM sends the same texts with `?` placeholders over and over. Statements with
 * placeholders are kept by their text, the most recently used last; past `max` the least recently
 * used one goes. Reuse is safe here: knex runs each statement to completion at once (`all` or `run`,
 * synchronously), never two at a time, and sets no per-query integer mode (nor does MikroORM); SQLite
 * re-prepares a statement by itself after a schema change (migrations).
 */
export function cachePreparedStatements<T extends PreparingConnection>(connection: T, max = CACHED_STATEMENTS): T {
  const prepare = connection.prepare.bind(connection);
  const statements = new Map<string, unknown>();
  connection.prepare = (sql: string) => {
    if (!reusable(sql)) return prepare(sql);
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = prepare(sql);
      if (statements.size >= max) statements.delete(statements.keys().next().value!);
    } else {
      statements.delete(sql);
    }
    statements.set(sql, statement);
    return statement;
  };
  return connection;
}
