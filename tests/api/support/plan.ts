import { usingPostgres, type TestServer } from './server.js';

/**
 * The plan of a statement on the server's database: SQLite's EXPLAIN QUERY PLAN, or PostgreSQL's
 * EXPLAIN after ANALYZE with sequential scans discouraged (a few rows make a sequential scan the
 * cheapest plan; the question is whether an index can serve the statement).
 */
export async function planOf(server: TestServer, sql: string, params: unknown[]): Promise<string> {
  const connection = server.app.runtime.orm.em.getConnection();
  if (!usingPostgres()) {
    const rows = await connection.execute<{ detail: string }[]>(`explain query plan ${sql}`, params);
    return rows.map((r: { detail: string }) => r.detail).join('\n');
  }
  return connection.transactional(async (trx) => {
    await connection.execute('set local enable_seqscan = off', [], 'run', trx);
    await connection.execute('analyze tasks', [], 'run', trx);
    // EXPLAIN takes no bound parameters: the values go in as literals.
    let i = 0;
    const literal = (value: unknown) =>
      value instanceof Date ? `'${value.toISOString()}'::timestamptz` : typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
    const inlined = sql.replace(/\?|\$\d+/g, () => literal(params[i++]));
    const rows = await connection.execute<{ 'QUERY PLAN': string }[]>(`explain ${inlined}`, [], 'all', trx);
    return rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n');
  });
}
