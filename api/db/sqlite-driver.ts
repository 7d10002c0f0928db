import type { Configuration, LoggingOptions, Transaction } from '@mikro-orm/core';
import { AbstractSqlDriver, BetterSqliteConnection, BetterSqlitePlatform, type Knex } from '@mikro-orm/better-sqlite';

/** A value better-sqlite3 binds as it is (knex turns Dates and booleans into numbers first). */
const bindable = (value: unknown): boolean =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean' || value instanceof Date || Buffer.isBuffer(value);

/**
 * MikroORM's `execute` writes the values of a text query into its text before running it: every
 * insert (MikroORM builds them as text) and every raw query became a statement of its own, which
 * SQLite parsed and planned each time, and which the statement cache could not reuse
 * (statement-cache.ts). This connection sends such a query with its values as bindings instead, when
 * they are plain values and the text uses only `?` placeholders; anything else goes MikroORM's way.
 */
class BindingSqliteConnection extends BetterSqliteConnection {
  override async execute<T>(query: string | Knex.QueryBuilder | Knex.Raw, params: unknown[] = [], method: 'all' | 'get' | 'run' = 'all', ctx?: Transaction, loggerContext?: LoggingOptions): Promise<T> {
    if (typeof query !== 'string' || params.length === 0 || query.includes('??') || query.includes('\\?') || !params.every(bindable)) {
      return super.execute(query, params, method, ctx, loggerContext) as Promise<T>;
    }
    await this.ensureConnection();
    const sql = this.config.get('onQuery')(query, params);
    const logger = this.config.getLogger();
    const logged = logger.isEnabled('query-params', loggerContext) ? this.platform.formatQuery(sql, params) : sql;
    return this.executeQuery(
      logged,
      async () => {
        const raw = this.getKnex().raw(sql, params as Knex.RawBinding[]);
        if (ctx) raw.transacting(ctx as Knex.Transaction);
        return this.transformRawResult<T>(await raw, method);
      },
      { query: sql, params, ...loggerContext },
    );
  }
}

/** MikroORM's better-sqlite3 driver with BindingSqliteConnection. */
export class SqliteDriver extends AbstractSqlDriver<BindingSqliteConnection, BetterSqlitePlatform> {
  constructor(config: Configuration) {
    super(config, new BetterSqlitePlatform(), BindingSqliteConnection, ['knex', 'better-sqlite3']);
  }
}
