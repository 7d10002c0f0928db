import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { Client } from './support/client.js';
import { AuditEntry } from '../../api/modules/audit/audit.entity.js';
import { auditOf, dayKey, expectRefused, newTask, people, type DemoName, type Person } from './support/task-helpers.js';

let server: TestServer;
let p: Record<DemoName, Person>;

beforeAll(async () => {
  server = await startServer();
  p = await people(server);
});
afterAll(() => server?.close());

const timeline = async (c: Client, query: string) => {
  const res = await c.get(`/api/audit?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as any[];
};

describe('GET /api/audit?taskId=', () => {
  it("lists a task's entries newest first with the user's name and exactly the changed fields", async () => {
    const task = await newTask(p.user.client, { title: 'Audit trail', priority: 'low' });
    await p.user.client.patch(`/api/tasks/${task.id}`, { priority: 'high', progress: 40 });
    await p.manager.client.patch(`/api/tasks/${task.id}`, { progress: 60 });
    await p.user.client.post(`/api/tasks/${task.id}/subtasks`, { title: 'step' });
    await p.user.client.post(`/api/tasks/${task.id}/comments`, { content: 'note' });

    const entries = await auditOf(p.user.client, task.id);
    expect(entries.map((e) => [e.action, e.entityType, e.userName])).toEqual([
      ['created', 'comment', 'Uri User'],
      ['created', 'subtask', 'Uri User'],
      ['updated', 'task', 'Maya Manager'],
      ['updated', 'task', 'Uri User'],
      ['created', 'task', 'Uri User'],
    ]);
    const update = entries[3];
    expect(JSON.parse(update.oldValues)).toEqual({ priority: 'low', progress: 0 });
    expect(JSON.parse(update.newValues)).toEqual({ priority: 'high', progress: 40 });
    expect(update.changes).toEqual([
      { field: 'priority', oldValue: 'low', newValue: 'high' },
      { field: 'progress', oldValue: 0, newValue: 40 },
    ]);
    expect(entries[2].changes).toEqual([{ field: 'progress', oldValue: 40, newValue: 60 }]);
    expect(update).not.toHaveProperty('readers');
    const times = entries.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("a member cannot read another's task log (404); unknown ids are 404; no session is 401", async () => {
    const task = await newTask(p.admin.client);
    expectRefused(await p.user.client.get(`/api/audit?taskId=${task.id}`), 404, /Task not found/);
    expectRefused(await p.user.client.get(`/api/audit?taskId=${randomUUID()}`), 404);
    expectRefused(await p.user.client.get('/api/audit?taskId=zzz'), 404);
    expectRefused(await new Client(server.url).get(`/api/audit?taskId=${task.id}`), 401);
    expect(await auditOf(p.manager.client, task.id)).toHaveLength(1);
  });
});

describe('activity timeline: GET /api/audit without taskId', () => {
  it("members see only their tasks' entries; managers and admins see all", async () => {
    const tag = `scope-${randomUUID().slice(0, 8)}`;
    const adminsTask = await newTask(p.admin.client, { title: `${tag} admin` });
    const usersTask = await newTask(p.user.client, { title: `${tag} user` });
    const forUser = await newTask(p.manager.client, { title: `${tag} for user`, assignedToId: p.user.id });

    const seenByUser = await timeline(p.user.client, `q=${tag}`);
    expect(seenByUser.map((e) => e.taskId).sort()).toEqual([usersTask.id, forUser.id].sort());
    const all = await timeline(p.manager.client, `q=${tag}`);
    expect(all.map((e) => e.taskId).sort()).toEqual([adminsTask.id, usersTask.id, forUser.id].sort());
    expect((await timeline(p.admin.client, `q=${tag}`)).length).toBe(3);

    const everything = await timeline(p.user.client, 'limit=500');
    expect(everything.some((e) => e.taskId === adminsTask.id)).toBe(false);
  });

  it('administration entries (no task) are visible to admins only', async () => {
    const tag = `admin-${randomUUID().slice(0, 8)}`;
    const em = server.app.runtime.orm.em.fork();
    em.persist(
      Object.assign(new AuditEntry(), {
        action: 'updated',
        entityType: 'user',
        entityId: p.user.id,
        description: `${tag} role changed`,
        userId: p.admin.id,
        createdAt: new Date(),
      }),
    );
    await em.flush();
    expect((await timeline(p.admin.client, `q=${tag}`)).map((e) => e.entityType)).toEqual(['user']);
    expect(await timeline(p.manager.client, `q=${tag}`)).toEqual([]);
    expect(await timeline(p.user.client, `q=${tag}`)).toEqual([]);
  });

  it('a task later assigned to a member brings its earlier history; a deleted task keeps its history for its readers', async () => {
    const tag = `moved-${randomUUID().slice(0, 8)}`;
    const task = await newTask(p.admin.client, { title: tag });
    await p.admin.client.patch(`/api/tasks/${task.id}`, { description: `${tag} details` });
    expect(await timeline(p.user.client, `q=${tag}`)).toEqual([]);
    await p.admin.client.patch(`/api/tasks/${task.id}`, { assignedToId: p.user.id });
    expect((await timeline(p.user.client, `taskId=${task.id}&q=${tag}`)).map((e) => e.action)).toEqual(['updated', 'updated', 'created']);

    const own = await newTask(p.user.client, { title: `${tag} own` });
    await p.user.client.delete(`/api/tasks/${own.id}`);
    const history = await timeline(p.user.client, `taskId=${own.id}&action=created`);
    expect(history).toHaveLength(1);
    expect((await timeline(p.user.client, `taskId=${own.id}&action=deleted`))[0].changes[0]).toMatchObject({ field: 'title', newValue: null });
  });

  it('filters by user, action, entity type, dates and text, newest first, capped by limit', async () => {
    const tag = `filter-${randomUUID().slice(0, 8)}`;
    const task = await newTask(p.user.client, { title: tag });
    await p.manager.client.patch(`/api/tasks/${task.id}`, { priority: 'high' });
    await p.user.client.post(`/api/tasks/${task.id}/comments`, { content: `${tag} comment` });

    const byManager = await timeline(p.user.client, `taskId=${task.id}&userId=${p.manager.id}`);
    expect(byManager.map((e) => e.action)).toEqual(['updated']);
    expect(byManager[0]).toMatchObject({ userName: 'Maya Manager', changes: [{ field: 'priority', oldValue: 'medium', newValue: 'high' }] });
    expect((await timeline(p.user.client, `taskId=${task.id}&action=created`)).map((e) => e.entityType)).toEqual(['comment', 'task']);
    expect((await timeline(p.user.client, `taskId=${task.id}&entityType=comment`)).length).toBe(1);
    expect((await timeline(p.user.client, `taskId=${task.id}&from=${dayKey()}&to=${dayKey()}`)).length).toBe(3);
    expect(await timeline(p.user.client, `taskId=${task.id}&to=${dayKey(-1)}`)).toEqual([]);
    expect(await timeline(p.user.client, `taskId=${task.id}&from=${dayKey(1)}`)).toEqual([]);
    expect((await timeline(p.user.client, `q=${tag.toUpperCase()} comment`)).map((e) => e.entityType)).toEqual(['comment']);
    expect((await timeline(p.user.client, `taskId=${task.id}&limit=2`)).map((e) => e.action)).toEqual(['created', 'updated']);
  });

  it('refuses bad filters with a readable 400', async () => {
    expectRefused(await p.user.client.get('/api/audit?from=2026-02-30'), 400, /From is not a valid date/);
    expectRefused(await p.user.client.get('/api/audit?to=tomorrow'), 400, /To must be a date/);
    expectRefused(await p.user.client.get(`/api/audit?from=${dayKey()}&to=${dayKey(-2)}`), 400, /From must be on or before To/);
    expectRefused(await p.user.client.get('/api/audit?limit=0'), 400, /limit must be a whole number from 1 to 500/);
    expectRefused(await p.user.client.get('/api/audit?limit=abc'), 400, /limit/);
    expectRefused(await new Client(server.url).get('/api/audit'), 401);
  });
});

describe('GraphQL taskAudit and activity', () => {
  it('taskAudit: user, parsed changes as JSON text, raw JSON fields', async () => {
    const task = await newTask(p.user.client, { title: 'GQL audit' });
    await p.user.client.patch(`/api/tasks/${task.id}`, { tags: ['x', 'y'], estimatedHours: 1.5 });
    const res = await p.user.client.gql(
      `query($id: ID!) { taskAudit(taskId: $id) { action entityType taskId userName oldValues newValues user { id username } changes { field oldValue newValue } } }`,
      { id: task.id },
    );
    expect(res.errors).toBeUndefined();
    const [update, create] = res.data.taskAudit;
    expect(create.action).toBe('created');
    expect(update).toMatchObject({ action: 'updated', entityType: 'task', taskId: task.id, userName: 'Uri User', user: { id: p.user.id, username: 'user' } });
    expect(update.changes).toEqual([
      { field: 'tags', oldValue: '[]', newValue: '["x","y"]' },
      { field: 'estimatedHours', oldValue: null, newValue: '1.5' },
    ]);
    expect(JSON.parse(update.newValues)).toEqual({ tags: ['x', 'y'], estimatedHours: 1.5 });
    const denied = await p.user.client.gql('query($id: ID!) { taskAudit(taskId: $id) { id } }', { id: (await newTask(p.admin.client)).id });
    expect(denied.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('activity: a cursor connection with totalCount, filtered and scoped like REST', async () => {
    const tag = `conn-${randomUUID().slice(0, 8)}`;
    const tasks = [];
    for (let i = 0; i < 5; i++) tasks.push(await newTask(p.user.client, { title: `${tag} ${i}` }));
    await newTask(p.admin.client, { title: `${tag} hidden` });
    const query = `query($f: ActivityFilter, $first: Int, $after: String) {
      activity(filter: $f, first: $first, after: $after) { totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { taskId action userName changes { field } } } nodes { id } }
    }`;
    const page1 = await p.user.client.gql(query, { f: { q: tag }, first: 2 });
    expect(page1.errors).toBeUndefined();
    expect(page1.data.activity.totalCount).toBe(5);
    expect(page1.data.activity.edges).toHaveLength(2);
    expect(page1.data.activity.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(page1.data.activity.edges[0].node).toMatchObject({ taskId: tasks[4].id, action: 'created', userName: 'Uri User' });
    const seen = page1.data.activity.edges.map((e: any) => e.node.taskId);
    let after = page1.data.activity.pageInfo.endCursor;
    for (;;) {
      const next = await p.user.client.gql(query, { f: { q: tag }, first: 2, after });
      seen.push(...next.data.activity.edges.map((e: any) => e.node.taskId));
      if (!next.data.activity.pageInfo.hasNextPage) break;
      after = next.data.activity.pageInfo.endCursor;
    }
    expect(seen).toEqual(tasks.map((t) => t.id).reverse());
    expect((await p.admin.client.gql(query, { f: { q: tag }, first: 10 })).data.activity.totalCount).toBe(6);
    const tooMany = await p.user.client.gql(query, { first: 501 });
    expect(tooMany.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const badDate = await p.user.client.gql(query, { f: { from: 'yesterday' } });
    expect(badDate.errors?.[0]).toMatchObject({ message: 'From must be a date like 2026-01-31 or an ISO date-time', extensions: { code: 'BAD_USER_INPUT' } });
  });
});
