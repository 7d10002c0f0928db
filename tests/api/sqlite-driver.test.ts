import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

describe.skipIf(usingPostgres())('the SQLite driver runs statements on the connection itself', () => {
  const orm = () => server.app.runtime.orm;

  it('binds Dates and booleans as numbers, as knex does, and names the statement of an error', async () => {
    const connection = orm().em.fork().getConnection();
    expect(await connection.execute('select ? as d, ? as t, ? as f', [new Date(5), true, false])).toEqual([{ d: 5, t: 1, f: 0 }]);
    expect(await connection.execute('select count(*) as n from users where is_active = ?', [true], 'get')).toMatchObject({ n: expect.any(Number) });
    await expect(connection.execute('select * from no_such_table where id = ?', [1])).rejects.toThrow(
      /^select \* from no_such_table where id = \? - no such table: no_such_table/,
    );
  });

  it('runs a statement outside a transaction only after an open transaction has ended, and inside one on its connection', async () => {
    const connection = orm().em.fork().getConnection();
    await connection.execute('create table if not exists direct_probe (n integer)');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedOnce = new Promise<void>((resolve) => (inserted = resolve));
    const open = orm()
      .em.fork()
      .transactional(async (tx) => {
        await tx.getConnection().execute('insert into direct_probe (n) values (?)', [1], 'run', tx.getTransactionContext());
        // Inside: its own uncommitted row is seen.
        expect(await tx.getConnection().execute('select count(*) as c from direct_probe where n = ?', [1], 'get', tx.getTransactionContext())).toEqual({
          c: 1,
        });
        inserted();
        await gate;
      });
    await insertedOnce;
    let outsideDone = false;
    const outside = connection.execute<{ c: number }>('select count(*) as c from direct_probe where n = ?', [1], 'get').then((row) => {
      outsideDone = true;
      return row;
    });
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(outsideDone, 'a statement outside ran inside the open transaction').toBe(false);
    release();
    await open;
    expect(await outside).toEqual({ c: 1 });

    // A rolled back transaction leaves nothing.
    await expect(
      orm()
        .em.fork()
        .transactional(async (tx) => {
          await tx.getConnection().execute('insert into direct_probe (n) values (?)', [2], 'run', tx.getTransactionContext());
          throw new Error('undo');
        }),
    ).rejects.toThrow('undo');
    expect(await connection.execute('select count(*) as c from direct_probe where n = ?', [2], 'get')).toEqual({ c: 0 });
    await connection.execute('drop table direct_probe');
  });
});

describe.skipIf(usingPostgres())("the SQLite driver precomposes the unit of work's updates", () => {
  it("writes a change with MikroORM's statement (version raised and checked), refuses a stale version, and leaves other updates to MikroORM", async () => {
    const admin = await signedIn(server.url, 'admin');
    const created = await admin.post('/api/tasks', { title: 'Precomposed', tags: ['a'] });
    expect(created.status).toBe(201);
    const orm = server.app.runtime.orm;
    const { Task } = await import('../../api/modules/task/task.entity.js');
    const mine = orm.em.fork();
    const stale = orm.em.fork();
    const task = await mine.findOneOrFail(Task, { id: created.body.id });
    const old = await stale.findOneOrFail(Task, { id: created.body.id });
    // No query builder: the statement is precomposed.
    const builders = vi.spyOn(orm.em.getDriver() as unknown as { createQueryBuilder(): unknown }, 'createQueryBuilder');
    const texts = await preparedDuring(async () => {
      task.title = 'Precomposed again';
      await mine.flush();
    });
    expect(texts.filter((sql) => sql.startsWith('update'))).toEqual([
      'update `tasks` set `title` = ?, `version` = `version` + 1 where `id` = ? and `version` = ? returning `version`',
    ]);
    expect(builders).not.toHaveBeenCalled();
    builders.mockRestore();
    expect(task.version).toBe(old.version + 1);

    old.title = 'Stale';
    await expect(stale.flush()).rejects.toThrow(/optimistic lock/i);
    const reread = await orm.em.fork().findOneOrFail(Task, { id: created.body.id });
    expect(reread).toMatchObject({ title: 'Precomposed again', version: task.version, tags: ['a'] });

    // A JSON column and an update by condition (not the unit of work's): MikroORM's own way, same outcome.
    task.tags = ['a', 'b'];
    await mine.flush();
    expect(await orm.em.fork().nativeUpdate(Task, { id: task.id }, { priority: 'high' })).toBe(1);
    expect(await orm.em.fork().findOneOrFail(Task, { id: task.id })).toMatchObject({ tags: ['a', 'b'], priority: 'high', title: 'Precomposed again' });
  });
});
