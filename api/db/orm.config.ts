import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Options } from '@mikro-orm/core';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { ModuleClass } from '../common/module.js';
import { EventLogOrdering } from '../realtime/event-log-ordering.js';
import { sqliteMigrations } from './migrations/sqlite/index.js';
import { postgresMigrations } from './migrations/postgresql/index.js';
import { cachePreparedStatements, type PreparingConnection } from './statement-cache.js';
import { SqliteDriver } from './sqlite-driver.js';
import { DEFAULT_SQLITE_SYNCHRONOUS, type SqliteSynchronous } from '../config.js';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface OrmSettings {
  /** Every persisted entity (entitiesOf the module list): both databases' migrations are generated from them. */
  entities: readonly ModuleClass[];
  databaseUrl: string | null;
  dataDir: string;
  debug?: boolean;
  /** Called for every SQL statement (tests count them; benchmarks too). */
  onQuery?: (sql: string) => void;
  /** SQLite's `synchronous` level (SQLITE_SYNCHRONOUS; docs/DECISIONS.md, "SQLite synchronous"). */
  sqliteSynchronous?: SqliteSynchronous;
}

/** The embedded database's file name in DATA_DIR. */
export const SQLITE_FILE_NAME = 'let-work-flow.sqlite';
export const sqliteFile = (dataDir: string): string => path.join(dataDir, SQLITE_FILE_NAME);

export type DatabaseKind = 'sqlite' | 'postgresql';
export const databaseKind = (databaseUrl: string | null): DatabaseKind => (databaseUrl ? 'postgresql' : 'sqlite');

// Set on every SQLite connection: MikroORM sets none of these itself (synchronous: docs/DECISIONS.md).
const sqlitePragmas = (synchronous: SqliteSynchronous): string =>
  `PRAGMA journal_mode = WAL; PRAGMA synchronous = ${synchronous === 'full' ? 'FULL' : 'NORMAL'}; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;`;

/** A better-sqlite3 connection (synchronous: exec throws on failure). */
type SqliteHandle = PreparingConnection & { exec(sql: string): unknown };

/** A node-postgres client as the pool hands it to `afterCreate`. */
interface PgClient {
  query(sql: string, callback: (err: Error | null) => void): void;
}

function loggerOptions(settings: OrmSettings): Partial<Options> {
  if (!settings.onQuery) return { debug: settings.debug ?? false };
  const onQuery = settings.onQuery;
  return {
    debug: ['query'],
    logger: (message: string) => onQuery(message),
    colors: false,
  };
}

/** MikroORM options for the embedded SQLite file or, with DATABASE_URL, PostgreSQL. */
export function ormOptions(settings: OrmSettings): Options {
  const common = {
    entities: [...settings.entities],
    extensions: [Migrator],
    forceUtcTimezone: true,
    allowGlobalContext: false,
    // Relations are plain id columns resolved through per-request loaders; keep lookups batched.
    dataloader: true,
    // The search index's FTS5 tables (and their shadow tables) and the activity totals kept by triggers
    // are made by migrations, not by entities: schema diffs leave them alone (docs/DECISIONS.md, "Search").
    schemaGenerator: { skipTables: [/^(task|comment)_search(_\w+)?$/, /^(audit|project_task)_counts$/] },
    ...loggerOptions(settings),
  } satisfies Partial<Options>;

  if (settings.databaseUrl) {
    return {
      ...common,
      driver: PostgreSqlDriver,
      clientUrl: settings.databaseUrl,
      subscribers: [new EventLogOrdering()],
      pool: {
        min: 0,
        max: 10,
        // No JIT compilation: the board's page (500 tasks with their counts as subqueries) is estimated
        // above jit_above_cost, and compiling it took 300-600 ms of a page that runs in 11 ms
        // (docs/DECISIONS.md, "PostgreSQL without JIT").
        afterCreate: (conn: PgClient, done: (err: Error | null, conn: PgClient) => void) => {
          conn.query('set jit = off', (err) => done(err ?? null, conn));
        },
      },
      migrations: {
        path: path.join(here, 'migrations/postgresql'),
        pathTs: path.join(here, 'migrations/postgresql'),
        migrationsList: postgresMigrations,
        transactional: true,
        snapshot: false,
        tableName: 'mikro_orm_migrations',
      },
    } as Options;
  }

  const pragmas = sqlitePragmas(settings.sqliteSynchronous ?? DEFAULT_SQLITE_SYNCHRONOUS);
  return {
    ...common,
    // better-sqlite3: synchronous statements, no thread-pool round trip each (docs/DECISIONS.md, "SQLite driver");
    // queries with their values bound, not written into their text (sqlite-driver.ts).
    driver: SqliteDriver,
    dbName: sqliteFile(settings.dataDir),
    pool: {
      min: 1,
      max: 1,
      afterCreate: (conn: SqliteHandle, done: (err: Error | null, conn: SqliteHandle) => void) => {
        try {
          conn.exec(pragmas);
          done(null, cachePreparedStatements(conn));
        } catch (err) {
          done(err as Error, conn);
        }
      },
    },
    migrations: {
      path: path.join(here, 'migrations/sqlite'),
      pathTs: path.join(here, 'migrations/sqlite'),
      migrationsList: sqliteMigrations,
      transactional: true,
      snapshot: false,
      tableName: 'mikro_orm_migrations',
    },
  } as Options;
}
