import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, usingPostgres, type TestServer } from './support/server.js';

// PostgreSQL compiled the board's page (500 tasks, their counts as subqueries) with JIT: 300-600 ms of a
// statement that runs in 11 ms without it (docs/DECISIONS.md, "PostgreSQL without JIT").

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

describe.skipIf(!usingPostgres())('the server’s PostgreSQL sessions', () => {
  it('run without JIT compilation, on every connection of the pool', async () => {
    const em = server.app.runtime.orm.em.fork();
    // Several at once, so the pool opens more than one connection.
    const answers = await Promise.all(Array.from({ length: 4 }, () => em.getConnection().execute<{ jit: string }[]>('show jit', [], 'all')));
    expect(answers.map(([row]) => row.jit)).toEqual(['off', 'off', 'off', 'off']);
  });
});
