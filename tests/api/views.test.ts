import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { Client, signedIn } from './support/client.js';

let server: TestServer;
let admin: Client;
let manager: Client;
let member: Client;
let ids: Record<string, string>;

const names = async (c: Client): Promise<string[]> => {
  const res = await c.get('/api/task-views');
  expect(res.status).toBe(200);
  return res.body.map((v: any) => v.name);
};

beforeAll(async () => {
  server = await startServer();
  [admin, manager, member] = await Promise.all([signedIn(server.url, 'admin'), signedIn(server.url, 'manager'), signedIn(server.url, 'user')]);
  ids = Object.fromEntries((await admin.get('/api/users')).body.map((u: any) => [u.username, u.id]));
});
afterAll(() => server?.close());

describe('saved views over REST', () => {
  let viewId: string;

  it('saves a view with defaults; the name is trimmed', async () => {
    const res = await member.post('/api/task-views', { name: '  My open work  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'My open work',
      description: null,
      columns: ['title', 'status', 'priority', 'assignedTo', 'project', 'dueDate'],
      sortBy: 'updatedAt',
      sortOrder: 'desc',
      isPublic: false,
      sharedWith: [],
      createdById: ids.user,
      filters: { projects: [], statuses: [], tags: [], assignees: [], categories: [], priorities: [], dateRange: null, search: null },
    });
    viewId = res.body.id;
    const full = await member.post('/api/task-views', {
      name: 'Critical dev',
      description: 'What burns',
      columns: ['title', 'priority', 'dueDate'],
      sortBy: 'dueDate',
      sortOrder: 'ASC',
      filters: {
        projects: ['Website Relaunch'],
        statuses: 'In Progress',
        priorities: ['critical'],
        categories: ['dev'],
        tags: ['website'],
        assignees: [ids.user],
        dateRange: { start: '2026-01-01', end: '2026-12-31' },
      },
    });
    expect(full.status).toBe(201);
    expect(full.body).toMatchObject({
      sortBy: 'dueDate',
      sortOrder: 'asc',
      columns: ['title', 'priority', 'dueDate'],
      filters: { statuses: ['In Progress'], assignees: [ids.user], dateRange: { start: '2026-01-01', end: '2026-12-31' } },
    });
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const before = (await member.get('/api/task-views')).body;
    const cases: [string, string, unknown, RegExp][] = [
      ['post', '/api/task-views', { name: '   ' }, /^View name is required$/],
      ['post', '/api/task-views', { description: 'no name' }, /^View name is required$/],
      ['post', '/api/task-views', { name: 'V', sortBy: 'colour' }, /Sort by must be one of: title, status, priority, dueDate, updatedAt, createdAt/],
      ['post', '/api/task-views', { name: 'V', sortOrder: 'sideways' }, /Sort order must be one of: asc, desc/],
      ['post', '/api/task-views', { name: 'V', columns: ['title', 'secret'] }, /Unknown column "secret"/],
      ['post', '/api/task-views', { name: 'V', filters: { dateRange: { start: 'soon' } } }, /Date range start/],
      ['post', '/api/task-views', { name: 'V', filters: { dateRange: { start: '2026-02-01', end: '2026-01-01' } } }, /start on or before its end/],
      ['post', '/api/task-views', { name: 'V', sharedWith: ['00000000-0000-4000-8000-000000000000'] }, /only be shared with existing users/],
      ['patch', `/api/task-views/${viewId}`, { name: '' }, /^View name is required$/],
      ['post', `/api/task-views/${viewId}/share`, { sharedWith: ['not-an-id'] }, /Shared with is not a valid id/],
      ['post', `/api/task-views/${viewId}/share`, {}, /Choose whether the view is public/],
    ];
    for (const [method, path, payload, message] of cases) {
      const res = method === 'post' ? await member.post(path, payload) : await member.patch(path, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await member.get('/api/task-views')).body).toEqual(before);
  });

  it('lists own, public and shared views; only the owner changes or shares', async () => {
    expect(await names(manager)).toEqual([]);
    expect((await manager.patch(`/api/task-views/${viewId}`, { name: 'Taken' })).status).toBe(404);
    expect((await manager.delete(`/api/task-views/${viewId}`)).status).toBe(404);

    const shared = await member.post(`/api/task-views/${viewId}/share`, { sharedWith: [ids.manager, ids.user] });
    expect(shared.status).toBe(200);
    expect(shared.body.sharedWith).toEqual([ids.manager]); // the owner is left out
    expect(await names(manager)).toEqual(['My open work']);
    expect(await names(admin)).toEqual([]);

    const denied = await manager.patch(`/api/task-views/${viewId}`, { name: 'Taken' });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('Only the owner of a view can change or share it');
    expect((await manager.post(`/api/task-views/${viewId}/share`, { isPublic: true })).status).toBe(403);
    const deniedDelete = await manager.delete(`/api/task-views/${viewId}`);
    expect(deniedDelete.status).toBe(403);
    expect(deniedDelete.body.message).toBe('Only the owner of a view can delete it');

    await member.post(`/api/task-views/${viewId}/share`, { isPublic: true, sharedWith: [] });
    expect(await names(admin)).toEqual(['My open work']);
    expect(await names(manager)).toEqual(['My open work']);

    const renamed = await member.patch(`/api/task-views/${viewId}`, { name: 'Open work', sortBy: 'title', filters: { tags: ['a', 'b'] } });
    expect(renamed.body).toMatchObject({ name: 'Open work', sortBy: 'title', filters: { tags: ['a', 'b'], projects: [] } });
  });

  it('the owner deletes; admins may delete any view (even a private one)', async () => {
    const mine = (await manager.post('/api/task-views', { name: 'Manager private' })).body;
    expect((await member.delete(`/api/task-views/${mine.id}`)).status).toBe(404);
    expect((await admin.delete(`/api/task-views/${mine.id}`)).status).toBe(200);
    expect(await names(manager)).not.toContain('Manager private');
    expect((await member.delete(`/api/task-views/${viewId}`)).status).toBe(200);
    expect(await names(member)).toEqual(['Critical dev']);
    expect((await new Client(server.url).get('/api/task-views')).status).toBe(401);
  });
});

describe('saved views over GraphQL', () => {
  it('createTaskView, taskViews, updateTaskView, shareTaskView, deleteTaskView', async () => {
    const created = await member.gql(
      'mutation($input: TaskViewInput!) { createTaskView(input: $input) { id name columns sortBy sortOrder filters { statuses priorities dateRange { start end } } createdBy { username } viewerCan { update delete } } }',
      {
        input: { name: 'GQL view', filters: { statuses: ['Blocked'], priorities: ['high'], dateRange: { start: '2026-03-01', end: null } }, sortOrder: 'asc' },
      },
    );
    expect(created.errors).toBeUndefined();
    expect(created.data.createTaskView).toMatchObject({
      name: 'GQL view',
      sortBy: 'updatedAt',
      sortOrder: 'asc',
      columns: ['title', 'status', 'priority', 'assignedTo', 'project', 'dueDate'],
      filters: { statuses: ['Blocked'], priorities: ['high'], dateRange: { start: '2026-03-01', end: null } },
      createdBy: { username: 'user' },
      viewerCan: { update: true, delete: true },
    });
    const id = created.data.createTaskView.id;
    const blank = await member.gql('mutation { createTaskView(input: { name: " " }) { id } }');
    expect(blank.errors?.[0]).toMatchObject({ message: 'View name is required', extensions: { code: 'BAD_USER_INPUT' } });

    const hidden = await manager.gql('mutation($id: ID!) { updateTaskView(id: $id, input: { name: "x" }) { id } }', { id });
    expect(hidden.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const share = await member.gql('mutation($id: ID!, $to: [ID!]) { shareTaskView(id: $id, input: { sharedWith: $to }) { sharedWith isPublic } }', {
      id,
      to: [ids.manager],
    });
    expect(share.data.shareTaskView).toEqual({ sharedWith: [ids.manager], isPublic: false });
    const seen = await manager.gql('{ taskViews { name viewerCan { update delete } } }');
    expect(seen.data.taskViews.find((v: any) => v.name === 'GQL view').viewerCan).toEqual({ update: false, delete: false });
    const forbidden = await manager.gql('mutation($id: ID!) { updateTaskView(id: $id, input: { name: "x" }) { id } }', { id });
    expect(forbidden.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const updated = await member.gql('mutation($id: ID!) { updateTaskView(id: $id, input: { columns: ["title", "tags"] }) { columns } }', { id });
    expect(updated.data.updateTaskView.columns).toEqual(['title', 'tags']);
    const deleted = await member.gql('mutation($id: ID!) { deleteTaskView(id: $id) }', { id });
    expect(deleted.data).toEqual({ deleteTaskView: id });
  });
});
