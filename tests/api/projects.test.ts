import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { Client, signedIn } from './support/client.js';

let server: TestServer;
let admin: Client;
let manager: Client;
let member: Client;

const list = async (c: Client = admin): Promise<any[]> => {
  const res = await c.get('/api/projects');
  expect(res.status).toBe(200);
  return res.body;
};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startServer();
  [admin, manager, member] = await Promise.all([signedIn(server.url, 'admin'), signedIn(server.url, 'manager'), signedIn(server.url, 'user')]);
});
afterAll(() => server?.close());

describe('projects over REST', () => {
  it('lists the seeded projects with every project field and isOverdue', async () => {
    const projects = await list(member);
    expect(projects.length).toBe(3);
    for (const p of projects) {
      for (const field of [
        'id',
        'name',
        'description',
        'charter',
        'color',
        'projectType',
        'visibility',
        'status',
        'priority',
        'progress',
        'projectManagerId',
        'functionId',
        'startDate',
        'endDate',
        'isActive',
        'isOverdue',
      ]) {
        expect(p, field).toHaveProperty(field);
      }
      expect(p.isOverdue).toBe(false);
    }
    expect((await new Client(server.url).get('/api/projects')).status).toBe(401);
  });

  it('anyone creates a project from a picker; the project defaults apply', async () => {
    const res = await member.post('/api/projects', { name: '  Picker Project  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Picker Project',
      color: '#3b82f6',
      projectType: 'team',
      visibility: 'members',
      priority: 'medium',
      progress: 0,
      isActive: true,
      status: 'planning',
      functionId: null,
      isOverdue: false,
    });
    const mgr = await manager.post('/api/projects', { name: 'Manager Project', description: 'Mine', color: '#10B981', isActive: false });
    expect(mgr.status).toBe(201);
    expect(mgr.body).toMatchObject({ color: '#10b981', isActive: false, description: 'Mine' });
  });

  it('the admin form sets every field; ISO dates; a past end date is overdue unless completed', async () => {
    const fn = (await admin.post('/api/functions', { name: 'Engineering' })).body;
    const res = await admin.post('/api/projects', {
      name: 'Late Project',
      description: 'd',
      charter: 'why',
      color: '#ef4444',
      projectType: 'cross-department',
      visibility: 'department-heads',
      status: 'active',
      priority: 'High',
      progress: '35',
      functionId: fn.id,
      startDate: new Date(Date.now() - 20 * 86_400_000).toISOString(),
      endDate: day(-2),
      isActive: true,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      projectType: 'cross-department',
      visibility: 'department-heads',
      status: 'active',
      priority: 'high',
      progress: 35,
      functionId: fn.id,
      isOverdue: true,
      charter: 'why',
    });
    const done = await admin.put(`/api/projects/${res.body.id}`, { status: 'completed' });
    expect(done.body.isOverdue).toBe(false);
    // The primary function only stays on cross-department projects.
    const team = await admin.put(`/api/projects/${res.body.id}`, { projectType: 'team' });
    expect(team.body.functionId).toBeNull();
    const other = await admin.post('/api/projects', { name: 'Team Project', projectType: 'team', functionId: fn.id });
    expect(other.body.functionId).toBeNull();
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const before = await list();
    const target = before[0];
    const cases: [string, string, unknown, number, RegExp][] = [
      ['post', '/api/projects', { name: '   ' }, 400, /^Project name is required$/],
      ['post', '/api/projects', { description: 'no name' }, 400, /^Project name is required$/],
      ['post', '/api/projects', { name: 'P', progress: 101 }, 400, /Progress must be a whole number from 0 to 100/],
      ['post', '/api/projects', { name: 'P', progress: 'lots' }, 400, /Progress/],
      ['post', '/api/projects', { name: 'P', color: 'red' }, 400, /Colour must be a hex colour/],
      ['post', '/api/projects', { name: 'P', status: 'dreaming' }, 400, /Status must be one of: planning, active, on-hold, completed, cancelled/],
      ['post', '/api/projects', { name: 'P', projectType: 'solo' }, 400, /Project type must be one of/],
      ['post', '/api/projects', { name: 'P', startDate: '2026-05-10', endDate: '2026-05-01' }, 400, /End date must be on or after the start date/],
      ['post', '/api/projects', { name: 'P', endDate: 'tomorrow' }, 400, /End date must be a date/],
      ['post', '/api/projects', { name: 'P', projectType: 'cross-department', functionId: '00000000-0000-4000-8000-000000000000' }, 400, /active function/],
      ['post', '/api/projects', { name: target.name.toUpperCase() }, 409, /already exists/],
      ['put', `/api/projects/${target.id}`, { name: '' }, 400, /^Project name is required$/],
      ['put', `/api/projects/${target.id}`, { progress: -1 }, 400, /Progress/],
      ['put', `/api/projects/${target.id}`, { name: before[1].name }, 409, /already exists/],
    ];
    for (const [method, path, payload, status, message] of cases) {
      const res = method === 'post' ? await admin.post(path, payload) : await admin.put(path, payload);
      expect(res.status, JSON.stringify(payload)).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    expect(await list()).toEqual(before);
  });

  it('only admins update and delete (403 for managers and members, nothing changed)', async () => {
    const before = await list();
    const id = before[0].id;
    for (const c of [manager, member]) {
      const put = await c.put(`/api/projects/${id}`, { name: 'Hijacked' });
      expect(put.status).toBe(403);
      expect(put.body.message).toBe('Only admins can change projects');
      const del = await c.delete(`/api/projects/${id}`);
      expect(del.status).toBe(403);
      expect(del.body.message).toBe('Only admins can delete projects');
    }
    expect(await list()).toEqual(before);
    expect((await admin.put('/api/projects/00000000-0000-4000-8000-000000000000', { name: 'x' })).status).toBe(404);
  });

  it('a rename carries over to tasks; deleting keeps the tasks without a project', async () => {
    const project = (await admin.post('/api/projects', { name: 'Rename Me' })).body;
    const task = (await member.post('/api/tasks', { title: 'In a project', project: 'Rename Me' })).body;
    const renamed = await admin.put(`/api/projects/${project.id}`, { name: 'Renamed' });
    expect(renamed.status).toBe(200);
    expect((await member.get(`/api/tasks/${task.id}`)).body.project).toBe('Renamed');
    const del = await admin.delete(`/api/projects/${project.id}`);
    expect(del.status).toBe(200);
    expect((await list()).find((p) => p.id === project.id)).toBeUndefined();
    const after = await member.get(`/api/tasks/${task.id}`);
    expect(after.status).toBe(200);
    expect(after.body.project).toBeNull();
    expect((await admin.delete(`/api/projects/${project.id}`)).status).toBe(404);
  });
});

describe('projects over GraphQL', () => {
  it('projects, createProject, updateProject, deleteProject with roles', async () => {
    const q = await member.gql('{ projects { id name isOverdue viewerCan { update delete } } }');
    expect(q.errors).toBeUndefined();
    expect(q.data.projects[0].viewerCan).toEqual({ update: false, delete: false });
    const asAdmin = await admin.gql('{ projects { viewerCan { update delete } } }');
    expect(asAdmin.data.projects[0].viewerCan).toEqual({ update: true, delete: true });

    const created = await member.gql('mutation($input: ProjectInput!) { createProject(input: $input) { id name color status progress } }', {
      input: { name: 'GQL Project', progress: 10 },
    });
    expect(created.data.createProject).toMatchObject({ name: 'GQL Project', color: '#3b82f6', status: 'planning', progress: 10 });
    const id = created.data.createProject.id;

    const bad = await admin.gql('mutation($id: ID!) { updateProject(id: $id, input: { progress: 150 }) { id } }', { id });
    expect(bad.errors?.[0]).toMatchObject({ message: 'Progress must be a whole number from 0 to 100', extensions: { code: 'BAD_USER_INPUT' } });
    const blank = await admin.gql('mutation { createProject(input: { name: " " }) { id } }');
    expect(blank.errors?.[0].message).toBe('Project name is required');

    const denied = await member.gql('mutation($id: ID!) { updateProject(id: $id, input: { name: "Mine now" }) { id } }', { id });
    expect(denied.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const deniedDelete = await manager.gql('mutation($id: ID!) { deleteProject(id: $id) }', { id });
    expect(deniedDelete.errors?.[0].extensions?.code).toBe('FORBIDDEN');

    const updated = await admin.gql(
      'mutation($id: ID!) { updateProject(id: $id, input: { status: "active", endDate: "2020-01-01", startDate: "2019-12-01" }) { status isOverdue endDate } }',
      { id },
    );
    expect(updated.data.updateProject).toMatchObject({ status: 'active', isOverdue: true });
    const deleted = await admin.gql('mutation($id: ID!) { deleteProject(id: $id) }', { id });
    expect(deleted.data).toEqual({ deleteProject: id });
    const gone = await admin.gql('query($id: ID!) { project(id: $id) { id } }', { id });
    expect(gone.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});
