import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { Client } from './support/client.js';
import { auditOf, dayKey, expectRefused, people, type DemoName, type Person } from './support/task-helpers.js';

let server: TestServer;
let p: Record<DemoName, Person>;

beforeAll(async () => {
  server = await startServer();
  p = await people(server);
});
afterAll(() => server?.close());

const QUICK_ADD = `mutation QuickAdd($text: String!) {
  quickAddTask(text: $text) { id title status column priority category progress project scheduledDate scheduledTime estimatedHours assignedToId createdById isRepeatable }
}`;

/** The tasks whose title is exactly this (read by an admin). */
async function tasksTitled(title: string): Promise<any[]> {
  const res = await p.admin.client.get(`/api/tasks?search=${encodeURIComponent(title)}`);
  expect(res.status).toBe(200);
  return res.body.filter((t: any) => t.title === title);
}

describe('quick add over REST: POST /api/tasks/quick-add', () => {
  it('a plain line takes every quick-add default', async () => {
    const title = `Plain ${randomUUID().slice(0, 8)}`;
    const res = await p.user.client.post('/api/tasks/quick-add', { text: `  ${title}  ` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      title,
      status: 'Planned',
      column: 'unscheduled',
      progress: 0,
      category: 'dev',
      priority: 'medium',
      isRepeatable: false,
      assignedToId: p.user.id,
      createdById: p.user.id,
      scheduledDate: null,
      scheduledTime: null,
    });
    const [created] = await auditOf(p.user.client, res.body.id);
    expect(created).toMatchObject({ action: 'created', userId: p.user.id });
  });

  it('reads date, time, duration, priority, project and assignee from one line', async () => {
    const projectName = `Website Relaunch ${randomUUID().slice(0, 6)}`;
    const project = await p.admin.client.post('/api/projects', { name: projectName });
    expect(project.status, JSON.stringify(project.body)).toBe(201);
    const tag = projectName.toUpperCase().replace(/ /g, '-');
    const title = `Review PR ${randomUUID().slice(0, 8)}`;

    const res = await p.manager.client.post('/api/tasks/quick-add', { text: `${title} tomorrow 2pm 45m #${tag} !high @USER` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      title,
      project: projectName,
      priority: 'high',
      scheduledTime: '14:00',
      estimatedHours: 0.75,
      column: 'pending',
      assignedToId: p.user.id,
      createdById: p.manager.id,
      status: 'Planned',
    });
    expect(res.body.scheduledDate.slice(0, 10)).toBe(dayKey(1));
  });

  it("a time alone schedules today, in the request's time zone", async () => {
    const title = `Timed ${randomUUID().slice(0, 8)}`;
    const res = await p.user.client.post('/api/tasks/quick-add', { text: `${title} at 9:30am` });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title, scheduledTime: '09:30', column: 'today' });
    expect(res.body.scheduledDate.slice(0, 10)).toBe(dayKey(0));

    // UTC+14: "today" there is often not UTC's today,
    // so compare with that zone's own calendar day.
    const kiritimati = new Client(server.url, { 'x-time-zone': 'Pacific/Kiritimati' });
    await kiritimati.login('user');
    const zoned = await kiritimati.post('/api/tasks/quick-add', { text: `${title} zoned today` });
    expect(zoned.status).toBe(201);
    const kiritimatiDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
    expect(zoned.body.scheduledDate.slice(0, 10)).toBe(kiritimatiDay);
  });

  it('blank text is a 400 with a readable message and creates nothing', async () => {
    for (const body of [{ text: '' }, { text: '   ' }, {}, { text: 42 }]) {
      expectRefused(await p.user.client.post('/api/tasks/quick-add', body), 400, /Type a task/);
    }
    expectRefused(await p.user.client.post('/api/tasks/quick-add', { text: 'tomorrow 2pm !high' }), 400, /title/);
  });

  it('unknown project or user: 400, nothing created', async () => {
    const title = `Unknown refs ${randomUUID().slice(0, 8)}`;
    expectRefused(await p.user.client.post('/api/tasks/quick-add', { text: `${title} #no-such-project-${randomUUID().slice(0, 6)}` }), 400, /No project/);
    expectRefused(await p.user.client.post('/api/tasks/quick-add', { text: `${title} @nobody${randomUUID().slice(0, 6)}` }), 400, /No active user/);
    expect(await tasksTitled(title)).toHaveLength(0);
  });

  it('a member assigning to someone else is FORBIDDEN and nothing is created; to self is fine', async () => {
    const title = `Forbidden ${randomUUID().slice(0, 8)}`;
    const res = await p.user.client.post('/api/tasks/quick-add', { text: `${title} @manager` });
    expectRefused(res, 403);
    expect(await tasksTitled(title)).toHaveLength(0);
    const self = await p.user.client.post('/api/tasks/quick-add', { text: `${title} @user` });
    expect(self.status).toBe(201);
    expect(self.body.assignedToId).toBe(p.user.id);
  });

  it('a manager may assign a reportee but not the admin', async () => {
    const title = `Manager ${randomUUID().slice(0, 8)}`;
    expectRefused(await p.manager.client.post('/api/tasks/quick-add', { text: `${title} @admin` }), 403);
    expect(await tasksTitled(title)).toHaveLength(0);
  });

  it('needs a session', async () => {
    const anonymous = new Client(server.url);
    expect((await anonymous.post('/api/tasks/quick-add', { text: 'Sneaky' })).status).toBe(401);
  });
});

describe('quick add over GraphQL: quickAddTask(text)', () => {
  it('creates the task with quoted text kept literally', async () => {
    const title = `Meet at 2pm ${randomUUID().slice(0, 8)}`;
    const res = await p.user.client.gql(QUICK_ADD, { text: `"${title}" today 30m !low` });
    expect(res.errors).toBeUndefined();
    expect(res.data.quickAddTask).toMatchObject({
      title,
      status: 'PLANNED',
      column: 'TODAY',
      priority: 'low',
      estimatedHours: 0.5,
      scheduledTime: null,
      assignedToId: p.user.id,
      createdById: p.user.id,
    });
  });

  it('answers BAD_USER_INPUT for blank text and FORBIDDEN for an out-of-reach assignee', async () => {
    const blank = await p.user.client.gql(QUICK_ADD, { text: '  ' });
    expect(blank.data).toBeNull();
    expect(blank.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(blank.errors?.[0].message).toMatch(/Type a task/);

    const title = `GraphQL forbidden ${randomUUID().slice(0, 8)}`;
    const forbidden = await p.user.client.gql(QUICK_ADD, { text: `${title} @admin` });
    expect(forbidden.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(await tasksTitled(title)).toHaveLength(0);
  });

  it('an admin may assign anyone, matched without case', async () => {
    const title = `Admin assigns ${randomUUID().slice(0, 8)}`;
    const res = await p.admin.client.gql(QUICK_ADD, { text: `${title} @Manager next week` });
    expect(res.errors).toBeUndefined();
    expect(res.data.quickAddTask.assignedToId).toBe(p.manager.id);
    const weekday = new Date(`${res.data.quickAddTask.scheduledDate.slice(0, 10)}T12:00:00Z`).getUTCDay();
    expect(weekday).toBe(1);
  });
});
