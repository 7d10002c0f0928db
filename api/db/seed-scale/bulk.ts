import { ReferenceKind, type EntityManager, type EntityMetadata, type EntityProperty, type Platform } from '@mikro-orm/core';
import type { AppRuntime, ServiceContext } from '../../common/context.js';
import type { Actor } from '../../common/actor.js';
import { toActor } from '../../common/actor.js';
import type { User } from '../../modules/user/user.entity.js';
import { isSqlite } from '../../common/dialect.js';

type EntityClass = new () => object;

/** Rows per INSERT statement: a few thousand bound values, well under either database's limit. */
const ROWS_PER_STATEMENT = 200;

/** How one entity's rows become INSERT statements: its table, its columns, and each value as the database stores it. */
interface RowShape {
  table: string;
  props: EntityProperty[];
  columns: string;
  /** The INSERT of a full statement's rows, composed once. */
  fullStatement?: string;
}

/** SQLite's page cache while the company is written, in KiB. */
const SQLITE_CACHE_KB = 256 * 1024;

/** The part of the transaction's better-sqlite3 connection the writer uses. */
interface SqliteConnection {
  prepare(sql: string): { run(...values: unknown[]): unknown };
}

/**
 * Collects the rows the generator (and the services' own staging functions, through `contextAt`)
 * would persist, grouped by entity, and writes them in one transaction per flush as multi-row INSERTs
 * with bound values: the ORM's own metadata gives the tables, columns and value conversions (as
 * `em.insertMany` does, at a fraction of its CPU, which a million rows need). Entities are written
 * in the order they were first staged.
 */
export class BulkWriter {
  private readonly staged = new Map<EntityClass, object[]>();
  private readonly written = new Map<string, number>();
  private readonly shapes = new Map<EntityClass, RowShape>();
  private readonly platform: Platform;
  private readonly sqlite: boolean;

  /** `app`: the running server's runtime when the company is built into its database (the audit listeners read it). */
  constructor(
    private readonly em: EntityManager,
    private readonly app: AppRuntime | null = null,
  ) {
    this.platform = em.getPlatform();
    this.sqlite = isSqlite(em);
  }

  stage(entity: object): void {
    const type = entity.constructor as EntityClass;
    let rows = this.staged.get(type);
    if (!rows) this.staged.set(type, (rows = []));
    rows.push(entity);
  }

  get pending(): number {
    let n = 0;
    for (const rows of this.staged.values()) n += rows.length;
    return n;
  }

  /** Writes everything staged in one transaction and forgets it. */
  async flush(): Promise<void> {
    if (this.pending === 0) return;
    const batches = [...this.staged.entries()];
    this.staged.clear();
    await this.em.transactional(async (tx) => {
      const run = await this.statementRunner(tx);
      for (const [type, rows] of batches) {
        const shape = this.shapeOf(type);
        for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
          const slice = rows.slice(i, i + ROWS_PER_STATEMENT);
          await run(this.insertSql(shape, slice.length), this.valuesOf(shape, slice));
        }
        this.written.set(type.name, (this.written.get(type.name) ?? 0) + rows.length);
      }
    });
  }

  /** Rows written per entity class name. */
  counts(): Record<string, number> {
    return Object.fromEntries(this.written);
  }

  /**
   * A service context whose unit of work is this writer: the services' staging functions (recordAudit)
   * run unchanged for `actor` at `at`, and what they persist is collected here instead of flushed.
   */
  contextAt(actor: User | Actor | null, at: Date): ServiceContext {
    const em = { persist: (entity: object) => (this.stage(entity), em) };
    const asActor = actor && 'firstName' in actor ? toActor(actor) : actor;
    return { em, actor: asActor, now: () => at, timeZone: 'UTC', app: this.app } as unknown as ServiceContext;
  }

  /**
   * How the transaction runs a statement: on SQLite, the transaction's better-sqlite3 connection itself
   * (its statement cache keeps the prepared INSERT); on PostgreSQL, the ORM connection's `execute`.
   */
  private async statementRunner(tx: EntityManager): Promise<(sql: string, values: unknown[]) => Promise<unknown>> {
    const trx = tx.getTransactionContext() as { client: { acquireConnection(): Promise<SqliteConnection> } };
    if (this.sqlite) {
      const db = await trx.client.acquireConnection();
      // Room for the indexes' pages the inserts touch (random ids land all over them); SQLite's default is 2 MB.
      db.prepare(`PRAGMA cache_size = -${SQLITE_CACHE_KB}`).run();
      return async (sql, values) => db.prepare(sql).run(...values);
    }
    const connection = tx.getConnection();
    return (sql, values) => connection.execute(sql, values, 'run', trx as never);
  }

  private shapeOf(type: EntityClass): RowShape {
    let shape = this.shapes.get(type);
    if (!shape) {
      const meta = this.em.getMetadata().get(type.name) as EntityMetadata;
      const props = meta.props.filter((p) => p.kind === ReferenceKind.SCALAR && p.persist !== false && !p.autoincrement && p.fieldNames?.length === 1);
      const q = (name: string) => this.platform.quoteIdentifier(name);
      shape = { table: q(meta.tableName), props, columns: props.map((p) => q(p.fieldNames[0])).join(', ') };
      this.shapes.set(type, shape);
    }
    return shape;
  }

  private insertSql(shape: RowShape, rows: number): string {
    if (rows === ROWS_PER_STATEMENT) return (shape.fullStatement ??= this.composeInsert(shape, rows));
    return this.composeInsert(shape, rows);
  }

  private composeInsert(shape: RowShape, rows: number): string {
    const row = `(${shape.props.map(() => '?').join(', ')})`;
    return `insert into ${shape.table} (${shape.columns}) values ${Array.from({ length: rows }, () => row).join(', ')}`;
  }

  /** The rows' values in column order, converted as the ORM converts them (JSON as text; on SQLite, dates as epoch ms and booleans as 0/1). */
  private valuesOf(shape: RowShape, rows: object[]): unknown[] {
    const values: unknown[] = [];
    for (const row of rows) {
      for (const prop of shape.props) {
        let value = (row as Record<string, unknown>)[prop.name] ?? null;
        if (value !== null && prop.customType) value = prop.customType.convertToDatabaseValue(value, this.platform, { mode: 'query' });
        if (this.sqlite && value instanceof Date) value = value.getTime();
        else if (this.sqlite && typeof value === 'boolean') value = value ? 1 : 0;
        values.push(value);
      }
    }
    return values;
  }
}
