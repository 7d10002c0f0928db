/**
 * Values between a database and the file: one form in the file (WORKSPACE-FORMAT.md, "Values"), and
 * each database's own form going in, the form MikroORM writes there itself (SQLite: booleans 0/1,
 * dates as milliseconds since 1970, JSON as text; PostgreSQL: booleans, timestamptz, jsonb).
 */
import type { Dialect } from './transfer.format.js';
import type { ColumnKind } from './transfer.schema.js';

/** A date as SQLite or PostgreSQL hands it over (milliseconds, text, or a Date), as an ISO string. */
function isoDate(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'bigint') return new Date(Number(value)).toISOString();
  const text = String(value).trim();
  if (/^-?\d+$/.test(text)) return new Date(Number(text)).toISOString();
  // PostgreSQL's text form ('2026-11-28 02:00:00.123+00') and SQLite's CURRENT_TIMESTAMP ('2026-11-28
  // 02:00:00', UTC without saying so) as ISO 8601.
  const parts = /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d(?::\d\d(?:\.\d+)?)?)\s*(Z|[+-]\d\d(?::?\d\d)?)?$/i.exec(text);
  let iso = text;
  if (parts) {
    const zone = parts[3] ? (parts[3].toUpperCase() === 'Z' ? 'Z' : parts[3].length === 3 ? `${parts[3]}:00` : parts[3]) : 'Z';
    iso = `${parts[1]}T${parts[2]}${zone}`;
  }
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new Error(`Not a date: ${text}`);
  return date.toISOString();
}

/** A value read from the database, in the file's form. */
export function toFileValue(kind: ColumnKind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'boolean':
      return typeof value === 'boolean' ? value : Number(value) !== 0;
    case 'date':
      return isoDate(value);
    case 'json':
      return typeof value === 'string' ? JSON.parse(value) : value;
    default:
      if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
      if (Buffer.isBuffer(value)) return value.toString('base64');
      return value;
  }
}

/** A value from the file, in the form the target database stores it. */
export function toDatabaseValue(dialect: Dialect, kind: ColumnKind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'boolean':
      return dialect === 'sqlite' ? (value ? 1 : 0) : Boolean(value);
    case 'date': {
      const ms = typeof value === 'number' ? value : Date.parse(String(value));
      return dialect === 'sqlite' ? ms : new Date(ms).toISOString();
    }
    case 'json':
      return JSON.stringify(value);
    default:
      return typeof value === 'boolean' && dialect === 'sqlite' ? (value ? 1 : 0) : value;
  }
}
