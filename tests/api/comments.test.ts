import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { Client } from './support/client.js';
import { auditOf, expectRefused, newTask, people, type DemoName, type Person } from './support/task-helpers.js';
import { TaskEvent } from '../../api/realtime/task-event.entity.js';

let server: TestServer;
let p: Record<DemoName, Person>;

beforeAll(async () => {
  server = await startServer();
  p = await people(server);
});
afterAll(() => server?.close());

const commentsOf = async (c: Client, taskId: string) => {
  const res = await c.get(`/api/tasks/${taskId}/comments`);
  expect(res.status).toBe(200);
  return res.body as any[];
};

const comment = async (c: Client, taskId: string, fields: Record<string, unknown> = {}) => {
  const res = await c.post(`/api/tasks/${taskId}/comments`, { content: 'Looks good', commentType: 'comment', isInternal: false, ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

const eventKinds = async (taskId: string) =>
  (await server.app.runtime.orm.em.fork().find(TaskEvent, { taskId }, { orderBy: { seq: 'asc' } })).map((e) => `${e.kind}:${e.entityId}`);

describe('comment routes', () => {
  it('adds with content, commentType, userId and isInternal as the client sends them; the author is the session user', async () => {
    const task = await newTask(p.user.client);
    const res = await p.user.client.post(`/api/tasks/${task.id}/comments`, {
      content: '  Moved the deadline to Friday  ',
      commentType: 'deadline_change',
      userId: p.admin.id,
      isInternal: true,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      taskId: task.id,
      userId: p.user.id,
      content: 'Moved the deadline to Friday',
      commentType: 'deadline_change',
      isInternal: true,
      userName: 'Uri User',
      author: { id: p.user.id, username: 'user', firstName: 'Uri', lastName: 'User' },
    });
    const [stored] = await commentsOf(p.user.client, task.id);
    expect(stored.userId).toBe(p.user.id);
  });

  it('defaults to a plain, public comment; lists oldest first', async () => {
    const task = await newTask(p.user.client);
    const first = await p.user.client.post(`/api/tasks/${task.id}/comments`, { content: 'first' });
    expect(first.body).toMatchObject({ commentType: 'comment', isInternal: false });
    await comment(p.manager.client, task.id, { content: 'second', commentType: 'reassignment' });
    await comment(p.user.client, task.id, { content: 'third' });
    const list = await commentsOf(p.user.client, task.id);
    expect(list.map((c) => c.content)).toEqual(['first', 'second', 'third']);
    expect(list.map((c) => c.userName)).toEqual(['Uri User', 'Maya Manager', 'Uri User']);
  });

  it('adding and deleting are audited against the task and published', async () => {
    const task = await newTask(p.user.client);
    const c = await comment(p.user.client, task.id, { content: 'audit me' });
    const [added] = await auditOf(p.user.client, task.id);
    expect(added).toMatchObject({ action: 'created', entityType: 'comment', entityId: c.id, taskId: task.id, userId: p.user.id });
    expect(JSON.parse(added.newValues)).toEqual({ content: 'audit me', commentType: 'comment', isInternal: false });
    expect((await p.user.client.delete(`/api/task-comments/${c.id}`)).status).toBe(200);
    const [deleted] = await auditOf(p.user.client, task.id);
    expect(deleted).toMatchObject({ action: 'deleted', entityType: 'comment', entityId: c.id });
    expect(JSON.parse(deleted.oldValues)).toMatchObject({ content: 'audit me', userId: p.user.id });
    expect(await eventKinds(task.id)).toEqual(expect.arrayContaining([`COMMENT_CREATED:${c.id}`, `COMMENT_DELETED:${c.id}`]));
    expect(await commentsOf(p.user.client, task.id)).toEqual([]);
  });
});

describe('comment permissions', () => {
  it('authors delete their own comments; others get 403 and the comment stays', async () => {
    const task = await newTask(p.user.client);
    const byManager = await comment(p.manager.client, task.id, { content: "manager's" });
    const byUser = await comment(p.user.client, task.id, { content: "user's" });
    expectRefused(await p.user.client.delete(`/api/task-comments/${byManager.id}`), 403, /only delete your own comments/);
    expectRefused(await p.manager.client.delete(`/api/task-comments/${byUser.id}`), 403);
    expect((await commentsOf(p.user.client, task.id)).map((c) => c.id)).toEqual([byManager.id, byUser.id]);
    expect((await p.manager.client.delete(`/api/task-comments/${byManager.id}`)).status).toBe(200);
  });

  it('admins delete any comment', async () => {
    const task = await newTask(p.user.client);
    const c = await comment(p.user.client, task.id);
    expect((await p.admin.client.delete(`/api/task-comments/${c.id}`)).status).toBe(200);
    expect(await commentsOf(p.user.client, task.id)).toEqual([]);
  });

  it("a member cannot read or comment on others' tasks: 404", async () => {
    const task = await newTask(p.admin.client);
    const c = await comment(p.admin.client, task.id);
    expectRefused(await p.user.client.get(`/api/tasks/${task.id}/comments`), 404, /Task not found/);
    expectRefused(await p.user.client.post(`/api/tasks/${task.id}/comments`, { content: 'hi' }), 404);
    expectRefused(await p.user.client.delete(`/api/task-comments/${c.id}`), 404, /Comment not found/);
    expect(await commentsOf(p.admin.client, task.id)).toHaveLength(1);
  });

  it('anyone who may read a task may comment on it (a manager on an admin task)', async () => {
    const task = await newTask(p.admin.client);
    expect((await p.manager.client.post(`/api/tasks/${task.id}/comments`, { content: 'FYI' })).status).toBe(201);
  });

  it('without a session: 401', async () => {
    const task = await newTask(p.user.client);
    expectRefused(await new Client(server.url).post(`/api/tasks/${task.id}/comments`, { content: 'x' }), 401);
  });
});

describe('comment bad input: 400 and nothing added', () => {
  const BAD: [string, unknown, RegExp][] = [
    ['empty content', { content: '' }, /Comment is required/],
    ['whitespace content', { content: '  \n ' }, /Comment is required/],
    ['missing content', { commentType: 'comment' }, /Comment is required/],
    ['content over 10000', { content: 'x'.repeat(10_001) }, /at most 10000 characters/],
    ['unknown type', { content: 'x', commentType: 'shout' }, /Comment type must be one of: comment, reassignment, deadline_change/],
    ['non-boolean isInternal', { content: 'x', isInternal: 'yes' }, /Internal must be true or false/],
  ];

  it.each(BAD)('%s', async (_n, payload, message) => {
    const task = await newTask(p.user.client);
    const audit = await auditOf(p.user.client, task.id);
    expectRefused(await p.user.client.post(`/api/tasks/${task.id}/comments`, payload), 400, message);
    expect(await commentsOf(p.user.client, task.id)).toEqual([]);
    expect(await auditOf(p.user.client, task.id)).toEqual(audit);
  });

  it('unknown ids, malformed JSON, non-JSON bodies', async () => {
    const task = await newTask(p.user.client);
    expectRefused(await p.user.client.post(`/api/tasks/${randomUUID()}/comments`, { content: 'x' }), 404);
    expectRefused(await p.user.client.delete(`/api/task-comments/${randomUUID()}`), 404, /Comment not found/);
    expectRefused(await p.user.client.delete('/api/task-comments/12'), 404);
    expectRefused(
      await p.user.client.request('POST', `/api/tasks/${task.id}/comments`, '{"content": ', { 'content-type': 'application/json' }),
      400,
      /not valid JSON/,
    );
    expectRefused(
      await p.user.client.request('POST', `/api/tasks/${task.id}/comments`, 'content=hi', { 'content-type': 'application/x-www-form-urlencoded' }),
      400,
      /as JSON/,
    );
    expect(await commentsOf(p.user.client, task.id)).toEqual([]);
  });
});
