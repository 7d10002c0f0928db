import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { startServer, usingPostgres, type TestServer } from './support/server.js';
import { signedIn, type Client } from './support/client.js';
import { readDetachedRowsWith, readPlainRowsWith } from '../../api/common/plain-rows.js';
import { countColumns } from '../../api/modules/task/task.loaders.js';
import { selectsArrays } from '../../api/db/sqlite-driver.js';
import { Task } from '../../api/modules/task/task.entity.js';

let server: TestServer;
let admin: Client;
let full: { id: string };
let bare: { id: string };

beforeAll(async () => {
  server = await startServer();
  admin = await signedIn(server.url, 'admin');
  const created = await admin.post('/api/tasks', {
    title: 'Every field set',
    description: 'With a description',
    project: 'Website',
    dueDate: '2026-12-01',
    scheduledDate: '2026-11-30',
    scheduledTime: '09:30',
    estimatedHours: 1.5,
    tags: ['alpha', 'beta'],
    isRepeatable: true,
    repeatPattern: 'weekly',
    repeatEndDate: '2027-01-31',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  full = created.body as { id: string };
  expect((await admin.post(`/api/tasks/${full.id}/subtasks`, { title: 'A step' })).status).toBe(201);
  expect((await admin.post(`/api/tasks/${full.id}/comments`, { content: 'A note' })).status).toBe(201);
  bare = (await admin.post('/api/tasks', { title: 'Nothing else set' })).body as { id: string };
});
afterAll(() => server?.close());

const ORDER = { orderBy: { createdAt: 'asc' as const, id: 'asc' as const } };
const COUNTS = { subtaskCounts: true, commentCounts: true };

/** The same rows as MikroORM's query builder maps them (JSON parsed where the driver left it text, as readPlainRowsWith does). */
async function mappedByMikroOrm(em: SqlEntityManager, ids: string[]): Promise<Record<string, unknown>[]> {
  const rows = await em
    .createQueryBuilder(Task)
    .select('*')
    .where({ id: { $in: ids } })
    .orderBy(ORDER.orderBy)
    .execute<Record<string, unknown>[]>('all', true);
  return rows.map((row) => ({ ...row, tags: typeof row.tags === 'string' ? (JSON.parse(row.tags) as unknown) : row.tags }));
}

describe('plain rows: read-only task rows without entities', () => {
  it("are MikroORM's mapped rows: the same properties in the same order, Dates, booleans, JSON, nulls, and the extra numbers", async () => {
    const em = server.app.runtime.orm.em.fork() as SqlEntityManager;
    const ids = [full.id, bare.id];
    const { rows, extras } = await readPlainRowsWith(em, Task, { id: { $in: ids } }, ORDER, countColumns(em, COUNTS));
    const expected = await mappedByMikroOrm(em, ids);

    expect(rows.map(({ row_extras: _extras, ...rest }: Record<string, unknown>) => rest)).toEqual(expected);
    expect(Object.keys(rows[0])).toEqual([...Object.keys(expected[0]), 'row_extras']);
    const [first, second] = rows as unknown as Record<string, unknown>[];
    expect(first).toMatchObject({ title: 'Every field set', tags: ['alpha', 'beta'], isRepeatable: true, estimatedHours: 1.5, scheduledTime: '09:30' });
    for (const date of ['dueDate', 'scheduledDate', 'repeatEndDate', 'createdAt', 'updatedAt']) expect(first[date]).toBeInstanceOf(Date);
    expect((first.dueDate as Date).toISOString()).toBe('2026-12-01T12:00:00.000Z');
    expect(second).toMatchObject({ isRepeatable: false, dueDate: null, description: null, tags: [] });
    expect(Object.getPrototypeOf(first)).toBe(Object.prototype);
    expect(extras).toEqual([
      { subtask_total: 1, subtask_done: 0, comment_total: 1 },
      { subtask_total: 0, subtask_done: 0, comment_total: 0 },
    ]);
  });

  it('detached rows are tasks to instanceof, with their values as own properties, and nothing enters the unit of work', async () => {
    const em = server.app.runtime.orm.em.fork();
    const { rows } = await readDetachedRowsWith(em, Task, { id: full.id }, ORDER);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toBeInstanceOf(Task);
    expect(Object.getOwnPropertyDescriptor(rows[0], 'title')).toMatchObject({ value: 'Every field set', writable: true, enumerable: true });
    expect(em.getUnitOfWork().getById(Task.name, full.id)).toBeUndefined();
  });

  it("inside a transaction, reads on the transaction's connection (its own uncommitted rows)", async () => {
    const em = server.app.runtime.orm.em.fork();
    const seen = await em
      .transactional(async (tem) => {
        const task = Object.assign(new Task(), { title: 'Uncommitted' });
        await tem.persist(task).flush();
        const { rows } = await readPlainRowsWith(tem, Task, { id: task.id }, ORDER);
        throw Object.assign(new Error('roll back'), { rows });
      })
      .catch((err: { rows?: { title: string }[] }) => err.rows);
    expect(seen?.map((r) => r.title)).toEqual(['Uncommitted']);
  });
});

describe.skipIf(usingPostgres())('plain rows on SQLite: array rows', () => {
  const connection = () => {
    const c = server.app.runtime.orm.em.fork().getConnection();
    if (!selectsArrays(c)) throw new Error('not the SQLite driver');
    return c;
  };

  it('answers a select as arrays with its column names; the same text then still answers objects (the statement is shared)', async () => {
    const c = connection();
    const sql = 'select ? as a, ? as b';
    expect(await c.selectArrays(sql, [1, "it's"])).toEqual({ columns: ['a', 'b'], rows: [[1, "it's"]] });
    expect(await c.execute(sql, [1, "it's"])).toEqual([{ a: 1, b: "it's" }]);
    await expect(c.selectArrays('select no_such_column from tasks', [])).rejects.toThrow(/^select no_such_column from tasks - no such column/);
    expect(await c.selectArrays('select ?? as v from (select 7 as `n`)', ['n'])).toBeNull(); // MikroORM's way
  });

  it("reads the page as arrays, not through MikroORM's query execution", async () => {
    const em = server.app.runtime.orm.em.fork();
    const c = em.getConnection();
    const execute = vi.spyOn(c, 'execute');
    try {
      const { rows } = await readPlainRowsWith(em, Task, { id: { $in: [full.id, bare.id] } }, ORDER, countColumns(em, COUNTS));
      expect(rows).toHaveLength(2);
      expect(execute).not.toHaveBeenCalled();
    } finally {
      execute.mockRestore();
    }
  });
});
