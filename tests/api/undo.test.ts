import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, usingPostgres, type TestServer } from './support/server.js';
import { Migration20261127210000 as PostgresRelation } from '../../api/db/migrations/postgresql/Migration20261127210000.js';
import { Migration20261127210000 as SqliteRelation } from '../../api/db/migrations/sqlite/Migration20261127210000.js';
import { Client } from './support/client.js';
import { auditOf, dayKey, expectRefused, newTask, people, readBack, type DemoName, type Person } from './support/task-helpers.js';

let server: TestServer;
let p: Record<DemoName, Person>;

beforeAll(async () => {
  server = await startServer();
  p = await people(server);
});
afterAll(() => server?.close());

describe('undo of a delete: POST /api/tasks/restore and restoreDeletedTasks', () => {
  it('brings deleted tasks back (same ids, subtasks, comments), audited; a second restore is a conflict', async () => {
    const one = await newTask(p.user.client, { title: `Undo one ${randomUUID().slice(0, 6)}` });
    const two = await newTask(p.user.client, { title: `Undo two ${randomUUID().slice(0, 6)}` });
    const sub = await p.user.client.post(`/api/tasks/${one.id}/subtasks`, { title: 'step' });
    const comment = await p.user.client.post(`/api/tasks/${one.id}/comments`, { content: 'note' });
    expect((await p.user.client.post('/api/tasks/bulk-delete', { ids: [one.id, two.id] })).status).toBe(200);

    const res = await p.user.client.post('/api/tasks/restore', { ids: [one.id, two.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.tasks.map((t: any) => t.id)).toEqual([one.id, two.id]);
    expect((await readBack(p.user.client, one.id)).title).toBe(one.title);
    expect((await p.user.client.get(`/api/tasks/${one.id}/subtasks`)).body.map((s: any) => s.id)).toEqual([sub.body.id]);
    expect((await p.user.client.get(`/api/tasks/${one.id}/comments`)).body.map((c: any) => c.id)).toEqual([comment.body.id]);
    expect((await auditOf(p.user.client, two.id))[0]).toMatchObject({ action: 'restored' });

    expectRefused(await p.user.client.post('/api/tasks/restore', { ids: [one.id] }), 409, /already restored/);
  });

  it('refuses what cannot be restored: empty lists, unknown ids, tasks the caller cannot read, no session', async () => {
    expectRefused(await p.user.client.post('/api/tasks/restore', { ids: [] }), 400);
    expectRefused(await p.user.client.post('/api/tasks/restore', { ids: [randomUUID()] }), 404);
    expectRefused(await p.user.client.post('/api/tasks/restore', { ids: ['nope'] }), 404);
    const hidden = await newTask(p.manager.client, { title: 'Manager private undo' });
    await p.manager.client.delete(`/api/tasks/${hidden.id}`);
    expectRefused(await p.user.client.post('/api/tasks/restore', { ids: [hidden.id] }), 404);
    expectRefused(await new Client(server.url).post('/api/tasks/restore', { ids: [hidden.id] }), 401);

    const gql = await p.manager.client.gql(`mutation($ids: [ID!]!) { restoreDeletedTasks(ids: $ids) { id title } }`, { ids: [hidden.id] });
    expect(gql.errors).toBeUndefined();
    expect(gql.data.restoreDeletedTasks).toEqual([{ id: hidden.id, title: 'Manager private undo' }]);
    const again = await p.manager.client.gql(`mutation($ids: [ID!]!) { restoreDeletedTasks(ids: $ids) { id } }`, { ids: [hidden.id] });
    expect(again.errors?.[0].extensions?.code).toBe('CONFLICT');
  });
});

describe("a move on another day's board (moveTask day)", () => {
  it("Today's Plan schedules for that day, Pending for the day after it, Pending from Before for the day before it", async () => {
    const day = dayKey(10);
    const task = await newTask(p.user.client, { title: 'Day move' });
    let res = await p.user.client.post(`/api/tasks/${task.id}/move`, { column: 'today', day });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.scheduledDate.slice(0, 10)).toBe(day);
    expect(res.body).toMatchObject({ status: 'In Progress', column: 'pending' });

    res = await p.user.client.post(`/api/tasks/${task.id}/move`, { column: 'pending', day });
    expect(res.body.scheduledDate.slice(0, 10)).toBe(dayKey(11));
    const gql = await p.user.client.gql(`mutation($input: MoveTaskInput!) { moveTask(input: $input) { scheduledDate scheduledTime } }`, {
      input: { taskId: task.id, column: 'PENDING_FROM_BEFORE', day },
    });
    expect(gql.errors).toBeUndefined();
    expect(gql.data.moveTask.scheduledDate.slice(0, 10)).toBe(dayKey(9));

    // A slot drop on that board: that day at that time.
    res = await p.user.client.post(`/api/tasks/${task.id}/move`, { column: 'today', scheduledTime: '14:30', day });
    expect(res.body.scheduledDate.slice(0, 10)).toBe(day);
    expect(res.body.scheduledTime).toBe('14:30');

    // Already in that day's plan: nothing changes, nothing is audited.
    const before = (await auditOf(p.user.client, task.id)).length;
    res = await p.user.client.post(`/api/tasks/${task.id}/move`, { column: 'today', day });
    expect(res.status).toBe(200);
    expect((await auditOf(p.user.client, task.id)).length).toBe(before);

    expectRefused(await p.user.client.post(`/api/tasks/${task.id}/move`, { column: 'today', day: 'someday' }), 400, /Day/);
  });
});

describe("undo of a repeating task's completion (reopening it)", () => {
  const occurrencesOf = async (c: Client, title: string) => ((await c.get('/api/tasks')).body as any[]).filter((t) => t.title === title);

  it('withdraws the next occurrence the completion created, audited; one someone has changed since stays', async () => {
    const title = `Standup ${randomUUID().slice(0, 6)}`;
    const task = await newTask(p.user.client, { title, isRepeatable: true, repeatPattern: 'daily', scheduledDate: dayKey(0) });
    const done = await p.user.client.patch(`/api/tasks/${task.id}`, { status: 'Done', version: task.version });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const [next] = (await occurrencesOf(p.user.client, title)).filter((t) => t.id !== task.id);
    expect(next).toMatchObject({ status: 'Planned' });

    // Undo: the earlier status with the version the completion left.
    const reopened = await p.user.client.patch(`/api/tasks/${task.id}`, { status: 'Planned', progress: 0, version: done.body.version });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect((await occurrencesOf(p.user.client, title)).map((t) => t.id)).toEqual([task.id]);
    expect((await auditOf(p.user.client, next.id))[0]).toMatchObject({ action: 'deleted' });

    // Completed again, and this time the next occurrence is worked on before the reopening: it stays.
    const again = await p.user.client.patch(`/api/tasks/${task.id}`, { status: 'Done', version: reopened.body.version });
    const [second] = (await occurrencesOf(p.user.client, title)).filter((t) => t.id !== task.id);
    expect((await p.user.client.patch(`/api/tasks/${second.id}`, { description: 'Notes for tomorrow' })).status).toBe(200);
    expect((await p.user.client.patch(`/api/tasks/${task.id}`, { status: 'Planned', version: again.body.version })).status).toBe(200);
    expect((await occurrencesOf(p.user.client, title)).map((t) => t.id).sort()).toEqual([task.id, second.id].sort());
  });

  it('finds the occurrence by its stored relation: a renamed task still withdraws it when reopened', async () => {
    const title = `Review ${randomUUID().slice(0, 6)}`;
    const task = await newTask(p.user.client, { title, isRepeatable: true, repeatPattern: 'weekly', scheduledDate: dayKey(0) });
    const done = await p.user.client.patch(`/api/tasks/${task.id}`, { status: 'Done', version: task.version });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.repeatedFromTaskId).toBeNull();
    const [next] = (await occurrencesOf(p.user.client, title)).filter((t) => t.id !== task.id);
    expect(next).toMatchObject({ status: 'Planned', repeatedFromTaskId: task.id });
    expect((await readBack(p.user.client, next.id)).repeatedFromTaskId).toBe(task.id);

    // Renamed while Done: the occurrence's creation entry names the old title, the relation does not.
    const renamed = await p.user.client.patch(`/api/tasks/${task.id}`, { title: `${title} (renamed)`, version: done.body.version });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const reopened = await p.user.client.patch(`/api/tasks/${task.id}`, { status: 'Planned', progress: 0, version: renamed.body.version });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect((await occurrencesOf(p.user.client, title)).map((t) => t.id)).toEqual([]);
    expect((await auditOf(p.user.client, next.id))[0]).toMatchObject({ action: 'deleted' });
  });

  it('the migration that added the relation fills it for existing occurrences from their audit entries', async () => {
    const title = `Backfill ${randomUUID().slice(0, 6)}`;
    const task = await newTask(p.user.client, { title, isRepeatable: true, repeatPattern: 'daily', scheduledDate: dayKey(0) });
    expect((await p.user.client.patch(`/api/tasks/${task.id}`, { status: 'Done', version: task.version })).status).toBe(200);
    const [next] = (await occurrencesOf(p.user.client, title)).filter((t) => t.id !== task.id);
    const orm = server.app.runtime.orm;
    const connection = orm.em.getConnection();
    await connection.execute('update tasks set repeated_from_task_id = null where id in (?, ?)', [task.id, next.id]);
    expect((await readBack(p.user.client, next.id)).repeatedFromTaskId).toBeNull();

    // The migration's fill statement (its last), run again on rows as they were before it.
    const migration = new (usingPostgres() ? PostgresRelation : SqliteRelation)(orm.em.getDriver() as never, orm.config);
    await migration.up();
    await connection.execute(String(migration.getQueries().at(-1)));
    expect((await readBack(p.user.client, next.id)).repeatedFromTaskId).toBe(task.id);
    expect((await readBack(p.user.client, task.id)).repeatedFromTaskId).toBeNull();
  });
});
