import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { Client } from './support/client.js';
import { expectRefused, newTask } from './support/task-helpers.js';

// The manager dashboard's Time tab (issue 42): planned (estimates of tasks scheduled in the period)
// against spent (time entries) per reportee and project, on a clock the test moves. Wednesday 25 Nov 2026.
let nowMs = Date.parse('2026-11-25T10:00:00Z');

const TIME = `query ($range: TimeRange, $start: String) { managerTime(range: $range, start: $start) {
  range from to plannedMinutes spentMinutes
  people { user { username } plannedMinutes spentMinutes }
  projects { project name plannedMinutes spentMinutes }
} }`;

describe('manager Time tab: planned against spent', () => {
  let server: TestServer;
  let admin: Client;
  let mgr: Client;
  let ana: Client;
  let ben: Client;
  let otherMgr: Client;

  const as = async (username: string): Promise<Client> => {
    const c = new Client(server.url, { 'x-time-zone': 'UTC' });
    await c.login(username, `${username}-pass-1`);
    return c;
  };
  const createUser = async (username: string, role: string, managerId?: string): Promise<string> => {
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
  };
  const logTime = async (c: Client, taskId: string, date: string, minutes: number) => {
    const res = await c.post(`/api/tasks/${taskId}/time-entries`, { date, minutes });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  const time = async (c: Client, variables: Record<string, unknown>) => {
    const res = await c.gql(TIME, variables);
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    return res.data.managerTime;
  };
  const personOf = (t: any, username: string) => t.people.find((p: any) => p.user.username === username);

  beforeAll(async () => {
    server = await startServer({ clock: () => new Date(nowMs) });
    admin = new Client(server.url, { 'x-time-zone': 'UTC' });
    await admin.login('admin');
    const mgrId = await createUser('tt_mgr', 'manager');
    await createUser('tt_ana', 'member', mgrId);
    await createUser('tt_ben', 'member', mgrId);
    await createUser('tt_boss', 'manager');
    [mgr, ana, ben, otherMgr] = await Promise.all([as('tt_mgr'), as('tt_ana'), as('tt_ben'), as('tt_boss')]);

    const report = await newTask(ana, { title: 'Report', project: 'Apollo', estimatedHours: 3, scheduledDate: '2026-11-24' });
    const notes = await newTask(ana, { title: 'Notes', estimatedHours: 1.5, scheduledDate: '2026-11-29' });
    await newTask(ana, { title: 'Next week', project: 'Apollo', estimatedHours: 2, scheduledDate: '2026-11-30' });
    await newTask(ana, { title: 'Unestimated', project: 'Apollo', scheduledDate: '2026-11-24' });
    const design = await newTask(ben, { title: 'Design', project: 'Zeus', estimatedHours: 4, scheduledDate: '2026-11-10' });
    await logTime(ana, report.id, '2026-11-23', 90); // Monday: in the week
    await logTime(ana, report.id, '2026-11-22', 60); // the Sunday before: outside the week, in the month
    await logTime(ana, notes.id, '2026-11-29', 30); // Sunday: the week's last day
    await logTime(ana, report.id, '2026-12-01', 45); // outside both
    const timer = await ben.post(`/api/tasks/${design.id}/timer`);
    expect(timer.status, JSON.stringify(timer.body)).toBe(201);
    nowMs += 20 * 60_000; // Ben's timer has run 20 minutes
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a manager sees their reportees’ planned and spent for the week holding a day, per person and project', async () => {
    const week = await time(mgr, { range: 'WEEK', start: '2026-11-26' });
    expect(week).toMatchObject({ range: 'WEEK', from: '2026-11-23', to: '2026-11-29', plannedMinutes: 270, spentMinutes: 140 });
    expect(week.people).toEqual([
      { user: { username: 'tt_ana' }, plannedMinutes: 270, spentMinutes: 120 },
      { user: { username: 'tt_ben' }, plannedMinutes: 0, spentMinutes: 20 },
    ]);
    expect(week.projects).toEqual([
      { project: 'Apollo', name: 'Apollo', plannedMinutes: 180, spentMinutes: 90 },
      { project: 'Zeus', name: 'Zeus', plannedMinutes: 0, spentMinutes: 20 },
      { project: null, name: 'No project', plannedMinutes: 90, spentMinutes: 30 },
    ]);
    // Without a start: the week of today (the viewer's zone).
    expect(await time(mgr, {})).toMatchObject({ range: 'WEEK', from: '2026-11-23', to: '2026-11-29' });
  });

  it('a month covers the calendar month holding the day; the running timer counts up to now', async () => {
    const month = await time(mgr, { range: 'MONTH', start: '2026-11-02' });
    expect(month).toMatchObject({ range: 'MONTH', from: '2026-11-01', to: '2026-11-30', plannedMinutes: 630, spentMinutes: 200 });
    expect(personOf(month, 'tt_ana')).toMatchObject({ plannedMinutes: 390, spentMinutes: 180 });
    expect(personOf(month, 'tt_ben')).toMatchObject({ plannedMinutes: 240, spentMinutes: 20 });
    expect(month.projects).toEqual([
      { project: 'Apollo', name: 'Apollo', plannedMinutes: 300, spentMinutes: 150 },
      { project: 'Zeus', name: 'Zeus', plannedMinutes: 240, spentMinutes: 20 },
      { project: null, name: 'No project', plannedMinutes: 90, spentMinutes: 30 },
    ]);
    nowMs += 10 * 60_000;
    expect(personOf(await time(mgr, { range: 'MONTH', start: '2026-11-30' }), 'tt_ben').spentMinutes).toBe(30);
    const december = await time(mgr, { range: 'MONTH', start: '2026-12-15' });
    expect(december).toMatchObject({ from: '2026-12-01', to: '2026-12-31', plannedMinutes: 0, spentMinutes: 45 });
  });

  it('REST answers the same at GET /api/manager/time', async () => {
    const res = await mgr.get('/api/manager/time?range=week&start=2026-11-23');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ range: 'week', from: '2026-11-23', to: '2026-11-29', plannedMinutes: 270 });
    expect(res.body.people.map((p: any) => [p.user.username, p.plannedMinutes])).toEqual([
      ['tt_ana', 270],
      ['tt_ben', 0],
    ]);
    expect(res.body.projects.map((p: any) => p.name)).toEqual(['Apollo', 'Zeus', 'No project']);
  });

  it('another manager does not see them; an admin sees everyone', async () => {
    const other = await time(otherMgr, { range: 'WEEK', start: '2026-11-23' });
    expect(other).toMatchObject({ people: [], projects: [], plannedMinutes: 0, spentMinutes: 0 });
    const all = await time(admin, { range: 'WEEK', start: '2026-11-23' });
    expect(personOf(all, 'tt_ana')).toMatchObject({ plannedMinutes: 270, spentMinutes: 120 });
    expect(personOf(all, 'tt_ben')).toMatchObject({ plannedMinutes: 0 });
    expect(personOf(all, 'tt_mgr')).toMatchObject({ plannedMinutes: 0, spentMinutes: 0 });
    expect(all.spentMinutes).toBeGreaterThanOrEqual(150);
  });

  it('refuses members, over GraphQL and REST', async () => {
    const res = await ana.gql(TIME, { range: 'WEEK' });
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expectRefused(await ana.get('/api/manager/time?range=week'), 403, /Manager Access Required/);
  });

  it('answers a bad range or start with BAD_USER_INPUT and a clear message, changing nothing', async () => {
    const before = await time(mgr, { range: 'WEEK', start: '2026-11-23' });
    expectRefused(await mgr.get('/api/manager/time?range=year&start=2026-11-23'), 400, /Range must be week or month/);
    expectRefused(await mgr.get('/api/manager/time?range=week&start=2026-02-30'), 400, /Start is not a valid date/);
    expectRefused(await mgr.get('/api/manager/time?range=month&start=yesterday'), 400, /Start must be a date like/);
    const bad = await mgr.gql(TIME, { range: 'WEEK', start: '26-11-2026' });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0]?.message).toMatch(/Start must be a date like/);
    const badRange = await mgr.gql(TIME, { range: 'YEAR' });
    expect(badRange.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await time(mgr, { range: 'WEEK', start: '2026-11-23' })).toEqual(before);
  });
});
