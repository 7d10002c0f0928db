/**
 * The workspace export's format (docs/WORKSPACE-FORMAT.md): a gzipped tar file holding
 *
 *   manifest.json          { format, version, exportedAt, sourceDialect, lastMigration, tables, files }
 *   tables/<table>.ndjson  one JSON object per row, keys as the schema's column names
 *   files/...              uploaded files, when there are any
 *
 * Values are written in one form whatever the database: booleans as true/false, dates as ISO 8601
 * strings in UTC, JSON columns as JSON values, numbers as numbers, text as text.
 */
export const FORMAT = 'let-work-flow/workspace';
export const FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
export const TABLES_DIR = 'tables';
export const FILES_DIR = 'files';

export type Dialect = 'sqlite' | 'postgresql';

export interface WorkspaceManifest {
  format: typeof FORMAT;
  version: number;
  exportedAt: string;
  sourceDialect: Dialect;
  /** The last migration applied to the source database (names differ by dialect; their timestamps agree). */
  lastMigration: string | null;
  /** Rows per table (tables/<name>.ndjson). */
  tables: Record<string, number>;
  /** Uploaded files under files/. */
  files: number;
}

/** A problem an operator can fix; its message is shown as it is, without a stack. */
export class TransferError extends Error {
  constructor(
    message: string,
    /** The exit code of the command (2: refused, nothing changed). */
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/**
 * Tables that are not carried: sessions and passkey challenges (old sign-ins end with the move, and a
 * challenge lives five minutes), the migration record (the target's own migrations run), SQLite's
 * search index and its row map, which its triggers rebuild as the rows go in (PostgreSQL's search is
 * indexes on the tables themselves), and the counts kept by triggers (audit_counts,
 * project_task_counts), which count the rows again as they go in.
 */
export const SKIPPED_TABLES: readonly RegExp[] = [
  /^sessions$/,
  /^passkey_challenges$/,
  /^mikro_orm_migrations$/,
  /^sqlite_/,
  /^(task|comment)_search(_\w+)?$/,
  /^(audit|project_task)_counts$/,
];
export const isCarried = (table: string): boolean => !SKIPPED_TABLES.some((pattern) => pattern.test(table));

/** The timestamp of a migration's name (Migration20261128020000 -> 20261128020000): both dialects' lists agree on them. */
export const migrationStamp = (name: string | null): string => /(\d{14})/.exec(name ?? '')?.[1] ?? '';
