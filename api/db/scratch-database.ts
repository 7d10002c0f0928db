import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Replaces the database name of a postgres:// URL. */
export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Creates an empty PostgreSQL database next to `baseUrl`'s and returns its URL. */
export async function createScratchDatabase(baseUrl: string, prefix: string): Promise<string> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  return withDatabaseName(baseUrl, name);
}

/** Drops a database made by createScratchDatabase (closing any connection left on it). */
export async function dropScratchDatabase(baseUrl: string, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** Runs `fn` against a throwaway database and drops it afterwards. */
export async function withScratchDatabase<T>(baseUrl: string, prefix: string, fn: (url: string) => Promise<T>): Promise<T> {
  const url = await createScratchDatabase(baseUrl, prefix);
  try {
    return await fn(url);
  } finally {
    await dropScratchDatabase(baseUrl, url);
  }
}
