import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { Client, signedIn } from './support/client.js';

let server: TestServer;
let admin: Client;
let manager: Client;
let member: Client;
let ids: Record<string, string>;

const list = async (): Promise<any[]> => {
  const res = await admin.get('/api/task-templates');
  expect(res.status).toBe(200);
  return res.body;
};
const subtasksOf = async (id: string) => (await admin.get(`/api/task-templates/${id}/subtasks`)).body;

const FULL = {
  name: 'Release checklist',
  title: 'Prepare release',
  description: 'Everything before shipping',
  project: 'Website Relaunch',
  category: 'process',
  priority: 'high',
  estimatedHours: 2.5,
  tags: 'release, qa',
  defaultAssigneeId: '',
  subtasks: [
    { title: 'Write notes', description: 'Changelog', status: 'Not Started', estimatedHours: 1 },
    { title: 'Tag build', estimatedHours: 0.5 },
  ],
};

beforeAll(async () => {
  server = await startServer();
  [admin, manager, member] = await Promise.all([signedIn(server.url, 'admin'), signedIn(server.url, 'manager'), signedIn(server.url, 'user')]);
  ids = Object.fromEntries((await admin.get('/api/users')).body.map((u: any) => [u.username, u.id]));
});
afterAll(() => server?.close());

describe('templates over REST', () => {
  let templateId: string;

  it('admins create a template with subtasks; everyone reads them', async () => {
    const res = await admin.post('/api/task-templates', FULL);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Release checklist',
      title: 'Prepare release',
      category: 'process',
      priority: 'high',
      estimatedHours: 2.5,
      tags: ['release', 'qa'],
      defaultAssigneeId: null,
    });
    templateId = res.body.id;
    const subtasks = (await member.get(`/api/task-templates/${templateId}/subtasks`)).body;
    expect(subtasks.map((s: any) => [s.title, s.status, s.estimatedHours, s.position])).toEqual([
      ['Write notes', 'Not Started', 1, 0],
      ['Tag build', 'Not Started', 0.5, 1],
    ]);
    const minimal = await admin.post('/api/task-templates', { name: 'Minimal', title: 'Do it', estimatedHours: '' });
    expect(minimal.body).toMatchObject({ category: 'dev', priority: 'medium', estimatedHours: 0, tags: [], defaultAssigneeId: null });
    expect((await member.get('/api/task-templates')).body.map((t: any) => t.name)).toEqual(['Minimal', 'Release checklist']);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const before = await list();
    const subtasksBefore = await subtasksOf(templateId);
    const cases: [string, string, unknown, number, RegExp][] = [
      ['post', '/api/task-templates', { title: 'T' }, 400, /^Template name is required$/],
      ['post', '/api/task-templates', { name: 'N', title: '   ' }, 400, /^Title is required$/],
      ['post', '/api/task-templates', { name: 'N', title: 'T', estimatedHours: -1 }, 400, /Estimated hours cannot be negative/],
      ['post', '/api/task-templates', { name: 'N', title: 'T', subtasks: [{ title: '' }] }, 400, /^Subtask title is required$/],
      ['post', '/api/task-templates', { name: 'N', title: 'T', subtasks: [{ title: 'S', status: 'Whenever' }] }, 400, /Subtask status must be one of/],
      [
        'post',
        '/api/task-templates',
        { name: 'N', title: 'T', defaultAssigneeId: '00000000-0000-4000-8000-000000000000' },
        400,
        /default assignee does not exist/,
      ],
      ['patch', `/api/task-templates/${templateId}`, { id: templateId, name: '' }, 400, /^Template name is required$/],
      ['patch', `/api/task-templates/${templateId}`, { subtasks: [{ title: 'ok' }, { title: ' ' }] }, 400, /^Subtask title is required$/],
    ];
    for (const [method, path, payload, status, message] of cases) {
      const res = method === 'post' ? await admin.post(path, payload) : await admin.patch(path, payload);
      expect(res.status, JSON.stringify(payload)).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    expect(await list()).toEqual(before);
    expect(await subtasksOf(templateId)).toEqual(subtasksBefore);
  });

  it('managers and members may not create, change or delete templates', async () => {
    const before = await list();
    for (const c of [manager, member]) {
      const post = await c.post('/api/task-templates', { name: 'N', title: 'T' });
      expect(post.status).toBe(403);
      expect(post.body.message).toBe('Only admins can manage task templates');
      expect((await c.patch(`/api/task-templates/${templateId}`, { name: 'Mine' })).status).toBe(403);
      expect((await c.delete(`/api/task-templates/${templateId}`)).status).toBe(403);
    }
    expect(await list()).toEqual(before);
  });

  it('PATCH updates fields (id in the body is fine); subtasks are replaced only when sent', async () => {
    const res = await admin.patch(`/api/task-templates/${templateId}`, { id: templateId, priority: 'critical', defaultAssigneeId: ids.manager });
    expect(res.body).toMatchObject({ priority: 'critical', defaultAssigneeId: ids.manager });
    expect((await subtasksOf(templateId)).length).toBe(2);
    await admin.patch(`/api/task-templates/${templateId}`, { subtasks: [{ title: 'Only step', status: 'completed', estimatedHours: 3 }] });
    expect((await subtasksOf(templateId)).map((s: any) => [s.title, s.status])).toEqual([['Only step', 'Done']]);
    await admin.patch(`/api/task-templates/${templateId}`, { subtasks: FULL.subtasks });
  });

  it('create-task: a member gets the task themself (cannot assign to the default assignee), with subtasks and an audit entry', async () => {
    const res = await member.post(`/api/task-templates/${templateId}/create-task`);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Prepare release',
      description: 'Everything before shipping',
      project: 'Website Relaunch',
      category: 'process',
      priority: 'critical',
      estimatedHours: 2.5,
      tags: ['release', 'qa'],
      assignedToId: ids.user,
      createdById: ids.user,
      status: 'Planned',
      column: 'unscheduled',
    });
    const subtasks = (await member.get(`/api/tasks/${res.body.id}/subtasks`)).body;
    expect(subtasks.map((s: any) => s.title)).toEqual(['Write notes', 'Tag build']);
    const audit = (await member.get(`/api/audit?taskId=${res.body.id}`)).body;
    expect(JSON.stringify(audit)).toMatch(/Created task/);
    expect(JSON.stringify(audit)).toMatch(/from template/);
  });

  it('create-task: a manager assigns to a reportee default assignee; an admin to anyone', async () => {
    await admin.patch(`/api/task-templates/${templateId}`, { defaultAssigneeId: ids.user });
    const byManager = await manager.post(`/api/task-templates/${templateId}/create-task`, {});
    expect(byManager.body).toMatchObject({ assignedToId: ids.user, createdById: ids.manager });
    await admin.patch(`/api/task-templates/${templateId}`, { defaultAssigneeId: ids.manager });
    const byAdmin = await admin.post(`/api/task-templates/${templateId}/create-task`);
    expect(byAdmin.body.assignedToId).toBe(ids.manager);
    expect((await member.post('/api/task-templates/00000000-0000-4000-8000-000000000000/create-task')).status).toBe(404);
  });

  it('admins delete a template with its subtasks; tasks made from it stay', async () => {
    const made = (await admin.post(`/api/task-templates/${templateId}/create-task`)).body;
    const res = await admin.delete(`/api/task-templates/${templateId}`);
    expect(res.status).toBe(200);
    expect((await admin.get(`/api/task-templates/${templateId}/subtasks`)).status).toBe(404);
    expect((await list()).find((t) => t.id === templateId)).toBeUndefined();
    expect((await admin.get(`/api/tasks/${made.id}`)).status).toBe(200);
  });
});

describe('templates over GraphQL', () => {
  it('taskTemplates with subtasks, create, update, createTaskFromTemplate, delete', async () => {
    const created = await admin.gql(
      'mutation($input: TaskTemplateInput!) { createTaskTemplate(input: $input) { id name estimatedHours subtasks { title status estimatedHours } defaultAssignee { username } } }',
      {
        input: {
          name: 'Onboarding',
          title: 'Onboard a teammate',
          tags: ['people'],
          defaultAssigneeId: ids.user,
          subtasks: [
            { title: 'Laptop', estimatedHours: 1 },
            { title: 'Accounts', status: 'In Progress' },
          ],
        },
      },
    );
    expect(created.errors).toBeUndefined();
    expect(created.data.createTaskTemplate).toMatchObject({
      name: 'Onboarding',
      estimatedHours: 0,
      defaultAssignee: { username: 'user' },
      subtasks: [
        { title: 'Laptop', status: 'Not Started', estimatedHours: 1 },
        { title: 'Accounts', status: 'In Progress', estimatedHours: 0 },
      ],
    });
    const id = created.data.createTaskTemplate.id;
    const blank = await admin.gql('mutation { createTaskTemplate(input: { name: "X", title: "" }) { id } }');
    expect(blank.errors?.[0]).toMatchObject({ message: 'Title is required', extensions: { code: 'BAD_USER_INPUT' } });
    const denied = await member.gql('mutation { createTaskTemplate(input: { name: "X", title: "Y" }) { id } }');
    expect(denied.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const updated = await admin.gql('mutation($id: ID!) { updateTaskTemplate(id: $id, input: { subtasks: [{ title: "Laptop" }] }) { subtasks { title } } }', {
      id,
    });
    expect(updated.data.updateTaskTemplate.subtasks).toEqual([{ title: 'Laptop' }]);

    const task = await member.gql('mutation($id: ID!) { createTaskFromTemplate(id: $id) { id title tags assignedTo { username } subtaskCount { total } } }', {
      id,
    });
    expect(task.errors).toBeUndefined();
    expect(task.data.createTaskFromTemplate).toMatchObject({
      title: 'Onboard a teammate',
      tags: ['people'],
      assignedTo: { username: 'user' },
      subtaskCount: { total: 1 },
    });

    const read = await member.gql('{ taskTemplates { name subtasks { title } viewerCan { update } } }');
    expect(read.data.taskTemplates.find((t: any) => t.name === 'Onboarding')).toMatchObject({ subtasks: [{ title: 'Laptop' }], viewerCan: { update: false } });
    const deniedDelete = await manager.gql('mutation($id: ID!) { deleteTaskTemplate(id: $id) }', { id });
    expect(deniedDelete.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const deleted = await admin.gql('mutation($id: ID!) { deleteTaskTemplate(id: $id) }', { id });
    expect(deleted.data).toEqual({ deleteTaskTemplate: id });
  });
});
