import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, usingPostgres, type TestServer } from './support/server.js';
import { signedIn } from './support/client.js';
import type { AbstractSqlConnection } from '@mikro-orm/knex';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

type Prepares = { prepare(sql: string): unknown };

/** The texts the SQLite connection prepares while `step` runs. */
async function preparedDuring(step: () => Promise<void>): Promise<string[]> {
  const client = (server.app.runtime.orm.em.getConnection() as AbstractSqlConnection).getKnex().client;
  const db = (await client.acquireConnection()) as Prepares;
  await client.releaseConnection(db);
  const prepare = db.prepare;
  const texts: string[] = [];
  db.prepare = (sql: string) => {
    texts.push(sql);
    return prepare(sql);
  };
  try {
    await step();
  } finally {
    db.prepare = prepare;
  }
  return texts;
}

describe.skipIf(usingPostgres())('the SQLite driver binds the values of text queries', () => {
  it('inserts with placeholders, not with the values written into the text', async () => {
    const admin = await signedIn(server.url, 'admin');
    const title = `Bound 'quoted' title ${Date.now()}`;
    const texts = await preparedDuring(async () => {
      expect((await admin.post('/api/tasks', { title })).status).toBe(201);
    });
    const inserts = texts.filter((sql) => sql.startsWith('insert into'));
    expect(inserts.map((sql) => sql.split(' ')[2]).sort()).toEqual(expect.arrayContaining(['`audit_entries`', '`task_events`', '`tasks`']));
    for (const sql of inserts) {
      expect(sql).toContain('?');
      expect(sql).not.toContain('quoted');
    }
    const list = await admin.get('/api/tasks');
    expect((list.body as { title: string }[]).some((t) => t.title === title)).toBe(true);
  });

  it('still runs raw queries with their bindings, and those it cannot bind as MikroORM does', async () => {
    const connection = server.app.runtime.orm.em.fork().getConnection();
    expect(await connection.execute('select ? as a, ? as b, ? as c', ["it's", 2, null])).toEqual([{ a: "it's", b: 2, c: null }]);
    expect(await connection.execute('select ?? as v from (select 7 as `n`)', ['n'])).toEqual([{ v: 7 }]);
  });
});
