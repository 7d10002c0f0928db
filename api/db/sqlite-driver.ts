import {
  ReferenceKind,
  Utils,
  type Configuration,
  type EntityDictionary,
  type EntityMetadata,
  type EntityProperty,
  type FilterQuery,
  type LoggingOptions,
  type NativeInsertUpdateOptions,
  type QueryResult,
  type Transaction,
  type UpsertOptions,
} from '@mikro-orm/core';
import { AbstractSqlDriver, BetterSqliteConnection, BetterSqliteKnexDialect, BetterSqlitePlatform, type Knex } from '@mikro-orm/better-sqlite';

/** A value better-sqlite3 binds as it is (knex turns Dates and booleans into numbers first). */
const bindable = (value: unknown): boolean =>
  value === null ||
  typeof value === 'string' ||
  typeof value === 'number' ||
  typeof value === 'bigint' ||
  typeof value === 'boolean' ||
  value instanceof Date ||
  Buffer.isBuffer(value);

/** A better-sqlite3 statement, as far as this connection runs one. */
interface Statement {
  readonly reader: boolean;
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): { changes: number; lastInsertRowid: number | bigint };
  /** Rows as arrays (true) or as objects keyed by column (false, the default). */
  raw(toggle: boolean): Statement;
  columns(): { name: string }[];
}

/** A select's answer in better-sqlite3's raw mode: the column names, and each row as an array in their order. */
export interface ArrayRows {
  columns: string[];
  rows: unknown[][];
}

/** The better-sqlite3 connection of the pool (one: SQLite has one writer). */
interface Database {
  prepare(sql: string): Statement;
}

/** A knex transaction as this connection uses it: its client hands out the transaction's connection. */
type KnexTransaction = Knex.Transaction & { isCompleted(): boolean; client: { acquireConnection(): Promise<Database> } };

/** A value as better-sqlite3 binds it (as knex's better-sqlite3 dialect converts it: Dates and booleans become numbers). */
const sqliteValue = (value: unknown): unknown => (value instanceof Date ? value.valueOf() : typeof value === 'boolean' ? Number(value) : value);

/** Runs `run`; an error it throws names its statement first, as knex's errors do. */
function naming<T>(sql: string, run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof Error) err.message = `${sql} - ${err.message}`;
    throw err;
  }
}

/**
 * Runs a statement on a better-sqlite3 connection as knex's better-sqlite3 dialect does (statements that
 * return rows with `all`, the others with `run`), and answers as knex's raw query: the rows, or the
 * run's outcome. An error names its statement.
 */
function runStatement(db: Database, sql: string, params: readonly unknown[]): unknown {
  return naming(sql, () => {
    const statement = db.prepare(sql);
    const values = params.map(sqliteValue);
    return statement.reader ? statement.all(...values) : statement.run(...values);
  });
}

/**
 * Runs a select in better-sqlite3's raw mode (rows as arrays, with the column names beside them). The
 * statement goes back to object rows afterwards: it is shared through the statement cache. An error
 * names its statement.
 */
function selectArrayRows(db: Database, sql: string, params: readonly unknown[]): ArrayRows {
  return naming(sql, () => {
    const statement = db.prepare(sql);
    statement.raw(true);
    try {
      return { columns: statement.columns().map((column) => column.name), rows: statement.all(...params.map(sqliteValue)) as unknown[][] };
    } finally {
      statement.raw(false);
    }
  });
}

/**
 * MikroORM's `execute` writes the values of a text query into its text before running it: every
 * insert (MikroORM builds them as text) and every raw query became a statement of its own, which
 * SQLite parsed and planned each time, and which the statement cache could not reuse
 * (statement-cache.ts). This connection sends such a query with its values as bindings instead, when
 * they are plain values and the text uses only `?` placeholders; anything else goes MikroORM's way.
 *
 * And it runs such a query on the better-sqlite3 connection itself, not through knex's query runner:
 * knex's raw query, runner, transaction client and their promises cost more CPU than SQLite's own work
 * on a write (about a tenth of an updateTask). Inside a transaction it uses the transaction's
 * connection (taken from knex when the transaction begins); outside one it takes the connection from
 * knex's pool for the statement, so it never runs inside another request's transaction. Transactions
 * themselves (BEGIN, savepoints, COMMIT, ROLLBACK) stay knex's.
 */
class BindingSqliteConnection extends BetterSqliteConnection {
  /** The connection of each open transaction MikroORM began. */
  private readonly transactionConnections = new WeakMap<object, Database>();

  override createKnex(): void {
    // knex takes a dialect class where MikroORM's signature says a client name (as MikroORM's own createKnex passes one).
    this.client = this.createKnexClient(BetterSqliteKnexDialect as unknown as string);
    this.connected = true;
  }

  override async begin(options: Parameters<BetterSqliteConnection['begin']>[0] = {}): Promise<Knex.Transaction> {
    const trx = (await super.begin(options)) as KnexTransaction;
    this.transactionConnections.set(trx, await trx.client.acquireConnection());
    return trx;
  }

  override async execute<T>(
    query: string | Knex.QueryBuilder | Knex.Raw,
    params: unknown[] = [],
    method: 'all' | 'get' | 'run' = 'all',
    ctx?: Transaction,
    loggerContext?: LoggingOptions,
  ): Promise<T> {
    const direct = typeof query === 'string' && this.bindsDirectly(query, params);
    const db = this.connectionFor(ctx);
    if (!direct || db === false) return super.execute(query, params, method, ctx, loggerContext) as Promise<T>;
    return this.runLogged(query, params, loggerContext, async (sql) =>
      this.transformRawResult<T>(db ? runStatement(db, sql, params) : await this.outsideTransaction((conn) => runStatement(conn, sql, params)), method),
    );
  }

  /**
   * A select's rows as arrays, with the column names (better-sqlite3's raw mode): for large read-only
   * pages, where an object per row (and MikroORM's mapped copy of it) cost more than SQLite's own work
   * (plain-rows.ts). On the transaction's connection inside one, else on the pool's, as `execute`.
   * Null when the query must go MikroORM's way (values it would convert, a transaction begun elsewhere).
   * Throws what the statement throws.
   */
  async selectArrays(query: string, params: unknown[], ctx?: Transaction): Promise<ArrayRows | null> {
    const db = this.connectionFor(ctx);
    if (!this.bindsDirectly(query, params) || db === false) return null;
    return this.runLogged(query, params, undefined, async (sql) =>
      db ? selectArrayRows(db, sql, params) : await this.outsideTransaction((conn) => selectArrayRows(conn, sql, params)),
    );
  }

  /** Whether a text query can be bound as it is: `?` placeholders only, and plain values. */
  private bindsDirectly(query: string, params: unknown[]): boolean {
    return params.length === 0 ? !query.includes('?') : !query.includes('??') && !query.includes('\\?') && params.every(bindable);
  }

  /**
   * The connection to run on: the transaction's, undefined outside a transaction (the pool's, taken
   * per statement), or false for a finished transaction or one begun elsewhere (knex's way, which
   * refuses a query on a finished one).
   */
  private connectionFor(ctx?: Transaction): Database | undefined | false {
    const trx = ctx as KnexTransaction | undefined;
    if (!trx) return undefined;
    const db = this.transactionConnections.get(trx);
    return !db || trx.isCompleted() ? false : db;
  }

  /** Runs `run` with the query as MikroORM logs and times its queries (onQuery applied first). */
  private async runLogged<T>(query: string, params: unknown[], loggerContext: LoggingOptions | undefined, run: (sql: string) => Promise<T>): Promise<T> {
    await this.ensureConnection();
    const sql = this.config.get('onQuery')(query, params);
    const logger = this.config.getLogger();
    const logged = logger.isEnabled('query-params', loggerContext) ? this.platform.formatQuery(sql, params) : sql;
    return this.executeQuery(logged, () => run(sql), { query: sql, params, ...loggerContext });
  }

  /** Runs a statement on the pool's connection once no transaction holds it. */
  private async outsideTransaction<T>(run: (db: Database) => T): Promise<T> {
    const client = this.getKnex().client as { acquireConnection(): Promise<Database>; releaseConnection(db: Database): Promise<void> };
    const db = await client.acquireConnection();
    try {
      return run(db);
    } finally {
      await client.releaseConnection(db);
    }
  }
}

/** Whether a connection is this driver's, which can answer a select with array rows (selectArrays). */
export const selectsArrays = (connection: unknown): connection is BindingSqliteConnection => connection instanceof BindingSqliteConnection;

/** An entity's update by primary key (and version), precomposed once per table and set of columns. */
interface KeyedUpdate {
  sql: string;
  /** The properties set, in the order of their `?`. */
  setKeys: string[];
  /** The properties of the condition, in the order of their `?` (after those set). */
  whereKeys: string[];
}

/**
 * The statement MikroORM's nativeUpdate builds for a unit of work's change of one entity (its query
 * builder's `update ... set ... where <key> [and <version>] returning <version>`), or null where this
 * driver leaves the update to MikroORM: anything but scalar properties of one column each, or a
 * version that is not a number.
 */
function keyedUpdate(meta: EntityMetadata, platform: BetterSqlitePlatform, where: Record<string, unknown>, data: Record<string, unknown>): KeyedUpdate | null {
  /** The quoted columns of these properties, or null when one is not a scalar of one column. */
  const columns = (names: string[]): string[] | null => {
    const quoted: string[] = [];
    for (const name of names) {
      const prop = meta.properties[name as never] as EntityProperty | undefined;
      if (!prop || prop.kind !== ReferenceKind.SCALAR || prop.fieldNames?.length !== 1) return null;
      quoted.push(platform.quoteIdentifier(prop.fieldNames[0]));
    }
    return quoted;
  };
  const setKeys = Object.keys(data);
  const whereKeys = Object.keys(where);
  const setColumns = columns(setKeys);
  const conditionColumns = columns(whereKeys);
  const returning = columns(meta.props.filter((p) => (p.generated && !p.primary) || p.version).map((p) => p.name));
  if (!setColumns?.length || !conditionColumns?.length || !returning) return null;
  // A version not set by the change is raised by one (a version that is not a number: MikroORM's way).
  const version = meta.versionProperty ? (meta.properties[meta.versionProperty as never] as EntityProperty) : null;
  let versionColumn: string | null = null;
  if (version && !(version.name in data)) {
    versionColumn = version.runtimeType === 'number' ? (columns([version.name])?.[0] ?? null) : null;
    if (!versionColumn) return null;
  }
  const sets = setColumns.map((name) => `${name} = ?`);
  if (versionColumn) sets.push(`${versionColumn} = ${versionColumn} + 1`);
  const table = platform.quoteIdentifier(meta.tableName);
  return {
    sql: `update ${table} set ${sets.join(', ')} where ${conditionColumns.map((name) => `${name} = ?`).join(' and ')}${returning.length > 0 ? ` returning ${returning.join(', ')}` : ''}`,
    setKeys,
    whereKeys,
  };
}

/**
 * MikroORM's better-sqlite3 driver with BindingSqliteConnection, and its unit of work's updates
 * precomposed: building the query of every change (MikroORM's query builder, then knex's compiler)
 * cost more CPU than running it. The statement is the one MikroORM builds (same columns, same
 * optimistic version check, same returned version), kept per table and set of columns; anything else
 * (an upsert, values still to convert, relations) goes MikroORM's way.
 */
export class SqliteDriver extends AbstractSqlDriver<BindingSqliteConnection, BetterSqlitePlatform> {
  private readonly updates = new Map<string, KeyedUpdate | null>();

  constructor(config: Configuration) {
    super(config, new BetterSqlitePlatform(), BindingSqliteConnection, ['knex', 'better-sqlite3']);
  }

  override async nativeUpdate<T extends object>(
    entityName: string,
    where: FilterQuery<T>,
    data: EntityDictionary<T>,
    options: NativeInsertUpdateOptions<T> & UpsertOptions<T> = {},
  ): Promise<QueryResult<T>> {
    const meta = this.metadata.find<T>(entityName);
    // The unit of work's own updates: values already converted for the database, a condition by key.
    const plain = options.convertCustomTypes === false && !options.upsert && meta && Utils.isPlainObject(where) && Utils.isPlainObject(data);
    const update = plain ? this.keyedUpdateOf(meta, where as Record<string, unknown>, data as Record<string, unknown>) : null;
    if (!update) return super.nativeUpdate(entityName, where, data, options);
    const values = [...update.setKeys.map((k) => (data as Record<string, unknown>)[k]), ...update.whereKeys.map((k) => (where as Record<string, unknown>)[k])];
    // Values MikroORM would still have to turn into plain ones (knex binds plain ones as they are).
    if (!values.every(bindable)) return super.nativeUpdate(entityName, where, data, options);
    return this.rethrow(this.connection.execute<QueryResult<T>>(update.sql, values, 'run', options.ctx, options.loggerContext));
  }

  private keyedUpdateOf(meta: EntityMetadata, where: Record<string, unknown>, data: Record<string, unknown>): KeyedUpdate | null {
    const key = `${meta.className}\u0000${Object.keys(data).join(',')}\u0000${Object.keys(where).join(',')}`;
    let update = this.updates.get(key);
    if (update === undefined) {
      update = keyedUpdate(meta, this.platform, where, data);
      this.updates.set(key, update); // a shape left to MikroORM is remembered too
    }
    return update;
  }
}
