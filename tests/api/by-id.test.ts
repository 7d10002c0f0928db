import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { findById, findByIds } from '../../api/common/by-id.js';
import { User } from '../../api/modules/user/user.entity.js';

let server: TestServer;
let ids: string[];

beforeAll(async () => {
  server = await startServer();
  ids = (await server.app.runtime.orm.em.fork().find(User, {}, { orderBy: { username: 'asc' } })).map((u) => u.id);
});
afterAll(() => server?.close());

/** The statements a step runs (the realtime layer and the webhook worker poll in the background). */
async function statementsOf<T>(step: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  server.queries.reset();
  const result = await step();
  return { result, statements: server.queries.log().filter((sql) => !/task_events|webhook/.test(sql)) };
}

describe('findByIds: entities by primary key without building a query each time', () => {
  it('reads the missing ones in one statement, leaves out unknown ids and returns what the unit of work has without a query', async () => {
    const em = server.app.runtime.orm.em.fork();
    const [a, b] = ids;
    const first = await statementsOf(() => findByIds(em, User, [a, randomUUID(), b, a]));
    expect(first.statements).toHaveLength(1);
    expect(first.result.map((u) => u.id).sort()).toEqual([a, b].sort());
    expect(first.result.every((u) => u instanceof User)).toBe(true);

    const again = await statementsOf(() => findByIds(em, User, [b, a]));
    expect(again.statements).toEqual([]);
    expect(new Set(again.result)).toEqual(new Set(first.result)); // the same managed instances
    expect(await findById(em, User, a)).toBe(first.result.find((u) => u.id === a));
  });

  it('returns managed entities whose flush writes only the changed column', async () => {
    const em = server.app.runtime.orm.em.fork();
    const [user] = await findByIds(em, User, [ids[0]]);
    user.firstName = 'Renamed';
    const { statements } = await statementsOf(() => em.flush());
    const updates = statements.filter((sql) => /^\[query\] update/.test(sql));
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatch(/set [`"]first_name[`"] = (\?|\$1)/);
    expect(updates[0]).not.toMatch(/last_name|email/);
    expect((await server.app.runtime.orm.em.fork().findOneOrFail(User, ids[0])).firstName).toBe('Renamed');
  });

  it('makes the same entity as em.findOne: every property with its type (booleans, dates, JSON), and an unchanged one flushes nothing', async () => {
    const admin = server.app.runtime.orm.em.fork();
    const user = await findById(admin, User, ids[0]);
    const reference = await server.app.runtime.orm.em.fork().findOneOrFail(User, ids[0]);
    expect(user).toBeInstanceOf(User);
    expect(typeof user!.isActive).toBe('boolean');
    expect(user!.createdAt).toBeInstanceOf(Date);
    expect({ ...user }).toEqual({ ...reference });

    const taskId = (await server.app.runtime.orm.em.fork().getConnection().execute<{ id: string }[]>('select id from tasks limit 1'))[0]?.id;
    const { Task } = await import('../../api/modules/task/task.entity.js');
    const em = server.app.runtime.orm.em.fork();
    expect(taskId, 'the demo data has tasks').toBeDefined();
    const task = await findById(em, Task, taskId);
    const expected = await server.app.runtime.orm.em.fork().findOneOrFail(Task, taskId);
    expect({ ...task }).toEqual({ ...expected });
    expect(Array.isArray(task!.tags)).toBe(true);
    expect(typeof task!.isRepeatable).toBe('boolean');
    const { statements } = await statementsOf(() => em.flush());
    expect(statements).toEqual([]);
  });

  it('reads a long list in statements of at most 500 ids', async () => {
    const em = server.app.runtime.orm.em.fork();
    const many = [...Array.from({ length: 600 }, () => randomUUID()), ids[1]];
    const { result, statements } = await statementsOf(() => findByIds(em, User, many));
    expect(statements).toHaveLength(2);
    expect(result.map((u) => u.id)).toEqual([ids[1]]);
  });

  it('reads nothing for no ids', async () => {
    const { result, statements } = await statementsOf(() => findByIds(server.app.runtime.orm.em.fork(), User, []));
    expect(result).toEqual([]);
    expect(statements).toEqual([]);
  });
});
