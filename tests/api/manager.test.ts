import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { Client } from './support/client.js';
import { isFinished, isOverdue } from '../../schema/domain/task-rules.js';

let server: TestServer;
let admin: Client;
let manager: Client;
let member: Client;
let ids: Record<string, string>;

const ZONE = { 'x-time-zone': 'UTC' };
async function as(username: string): Promise<Client> {
  const c = new Client(server.url, ZONE);
  await c.login(username);
  return c;
}
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const DASHBOARD = `{ managerDashboard {
  teamMembers totalTasks completedTasks completionPercentage overdueTasks
  recentTasks { id updatedAt }
  byPerson { user { username } tasks { id assignedToId } totalCount remainingCount }
  byStatus { status tasks { id status } totalCount remainingCount }
} }`;

beforeAll(async () => {
  server = await startServer();
  [admin, manager, member] = await Promise.all([as('admin'), as('manager'), as('user')]);
  ids = Object.fromEntries((await admin.get('/api/users')).body.map((u: any) => [u.username, u.id]));
  // Enough work for the reportee to exceed the group limits: an overdue task and a 'Completed' one among them.
  await manager.post('/api/tasks', { title: 'Overdue report', assignedToId: ids.user, dueDate: day(-3), status: 'Planned' });
  await manager.post('/api/tasks', { title: 'Finished report', assignedToId: ids.user, status: 'Completed', dueDate: day(-3) });
  for (let i = 0; i < 4; i++) await member.post('/api/tasks', { title: `Extra ${i}`, status: 'Planned' });
});
afterAll(() => server?.close());

describe('access', () => {
  it('members get 403 on every manager route and FORBIDDEN on the queries', async () => {
    for (const path of ['/api/manager/reportees', '/api/manager/reportee-tasks', '/api/manager/dashboard']) {
      const res = await member.get(path);
      expect(res.status, path).toBe(403);
      expect(res.body.message).toMatch(/Manager Access Required/);
      expect((await new Client(server.url).get(path)).status).toBe(401);
    }
    for (const query of ['{ reportees { id } }', '{ reporteeTasks { id } }', DASHBOARD]) {
      const res = await member.gql(query);
      expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
  });

  it('a function head (not a manager) is refused too', async () => {
    await admin.post('/api/users', { username: 'fhead', email: 'fh@example.com', role: 'function_head', password: 'fhead-pass-1' });
    const c = new Client(server.url, ZONE);
    await c.login('fhead', 'fhead-pass-1');
    expect((await c.get('/api/manager/reportees')).status).toBe(403);
  });
});

describe('reportees and their tasks', () => {
  it('a manager sees their direct reports and the tasks assigned to them', async () => {
    const reportees = await manager.get('/api/manager/reportees');
    expect(reportees.status).toBe(200);
    expect(reportees.body.map((u: any) => u.username)).toEqual(['user']);
    expect(JSON.stringify(reportees.body)).not.toMatch(/passwordHash|\$argon2/);
    const tasks = (await manager.get('/api/manager/reportee-tasks')).body;
    expect(tasks.length).toBeGreaterThanOrEqual(12);
    expect(tasks.every((t: any) => t.assignedToId === ids.user)).toBe(true);
    const gql = await manager.gql('{ reportees { username name } reporteeTasks { id assignedTo { username } } }');
    expect(gql.data.reportees).toEqual([{ username: 'user', name: 'Uri User' }]);
    expect(gql.data.reporteeTasks.length).toBe(tasks.length);
  });

  it('an admin sees every other active user', async () => {
    const names = (await admin.get('/api/manager/reportees')).body.map((u: any) => u.username).sort();
    expect(names).toEqual(['fhead', 'manager', 'user']);
    const tasks = (await admin.get('/api/manager/reportee-tasks')).body;
    expect(tasks.every((t: any) => [ids.manager, ids.user].includes(t.assignedToId) || t.assignedToId === null)).toBe(true);
  });

  it('a new direct report shows up for their manager only', async () => {
    const res = await admin.post('/api/users', { username: 'newbie', email: 'newbie@example.com', managerId: ids.manager });
    expect(res.status).toBe(201);
    expect((await manager.get('/api/manager/reportees')).body.map((u: any) => u.username).sort()).toEqual(['newbie', 'user']);
    expect((await member.get('/api/manager/reportees')).status).toBe(403);
  });
});

describe('the manager dashboard', () => {
  it("figures, recent tasks and groups match the reportees' tasks", async () => {
    const tasks: any[] = (await manager.get('/api/manager/reportee-tasks')).body;
    const now = new Date();
    const completed = tasks.filter((t) => isFinished(t.status)).length;
    const overdue = tasks.filter((t) => isOverdue(t, now, 'UTC')).length;
    expect(overdue).toBeGreaterThanOrEqual(2);

    const res = await manager.gql(DASHBOARD);
    expect(res.errors).toBeUndefined();
    const d = res.data.managerDashboard;
    expect(d).toMatchObject({
      teamMembers: 2,
      totalTasks: tasks.length,
      completedTasks: completed,
      completionPercentage: Math.round((completed / tasks.length) * 100),
      overdueTasks: overdue,
    });
    expect(d.recentTasks.length).toBe(10);
    expect(d.recentTasks.map((t: any) => t.id)).toEqual(tasks.slice(0, 10).map((t) => t.id));

    const person = d.byPerson.find((g: any) => g.user.username === 'user');
    expect(person.tasks.length).toBe(5);
    expect(person.totalCount).toBe(tasks.length);
    expect(person.remainingCount).toBe(tasks.length - 5);
    expect(person.tasks.every((t: any) => t.assignedToId === ids.user)).toBe(true);
    expect(d.byPerson.find((g: any) => g.user.username === 'newbie')).toMatchObject({ tasks: [], totalCount: 0, remainingCount: 0 });

    const total = d.byStatus.reduce((n: number, g: any) => n + g.totalCount, 0);
    expect(total).toBe(tasks.length);
    for (const g of d.byStatus) {
      expect(g.tasks.length).toBeLessThanOrEqual(5);
      expect(g.remainingCount).toBe(Math.max(0, g.totalCount - 5));
      expect(g.tasks.every((t: any) => t.status === g.status)).toBe(true);
    }
    const done = d.byStatus.find((g: any) => g.status === 'DONE');
    expect(done.totalCount).toBe(completed);
    const planned = d.byStatus.find((g: any) => g.status === 'PLANNED');
    expect(planned.totalCount).toBeGreaterThan(5);

    const rest = await manager.get('/api/manager/dashboard');
    expect(rest.body).toMatchObject({ teamMembers: 2, totalTasks: tasks.length, completedTasks: completed, overdueTasks: overdue });
    expect(rest.body.byStatus.map((g: any) => g.status)).toContain('Done');
  });

  it('an admin dashboard covers everyone else', async () => {
    const res = await admin.gql('{ managerDashboard { teamMembers totalTasks } }');
    expect(res.data.managerDashboard.teamMembers).toBe(4);
    expect(res.data.managerDashboard.totalTasks).toBeGreaterThan(0);
  });
});
