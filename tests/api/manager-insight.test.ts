import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { Client } from './support/client.js';

// The server runs on a clock the test moves, so the audit log holds a history with known days.
let nowMs = Date.parse('2026-03-01T08:00:00Z');
const at = (day: string, time = '09:00') => void (nowMs = Date.parse(`${day}T${time}:00Z`));

let server: TestServer;
let admin: Client;
let mgr: Client;
let otherMgr: Client;
let reportee: Client;
const ids: Record<string, string> = {};
const tasks: Record<string, string> = {};
const ZONE = { 'x-time-zone': 'UTC' };

async function as(username: string, password: string): Promise<Client> {
  const c = new Client(server.url, ZONE);
  await c.login(username, password);
  return c;
}

async function createUser(username: string, role: string, managerId?: string): Promise<string> {
  const res = await admin.post('/api/users', {
    username,
    email: `${username}@example.com`,
    firstName: username.toUpperCase(),
    role,
    managerId,
    password: `${username}-pass-1`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

async function task(key: string, client: Client, body: Record<string, unknown>): Promise<void> {
  const res = await client.post('/api/tasks', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  tasks[key] = res.body.id;
}

async function patch(client: Client, key: string, body: Record<string, unknown>): Promise<void> {
  const res = await client.patch(`/api/tasks/${tasks[key]}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const INSIGHT = `query ($days: Int) { managerDashboard {
  teamMembers totalTasks completedTasks completionPercentage overdueTasks
  today { date people { user { username } capacityHours plannedHours overCapacity tasks { title scheduledTime estimatedHours } } }
  slippage(days: $days) { days from to people { user { username } plannedTasks slippedTasks totalDaysSlipped averageDaysSlipped } }
} }`;

beforeAll(async () => {
  server = await startServer({ clock: () => new Date(nowMs) });
  admin = new Client(server.url, ZONE);
  await admin.login('admin');
  ids.mgr = await createUser('mi_mgr', 'manager');
  ids.other = await createUser('mi_other', 'manager');
  ids.r1 = await createUser('mi_r1', 'member', ids.mgr);
  ids.r2 = await createUser('mi_r2', 'member', ids.mgr);
  ids.r3 = await createUser('mi_r3', 'member', ids.other);
  mgr = await as('mi_mgr', 'mi_mgr-pass-1');
  otherMgr = await as('mi_other', 'mi_other-pass-1');
  reportee = await as('mi_r1', 'mi_r1-pass-1');

  // r1, task A: planned for 03-10, done on 03-12 -> slipped 2 days.
  at('2026-03-10');
  await task('A', mgr, { title: 'A', assignedToId: ids.r1, scheduledDate: '2026-03-10', status: 'Planned', estimatedHours: 2 });
  at('2026-03-12', '15:00');
  await patch(mgr, 'A', { status: 'Done' });
  // r1, task B: planned for 03-11 and done that day -> planned, not slipped.
  at('2026-03-11');
  await task('B', mgr, { title: 'B', assignedToId: ids.r1, scheduledDate: '2026-03-11', status: 'Planned' });
  at('2026-03-11', '17:00');
  await patch(reportee, 'B', { status: 'Completed' });
  // r1, task C: planned for 03-14, rescheduled that evening to 03-16, still open on 03-20 -> slipped 6 days.
  at('2026-03-13');
  await task('C', mgr, { title: 'C', assignedToId: ids.r1, scheduledDate: '2026-03-14', status: 'Planned' });
  at('2026-03-14', '18:00');
  await patch(reportee, 'C', { scheduledDate: '2026-03-16' });
  // r1, task D: unscheduled the whole time -> neither planned nor slipped.
  at('2026-03-15');
  await task('D', reportee, { title: 'D', status: 'Planned', dueDate: '2026-03-16' });
  // r2, task G: planned for 03-18, done that morning.
  at('2026-03-17');
  await task('G', mgr, { title: 'G', assignedToId: ids.r2, scheduledDate: '2026-03-18', status: 'Planned' });
  at('2026-03-18', '10:00');
  await patch(mgr, 'G', { status: 'Done' });
  // r3 (another manager's reportee) slipped too: invisible to mi_mgr.
  at('2026-03-16');
  await task('R3', otherMgr, { title: 'R3', assignedToId: ids.r3, scheduledDate: '2026-03-16', status: 'Planned' });

  // Today, 03-20: r1 has 5 h at 09:00 and 4 h at 13:30 (9 h > 8 h), r2 has 2 h untimed.
  at('2026-03-20', '07:00');
  await task('E', mgr, { title: 'E', assignedToId: ids.r1, scheduledDate: '2026-03-20', scheduledTime: '13:30', estimatedHours: 4, status: 'In Progress' });
  await task('F', mgr, { title: 'F', assignedToId: ids.r1, scheduledDate: '2026-03-20', scheduledTime: '09:00', estimatedHours: 5, status: 'In Progress' });
  await task('H', mgr, { title: 'H', assignedToId: ids.r2, scheduledDate: '2026-03-20', estimatedHours: 2, status: 'Planned' });
  at('2026-03-20', '12:00');
}, 60_000);
afterAll(() => server?.close());

describe('dashboard figures', () => {
  it("counts only the direct reports' tasks", async () => {
    const res = await mgr.gql(INSIGHT);
    expect(res.errors).toBeUndefined();
    // r1: A (done), B (done), C, D (overdue: due 03-16), E, F; r2: G (done), H.
    expect(res.data.managerDashboard).toMatchObject({ teamMembers: 2, totalTasks: 8, completedTasks: 3, completionPercentage: 38, overdueTasks: 1 });
  });
});

describe('Today: planned hours against capacity', () => {
  it("lists each reportee's tasks for today, timed first, with planned hours and over-capacity", async () => {
    const { today } = (await mgr.gql(INSIGHT)).data.managerDashboard;
    expect(today.date).toBe('2026-03-20');
    expect(today.people).toEqual([
      {
        user: { username: 'mi_r1' },
        capacityHours: 8,
        plannedHours: 9,
        overCapacity: true,
        tasks: [
          { title: 'F', scheduledTime: '09:00', estimatedHours: 5 },
          { title: 'E', scheduledTime: '13:30', estimatedHours: 4 },
        ],
      },
      { user: { username: 'mi_r2' }, capacityHours: 8, plannedHours: 2, overCapacity: false, tasks: [{ title: 'H', scheduledTime: null, estimatedHours: 2 }] },
    ]);
    const rest = await mgr.get('/api/manager/today');
    expect(rest.status).toBe(200);
    expect(rest.body.people.map((p: any) => [p.user.username, p.plannedHours, p.overCapacity, p.tasks.length])).toEqual([
      ['mi_r1', 9, true, 2],
      ['mi_r2', 2, false, 1],
    ]);
  });

  it('capacity is set by admins through the user service; bad values change nothing', async () => {
    expect((await mgr.patch(`/api/users/${ids.r2}`, { dailyCapacityHours: 1 })).status).toBe(403);
    expect((await reportee.patch(`/api/users/${ids.r2}`, { dailyCapacityHours: 1 })).status).toBe(403);
    for (const bad of [0, -1, 25, 'lots', 1.3]) {
      const res = await admin.patch(`/api/users/${ids.r2}`, { dailyCapacityHours: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.message).toMatch(/Daily capacity/);
    }
    const ok = await admin.gql(`mutation ($id: ID!) { updateUser(id: $id, input: { dailyCapacityHours: 1.5 }) { dailyCapacityHours } }`, { id: ids.r2 });
    expect(ok.data?.updateUser.dailyCapacityHours).toBe(1.5);
    const { today } = (await mgr.gql(INSIGHT)).data.managerDashboard;
    expect(today.people[1]).toMatchObject({ user: { username: 'mi_r2' }, capacityHours: 1.5, plannedHours: 2, overCapacity: true });
    expect((await admin.get(`/api/users/${ids.r2}`)).body.dailyCapacityHours).toBe(1.5);
  });
});

describe('Slippage from the audit log', () => {
  it('30 days: r1 slipped A by 2 days and C by 6 (average 4); r2 none', async () => {
    const { slippage } = (await mgr.gql(INSIGHT)).data.managerDashboard;
    expect(slippage).toEqual({
      days: 30,
      from: '2026-02-18',
      to: '2026-03-19',
      people: [
        { user: { username: 'mi_r1' }, plannedTasks: 3, slippedTasks: 2, totalDaysSlipped: 8, averageDaysSlipped: 4 },
        { user: { username: 'mi_r2' }, plannedTasks: 1, slippedTasks: 0, totalDaysSlipped: 0, averageDaysSlipped: 0 },
      ],
    });
  });

  it('a shorter window sees only C (from 03-14)', async () => {
    const { slippage } = (await mgr.gql(INSIGHT, { days: 7 })).data.managerDashboard;
    expect(slippage.from).toBe('2026-03-13');
    expect(slippage.people[0]).toEqual({ user: { username: 'mi_r1' }, plannedTasks: 1, slippedTasks: 1, totalDaysSlipped: 6, averageDaysSlipped: 6 });
    const rest = await mgr.get('/api/manager/slippage?days=7');
    expect(rest.status).toBe(200);
    expect(rest.body.people[0]).toMatchObject({ plannedTasks: 1, slippedTasks: 1, averageDaysSlipped: 6 });
  });

  it('finishing a slipped task ends its slip on that day', async () => {
    at('2026-03-20', '12:30');
    await patch(reportee, 'C', { status: 'Done' });
    at('2026-03-22', '12:00');
    const { slippage } = (await mgr.gql(INSIGHT)).data.managerDashboard;
    // A 2 days; C: first slipped 03-14, finished 03-20 -> 6 days; E and F were planned for 03-20 and are open -> 2 days each.
    expect(slippage.people[0]).toEqual({ user: { username: 'mi_r1' }, plannedTasks: 5, slippedTasks: 4, totalDaysSlipped: 12, averageDaysSlipped: 3 });
    // r2's H (planned 03-20, open) slipped 2 days.
    expect(slippage.people[1]).toMatchObject({ plannedTasks: 2, slippedTasks: 1, averageDaysSlipped: 2 });
    at('2026-03-20', '13:00');
  });

  it('refuses a window outside 1..365 days', async () => {
    expect((await mgr.gql(INSIGHT, { days: 0 })).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect((await mgr.get('/api/manager/slippage?days=400')).status).toBe(400);
    expect((await mgr.get('/api/manager/slippage?days=abc')).status).toBe(400);
  });
});

describe('permissions', () => {
  it('a manager sees only direct reports; another manager only theirs; admins everyone', async () => {
    const mine = (await mgr.get('/api/manager/slippage')).body.people.map((p: any) => p.user.username);
    expect(mine).toEqual(['mi_r1', 'mi_r2']);
    const theirs = (await otherMgr.gql(INSIGHT)).data.managerDashboard;
    expect(theirs.today.people.map((p: any) => p.user.username)).toEqual(['mi_r3']);
    expect(theirs.slippage.people).toEqual([{ user: { username: 'mi_r3' }, plannedTasks: 1, slippedTasks: 1, totalDaysSlipped: 4, averageDaysSlipped: 4 }]);
    const all = (await admin.get('/api/manager/today')).body.people.map((p: any) => p.user.username);
    expect(all).toEqual(expect.arrayContaining(['mi_r1', 'mi_r2', 'mi_r3', 'mi_mgr', 'mi_other']));
    expect(all).not.toContain('admin');
  });

  it('members are refused (403 / FORBIDDEN)', async () => {
    for (const path of ['/api/manager/today', '/api/manager/slippage']) {
      const res = await reportee.get(path);
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/Manager Access Required/);
    }
    expect((await reportee.gql('{ managerDashboard { today { date } } }')).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await new Client(server.url).get('/api/manager/today')).status).toBe(401);
  });
});

describe('project task counts', () => {
  it('counts open and done tasks per project in one query, scoped to what the viewer may read', async () => {
    const name = `MI Project ${Date.now()}`;
    expect((await admin.post('/api/projects', { name })).status).toBe(201);
    await task('P1', mgr, { title: 'P1', project: name, assignedToId: ids.r1 });
    await task('P2', mgr, { title: 'P2', project: name.toLowerCase(), assignedToId: ids.r2, status: 'Done' });
    await task('P3', admin, { title: 'P3', project: name });
    const q = '{ projects { name taskCounts { open done } } }';
    server.queries.reset();
    const asAdmin = await admin.gql(q);
    const statements = server.queries.log().filter((s) => /lower\(t\.project\)|project_task_counts/i.test(s));
    expect(statements.length).toBe(1);
    expect(asAdmin.data.projects.find((p: any) => p.name === name).taskCounts).toEqual({ open: 2, done: 1 });
    const asMember = await reportee.gql(q);
    expect(asMember.data.projects.find((p: any) => p.name === name).taskCounts).toEqual({ open: 1, done: 0 });
    const rest = (await reportee.get('/api/projects')).body.find((p: any) => p.name === name);
    expect(rest).toMatchObject({ openTaskCount: 1, doneTaskCount: 0 });
  });
});

describe('taskSlippage (the rule itself)', () => {
  const d = (iso: string) => new Date(iso);
  it('rebuilds older state backwards when the creation entry is outside the loaded window', async () => {
    const { taskSlippage } = await import('../../api/modules/manager/manager.insight.js');
    // Created long ago (no 'created' entry loaded), planned for 03-05, moved on 03-06 to 03-08, done 03-08.
    const task = { createdAt: d('2026-01-01T09:00:00Z'), scheduledDate: d('2026-03-08T12:00:00Z'), status: 'Done' };
    const changes = [
      { createdAt: d('2026-03-06T10:00:00Z'), action: 'rescheduled', oldValues: { scheduledDate: '2026-03-05T12:00:00.000Z' } },
      { createdAt: d('2026-03-08T16:00:00Z'), action: 'updated', oldValues: { status: 'Planned' } },
    ];
    // It slipped on 03-05 (still planned for it and open at its end) and was finished on 03-08: 3 days.
    expect(taskSlippage(task, changes, '2026-03-10', 30, 'UTC')).toEqual({ planned: true, slip: { firstSlippedDay: '2026-03-05', daysSlipped: 3 } });
  });

  it('a task moved away before its day began was never planned for that day; one finished early never slips', async () => {
    const { taskSlippage } = await import('../../api/modules/manager/manager.insight.js');
    const moved = { createdAt: d('2026-03-01T09:00:00Z'), scheduledDate: d('2026-03-20T12:00:00Z'), status: 'Planned' };
    const movedChanges = [
      { createdAt: d('2026-03-01T09:00:00Z'), action: 'created', oldValues: {} },
      { createdAt: d('2026-03-03T20:00:00Z'), action: 'rescheduled', oldValues: { scheduledDate: '2026-03-04T12:00:00.000Z' } },
    ];
    expect(taskSlippage(moved, movedChanges, '2026-03-10', 30, 'UTC')).toEqual({ planned: false, slip: null });
    const early = { createdAt: d('2026-03-01T09:00:00Z'), scheduledDate: d('2026-03-05T12:00:00Z'), status: 'Done' };
    const earlyChanges = [
      { createdAt: d('2026-03-01T09:00:00Z'), action: 'created', oldValues: {} },
      { createdAt: d('2026-03-02T09:00:00Z'), action: 'updated', oldValues: { status: 'Planned' } },
    ];
    expect(taskSlippage(early, earlyChanges, '2026-03-10', 30, 'UTC')).toEqual({ planned: false, slip: null });
  });
});
