import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { Client } from './support/client.js';
import { auditOf, expectRefused, newTask, people, readBack, type DemoName, type Person } from './support/task-helpers.js';

let server: TestServer;
let p: Record<DemoName, Person>;

beforeAll(async () => {
  server = await startServer();
  p = await people(server);
});
afterAll(() => server?.close());

const restore = (c: Client, auditId: string) => c.post(`/api/audit/${auditId}/restore`);

describe('restore from history: POST /api/audit/{id}/restore and restoreFromAudit', () => {
  it('an updated entry puts exactly its fields back to their old values, as a new audited change (also over a newer change)', async () => {
    const task = await newTask(p.user.client, { title: 'Restore me', priority: 'low', tags: ['one'], dueDate: '2026-05-01' });
    await p.user.client.patch(`/api/tasks/${task.id}`, { priority: 'high', tags: ['one', 'two'], dueDate: null });
    await p.user.client.patch(`/api/tasks/${task.id}`, { title: 'Renamed later', progress: 30 });
    const [, update] = await auditOf(p.user.client, task.id);
    expect(update.action).toBe('updated');
    expect(update.restore).toBe('version');

    const res = await restore(p.user.client, update.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: task.id, priority: 'low', tags: ['one'], title: 'Renamed later', progress: 30 });
    expect(res.body.dueDate).toMatch(/^2026-05-01/);
    const [latest] = await auditOf(p.user.client, task.id);
    expect(latest.action).toBe('restored');
    expect(latest.description).toMatch(/^Restored task "Renamed later"/);
    expect(latest.changes.map((c: any) => c.field).sort()).toEqual(['dueDate', 'priority', 'tags']);
    expect((await readBack(p.user.client, task.id)).priority).toBe('low');
  });

  it('a deleted entry brings the task back with the same id, its subtasks and comments; only once', async () => {
    const task = await newTask(p.user.client, { title: `Deleted ${randomUUID().slice(0, 6)}`, project: 'Back', tags: ['t'] });
    const sub = await p.user.client.post(`/api/tasks/${task.id}/subtasks`, { title: 'step one' });
    expect(sub.status).toBe(201);
    const comment = await p.user.client.post(`/api/tasks/${task.id}/comments`, { content: 'keep me' });
    expect(comment.status).toBe(201);
    expect((await p.user.client.delete(`/api/tasks/${task.id}`)).status).toBe(200);
    expect((await p.user.client.get(`/api/tasks/${task.id}`)).status).toBe(404);

    const log = await auditOf(p.user.client, task.id); // a deleted task's log stays readable to its readers
    const deleted = log.find((e) => e.action === 'deleted');
    expect(deleted.restore).toBe('task');
    expectRefused(await p.admin.client.get(`/api/audit?taskId=${randomUUID()}`), 404);

    const res = await restore(p.user.client, deleted.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: task.id, title: task.title, project: 'Back', tags: ['t'], createdById: p.user.id });
    const subs = await p.user.client.get(`/api/tasks/${task.id}/subtasks`);
    expect(subs.body.map((s: any) => [s.id, s.title])).toEqual([[sub.body.id, 'step one']]);
    const comments = await p.user.client.get(`/api/tasks/${task.id}/comments`);
    expect(comments.body.map((c: any) => [c.id, c.content])).toEqual([[comment.body.id, 'keep me']]);
    expect((await auditOf(p.user.client, task.id))[0]).toMatchObject({ action: 'restored', description: `Restored deleted task "${task.title}"` });

    expectRefused(await restore(p.user.client, deleted.id), 409, /already restored/);
    expect((await auditOf(p.user.client, task.id)).find((e) => e.action === 'deleted').restore).toBeNull();
  });

  it('permissions as for updating: unreadable 404, read-only 403; created entries and bad ids answer readably', async () => {
    const managers = await newTask(p.manager.client, { title: 'Manager private', priority: 'low' });
    await p.manager.client.patch(`/api/tasks/${managers.id}`, { priority: 'high' });
    const [update, created] = await auditOf(p.manager.client, managers.id);
    expectRefused(await restore(p.user.client, update.id), 404);

    // readable by the member (created by them) but assigned to the admin: the manager may read it, not write it
    const adminOwned = await newTask(p.admin.client, { title: 'Admin owned', priority: 'low' });
    await p.admin.client.patch(`/api/tasks/${adminOwned.id}`, { priority: 'critical' });
    const [adminUpdate] = await auditOf(p.admin.client, adminOwned.id);
    expectRefused(await restore(p.manager.client, adminUpdate.id), 403);
    // The timeline offers no button that would be refused: null for the manager, 'version' for the admin.
    expect((await auditOf(p.manager.client, adminOwned.id))[0].restore).toBeNull();
    expect(adminUpdate.restore).toBe('version');

    expectRefused(await restore(p.manager.client, created.id), 400, /creation has no earlier version/);
    expect(created.restore).toBeNull();
    expectRefused(await restore(p.manager.client, randomUUID()), 404, /Activity entry not found/);
    expectRefused(await restore(p.manager.client, 'nope'), 404);
    expectRefused(await new Client(server.url).post(`/api/audit/${update.id}/restore`), 401);

    // a deleted task the member could not read stays hidden
    const gone = await newTask(p.manager.client, { title: 'Gone private' });
    await p.manager.client.delete(`/api/tasks/${gone.id}`);
    const [deleted] = await auditOf(p.manager.client, gone.id);
    expectRefused(await restore(p.user.client, deleted.id), 404);
    expectRefused(await p.user.client.get(`/api/audit?taskId=${gone.id}`), 404);
    expect(deleted.restore).toBe('task');
    expect((await restore(p.manager.client, deleted.id)).status).toBe(200);
  });

  it('GraphQL restoreFromAudit answers the task and codes errors', async () => {
    const task = await newTask(p.user.client, { title: 'GQL restore', status: 'Planned' });
    await p.user.client.patch(`/api/tasks/${task.id}`, { status: 'Blocked' });
    const [update, created] = await auditOf(p.user.client, task.id);
    const mutation = `mutation($id: ID!) { restoreFromAudit(auditId: $id) { id status } }`;
    const ok = await p.user.client.gql(mutation, { id: update.id });
    expect(ok.errors).toBeUndefined();
    expect(ok.data.restoreFromAudit).toEqual({ id: task.id, status: 'PLANNED' });
    const bad = await p.user.client.gql(mutation, { id: created.id });
    expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const timeline = await p.user.client.gql(`query($id: ID) { activity(filter: { taskId: $id }) { totalCount nodes { action restore } } }`, { id: task.id });
    expect(timeline.data.activity.nodes.map((n: any) => [n.action, n.restore])).toEqual([
      ['restored', 'version'],
      ['updated', 'version'],
      ['created', null],
    ]);
  });
});
