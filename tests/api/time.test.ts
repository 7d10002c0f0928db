import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { Client } from './support/client.js';
import { auditOf, expectRefused, newTask, people, type DemoName, type Person } from './support/task-helpers.js';

// Time spent on tasks (issue 42; docs/API.md, Time): timers and entries by hand, on a clock the test moves.

let nowMs = Date.parse('2026-05-04T09:00:00Z');
const advance = (minutes: number) => void (nowMs += minutes * 60_000);

describe('time spent on tasks', () => {
  let server: TestServer;
  let p: Record<DemoName, Person>;
  let outsider: Client;
  let outsiderId: string;
  let userTask: any;
  let otherTask: any;

  beforeAll(async () => {
    server = await startServer({ clock: () => new Date(nowMs) });
    p = await people(server);
    const created = await p.admin.client.post('/api/users', {
      username: 'time_out',
      email: 'time_out@example.com',
      firstName: 'Out',
      lastName: 'Sider',
      role: 'member',
      password: 'time_out-pass-1',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    outsiderId = created.body.id;
    outsider = new Client(server.url, { 'x-time-zone': 'UTC' });
    await outsider.login('time_out', 'time_out-pass-1');
    userTask = await newTask(p.user.client, { title: 'Write the report', estimatedHours: 3, project: 'Apollo' });
    otherTask = await newTask(p.user.client, { title: 'Review' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const spent = async (c: Client, taskId: string): Promise<number> => {
    const res = await c.gql(`query ($id: ID!) { task(id: $id) { timeSpentMinutes } }`, { id: taskId });
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    return res.data.task.timeSpentMinutes;
  };

  it('starts and stops a timer; the running timer survives in another session; the minutes count on the task', async () => {
    const started = await p.user.client.post(`/api/tasks/${userTask.id}/timer`);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body).toMatchObject({ taskId: userTask.id, running: true, minutes: 0, endedAt: null });
    advance(25);
    const second = new Client(server.url, { 'x-time-zone': 'UTC' });
    await second.login('user');
    const running = await second.get('/api/timer');
    expect(running.body).toMatchObject({ id: started.body.id, running: true, minutes: 25, task: { id: userTask.id, title: 'Write the report' } });
    expect(await spent(p.manager.client, userTask.id)).toBe(25);
    advance(5);
    const stopped = await second.delete('/api/timer');
    expect(stopped.body).toMatchObject({ id: started.body.id, running: false, minutes: 30 });
    expect((await p.user.client.get('/api/timer')).body).toBeNull();
    expect((await p.user.client.delete('/api/timer')).body).toBeNull();
    expect(await spent(p.user.client, userTask.id)).toBe(30);
    const actions = (await auditOf(p.user.client, userTask.id)).map((e: any) => e.description);
    expect(actions).toEqual(expect.arrayContaining(['Started a timer on "Write the report"', 'Stopped the timer on "Write the report" (30m)']));
  });

  it('keeps one running timer per person: starting another (from a second session) stops the first', async () => {
    const first = await p.user.client.post(`/api/tasks/${userTask.id}/timer`);
    advance(10);
    const second = new Client(server.url, { 'x-time-zone': 'UTC' });
    await second.login('user');
    const next = await second.post(`/api/tasks/${otherTask.id}/timer`);
    expect(next.status).toBe(201);
    const mine = await p.user.client.get(`/api/time-entries?userId=${p.user.id}`);
    const runningOnes = mine.body.filter((e: any) => e.running);
    expect(runningOnes.map((e: any) => e.id)).toEqual([next.body.id]);
    expect(mine.body.find((e: any) => e.id === first.body.id)).toMatchObject({ running: false, minutes: 10 });
    expect(await spent(p.user.client, userTask.id)).toBe(40);
    advance(3);
    const gql = await p.user.client.gql(`{ runningTimer { id spentMinutes task { title } } }`);
    expect(gql.data.runningTimer).toEqual({ id: next.body.id, spentMinutes: 3, task: { title: 'Review' } });
    const stop = await p.user.client.gql(`mutation { stopTimer { id minutes running } }`);
    expect(stop.data.stopTimer).toEqual({ id: next.body.id, minutes: 3, running: false });
  });

  it('never keeps two running timers for a person, even when two sessions start at once', async () => {
    const second = new Client(server.url, { 'x-time-zone': 'UTC' });
    await second.login('user');
    const both = await Promise.all([p.user.client.post(`/api/tasks/${userTask.id}/timer`), second.post(`/api/tasks/${otherTask.id}/timer`)]);
    for (const res of both) expect([201, 409], JSON.stringify(res.body)).toContain(res.status);
    const mine = (await p.user.client.get(`/api/time-entries?userId=${p.user.id}`)).body;
    expect(mine.filter((e: any) => e.running)).toHaveLength(1);
    expect((await p.user.client.delete('/api/timer')).body.minutes).toBe(0);
  });

  it('adds, updates and deletes entries by hand; bad input is refused with nothing written', async () => {
    const added = await p.user.client.post(`/api/tasks/${userTask.id}/time-entries`, { date: '2026-05-01', minutes: 90, note: 'Drafting' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ date: '2026-05-01', minutes: 90, note: 'Drafting', running: false });
    expect(await spent(p.user.client, userTask.id)).toBe(130);
    const updated = await p.user.client.patch(`/api/time-entries/${added.body.id}`, { minutes: 60, note: '' });
    expect(updated.body).toMatchObject({ minutes: 60, note: null, date: '2026-05-01' });
    expect(await spent(p.user.client, userTask.id)).toBe(100);

    const before = (await p.user.client.get('/api/time-entries')).body.length;
    expectRefused(await p.user.client.post(`/api/tasks/${userTask.id}/time-entries`, { date: '2026-05-01', minutes: 0 }), 400, /Minutes/);
    expectRefused(await p.user.client.post(`/api/tasks/${userTask.id}/time-entries`, { date: '2026-05-01', minutes: 1441 }), 400, /Minutes/);
    expectRefused(await p.user.client.post(`/api/tasks/${userTask.id}/time-entries`, { date: '2026-02-30', minutes: 10 }), 400, /Date/);
    expectRefused(await p.user.client.post(`/api/tasks/${userTask.id}/time-entries`, { date: 'yesterday', minutes: 10 }), 400, /Date/);
    expectRefused(await p.user.client.patch(`/api/time-entries/${added.body.id}`, { minutes: 5000 }), 400, /Minutes/);
    expectRefused(await p.user.client.get('/api/time-entries?from=2026-05-03&to=2026-05-01'), 400, /From/);
    expectRefused(await p.user.client.post('/api/tasks/not-a-task/time-entries', { date: '2026-05-01', minutes: 10 }), 404, /Task/);
    const gql = await p.user.client.gql(`mutation ($t: ID!) { addTimeEntry(taskId: $t, date: "2026-05-01", minutes: 2000) { id } }`, { t: userTask.id });
    expect(gql.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect((await p.user.client.get('/api/time-entries')).body.length).toBe(before);

    const deleted = await p.user.client.delete(`/api/time-entries/${added.body.id}`);
    expect(deleted.body).toEqual({ id: added.body.id });
    expect(await spent(p.user.client, userTask.id)).toBe(40);
    const actions = (await auditOf(p.user.client, userTask.id)).map((e: any) => e.description);
    expect(actions).toEqual(
      expect.arrayContaining([
        'Added 1h 30m of time on "Write the report"',
        'Changed time spent on "Write the report"',
        'Removed time spent on "Write the report"',
      ]),
    );
  });

  it('lets members see and change only their own; managers read their reportees’ but change only theirs; admins all', async () => {
    const entry = (await p.user.client.post(`/api/tasks/${userTask.id}/time-entries`, { date: '2026-05-02', minutes: 15 })).body;
    const outsiderTask = await newTask(outsider, { title: 'Outsider task' });
    const theirs = (await outsider.post(`/api/tasks/${outsiderTask.id}/time-entries`, { date: '2026-05-02', minutes: 20 })).body;

    // A member: not another's entries.
    expectRefused(await outsider.get(`/api/time-entries?userId=${p.user.id}`), 403);
    expect((await outsider.get('/api/time-entries')).body.map((e: any) => e.id)).toEqual([theirs.id]);
    expectRefused(await outsider.patch(`/api/time-entries/${entry.id}`, { minutes: 1 }), 404);
    expectRefused(await outsider.delete(`/api/time-entries/${entry.id}`), 404);
    // A member who may not read the task cannot time it.
    expectRefused(await outsider.post(`/api/tasks/${userTask.id}/timer`), 404, /Task/);
    expectRefused(await outsider.post(`/api/tasks/${userTask.id}/time-entries`, { date: '2026-05-02', minutes: 5 }), 404);

    // The manager reads the reportee's entries, not the outsider's, and changes none of them.
    const managerView = (await p.manager.client.get('/api/time-entries')).body.map((e: any) => e.id);
    expect(managerView).toContain(entry.id);
    expect(managerView).not.toContain(theirs.id);
    const reporteeOnly = await p.manager.client.get(`/api/time-entries?userId=${p.user.id}`);
    expect(reporteeOnly.status, JSON.stringify(reporteeOnly.body)).toBe(200);
    expectRefused(await p.manager.client.get(`/api/time-entries?userId=${outsiderId}`), 403);
    expectRefused(await p.manager.client.patch(`/api/time-entries/${entry.id}`, { minutes: 1 }), 403);
    expectRefused(await p.manager.client.delete(`/api/time-entries/${entry.id}`), 403);
    const viewerCan = await p.manager.client.gql(`query ($u: ID) { timeEntries(filter: { userId: $u }) { id viewerCan { update delete } } }`, { u: p.user.id });
    expect(viewerCan.data.timeEntries.find((e: any) => e.id === entry.id).viewerCan).toEqual({ update: false, delete: false });

    // The admin reads and changes all.
    const adminView = (await p.admin.client.get('/api/time-entries')).body.map((e: any) => e.id);
    expect(adminView).toEqual(expect.arrayContaining([entry.id, theirs.id]));
    expect((await p.admin.client.patch(`/api/time-entries/${theirs.id}`, { minutes: 25 })).body.minutes).toBe(25);
    expect((await p.admin.client.delete(`/api/time-entries/${theirs.id}`)).status).toBe(200);
  });

  it('filters by days, person, project and task, and downloads CSV with a formula guard', async () => {
    await p.user.client.post(`/api/tasks/${userTask.id}/time-entries`, { date: '2026-04-20', minutes: 45, note: '=HYPERLINK("x")' });
    const april = (await p.user.client.get('/api/time-entries?from=2026-04-01&to=2026-04-30')).body;
    expect(april.map((e: any) => e.date)).toEqual(['2026-04-20']);
    const projects = await p.admin.client.post('/api/projects', { name: 'Apollo' });
    expect(projects.status, JSON.stringify(projects.body)).toBe(201);
    const byProject = (await p.user.client.get(`/api/time-entries?projectId=${projects.body.id}`)).body;
    expect(byProject.length).toBeGreaterThan(0);
    expect(byProject.every((e: any) => e.taskId === userTask.id)).toBe(true);
    const byTask = (await p.user.client.get(`/api/time-entries?taskId=${otherTask.id}`)).body;
    expect(byTask.every((e: any) => e.taskId === otherTask.id)).toBe(true);

    const csv = await p.user.client.request('GET', '/api/time-entries?from=2026-04-01&to=2026-04-30', undefined, { accept: 'text/csv' });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const text = String(csv.body);
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Date,Person,Task,Project,Minutes,Hours,Note');
    expect(lines[1]).toMatch(/^2026-04-20,[^,]+,Write the report,Apollo,45,0\.75,"'=HYPERLINK\(""x""\)"$/);
  });
});

describe('the Spent filter of task lists', () => {
  let server: TestServer;
  let p: Record<DemoName, Person>;

  beforeAll(async () => {
    server = await startServer();
    p = await people(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const LIST = `query ($filter: TaskFilter) { tasks(filter: $filter, first: 50) { totalCount nodes { id title timeSpentMinutes } } }`;

  it('lists tasks with or without time entries (a running timer counts), over GraphQL and REST; a saved view keeps it; bad values change nothing', async () => {
    const tag = `spent${Date.now().toString(36)}`;
    const logged = await newTask(p.user.client, { title: `Logged ${tag}` });
    const running = await newTask(p.user.client, { title: `Running ${tag}` });
    const none = await newTask(p.user.client, { title: `Nothing ${tag}` });
    const entry = await p.user.client.post(`/api/tasks/${logged.id}/time-entries`, { date: '2026-05-04', minutes: 90, note: 'Drafting' });
    expect(entry.status, JSON.stringify(entry.body)).toBe(201);
    expect((await p.user.client.post(`/api/tasks/${running.id}/timer`)).status).toBe(201);

    const titles = async (timeSpent: string) => {
      const res = await p.user.client.gql(LIST, { filter: { search: tag, timeSpent } });
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
      return res.data.tasks.nodes.map((t: any) => [t.title, t.timeSpentMinutes]).sort();
    };
    expect(await titles('with')).toEqual([
      [`Logged ${tag}`, 90],
      [`Running ${tag}`, 0],
    ]);
    expect(await titles('without')).toEqual([[`Nothing ${tag}`, 0]]);
    const rest = await p.user.client.get(`/api/tasks?search=${tag}&timeSpent=without`);
    expect(rest.status).toBe(200);
    expect(rest.body.map((t: any) => t.id)).toEqual([none.id]);

    const bad = await p.user.client.gql(LIST, { filter: { timeSpent: 'lots' } });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0]?.message).toBe('Time spent must be one of: with, without');
    expect((await p.user.client.get('/api/tasks?timeSpent=lots')).status).toBe(400);

    const VIEW = `mutation ($input: TaskViewInput!) { createTaskView(input: $input) { id columns filters { timeSpent } } }`;
    const view = await p.user.client.gql(VIEW, { input: { name: `Spent ${tag}`, columns: ['title', 'timeSpent'], filters: { timeSpent: 'with' } } });
    expect(view.errors, JSON.stringify(view.errors)).toBeUndefined();
    expect(view.data.createTaskView).toMatchObject({ columns: ['title', 'timeSpent'], filters: { timeSpent: 'with' } });
    const refused = await p.user.client.gql(VIEW, { input: { name: `Bad ${tag}`, filters: { timeSpent: 'lots' } } });
    expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const views = await p.user.client.gql('{ taskViews { name } }');
    expect(views.data.taskViews.map((v: any) => v.name)).not.toContain(`Bad ${tag}`);
  });
});

describe("a day's planned and spent time, and REST timeSpentMinutes", () => {
  let server: TestServer;
  let p: Record<DemoName, Person>;
  let outsider: Client;
  let now = Date.parse('2026-06-10T09:00:00Z');
  const TODAY = '2026-06-10';
  let timed: any;
  let untimed: any;

  beforeAll(async () => {
    server = await startServer({ clock: () => new Date(now) });
    p = await people(server);
    const created = await p.admin.client.post('/api/users', {
      username: 'day_out',
      email: 'day_out@example.com',
      firstName: 'Day',
      lastName: 'Out',
      role: 'member',
      password: 'day_out-pass-1',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    outsider = new Client(server.url, { 'x-time-zone': 'UTC' });
    await outsider.login('day_out', 'day_out-pass-1');
    const day = { scheduledDate: TODAY };
    // Uri's day: 10:00 for 1.5 h (three slots, 90 min), 14:00 without an estimate (one slot, 30), an untimed 2 h (120).
    timed = await newTask(p.user.client, { title: 'Timed', ...day, scheduledTime: '10:00', estimatedHours: 1.5 });
    await newTask(p.user.client, { title: 'Short', ...day, scheduledTime: '14:00' });
    untimed = await newTask(p.user.client, { title: 'Untimed', ...day, estimatedHours: 2 });
    // Not in the day's plan: a Done task, another day's, and one without a date.
    await newTask(p.user.client, { title: 'Done', ...day, estimatedHours: 5, status: 'Done' });
    await newTask(p.user.client, { title: 'Tomorrow', scheduledDate: '2026-06-11', estimatedHours: 4 });
    await newTask(p.user.client, { title: 'Someday', estimatedHours: 3 });
    // The manager's own 1 h today.
    await newTask(p.manager.client, { title: 'Manager work', ...day, estimatedHours: 1 });
  });
  afterAll(async () => {
    await server?.close();
  });

  const dayOf = async (c: Client, query = '') => {
    const res = await c.get(`/api/time/day${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('plans the slots of timed tasks and the estimates of untimed ones; spends the day’s entries, a running timer up to now', async () => {
    expect(await dayOf(p.user.client)).toEqual({ day: TODAY, plannedMinutes: 240, spentMinutes: 0 });
    expect((await p.user.client.post(`/api/tasks/${timed.id}/time-entries`, { date: TODAY, minutes: 45 })).status).toBe(201);
    expect((await p.user.client.post(`/api/tasks/${timed.id}/time-entries`, { date: '2026-06-09', minutes: 30 })).status).toBe(201);
    expect((await p.user.client.post(`/api/tasks/${untimed.id}/timer`)).status).toBe(201);
    now += 15 * 60_000;
    expect(await dayOf(p.user.client, `?day=${TODAY}`)).toEqual({ day: TODAY, plannedMinutes: 240, spentMinutes: 60 });
    expect(await dayOf(p.user.client, '?day=2026-06-09')).toEqual({ day: '2026-06-09', plannedMinutes: 0, spentMinutes: 30 });
    now += 5 * 60_000;
    expect((await p.user.client.delete('/api/timer')).body).toMatchObject({ minutes: 20 });
    expect((await dayOf(p.user.client)).spentMinutes).toBe(65);

    const gql = await p.user.client.gql('{ dayTime(scope: "team") { day plannedMinutes spentMinutes } }');
    expect(gql.errors).toBeUndefined();
    expect(gql.data.dayTime).toEqual({ day: TODAY, plannedMinutes: 240, spentMinutes: 65 });
  });

  it("follows the planner's scope: the viewer, a chosen person, the team; permission-checked; bad input refused", async () => {
    expect((await p.manager.client.post('/api/tasks', { title: 'Managing', scheduledDate: TODAY })).status).toBe(201);
    const managing = (await p.manager.client.get('/api/tasks?search=Managing')).body[0];
    expect((await p.manager.client.post(`/api/tasks/${managing.id}/time-entries`, { date: TODAY, minutes: 20 })).status).toBe(201);
    // The manager's team: Uri's plan and theirs, Uri's time and theirs.
    expect(await dayOf(p.manager.client)).toMatchObject({ plannedMinutes: 300, spentMinutes: 85 });
    expect(await dayOf(p.manager.client, '?scope=mine')).toMatchObject({ plannedMinutes: 60, spentMinutes: 20 });
    expect(await dayOf(p.manager.client, `?assignedToId=${p.user.id}`)).toMatchObject({ plannedMinutes: 240, spentMinutes: 65 });
    expect(await dayOf(p.manager.client, '?assignedToId=unassigned')).toMatchObject({ plannedMinutes: 0, spentMinutes: 0 });
    const gql = await p.manager.client.gql('query ($id: ID) { dayTime(assignedToId: $id) { plannedMinutes spentMinutes } }', { id: p.user.id });
    expect(gql.data.dayTime).toEqual({ plannedMinutes: 240, spentMinutes: 65 });
    // The admin's everyone: every plan and every entry.
    expect(await dayOf(p.admin.client, '?scope=everyone')).toMatchObject({ plannedMinutes: 300, spentMinutes: 85 });
    // A member sees their own only: nothing of Uri's, and asking for Uri is refused.
    expect(await dayOf(outsider)).toEqual({ day: TODAY, plannedMinutes: 0, spentMinutes: 0 });
    expectRefused(await outsider.get(`/api/time/day?assignedToId=${p.user.id}`), 403);
    const refused = await outsider.gql('query ($id: ID) { dayTime(assignedToId: $id) { spentMinutes } }', { id: p.user.id });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expectRefused(await p.user.client.get('/api/time/day?day=tomorrow'), 400, /Day/);
    expectRefused(await p.user.client.get('/api/time/day?day=2026-02-30'), 400, /Day/);
    expectRefused(await p.user.client.get('/api/time/day?scope=all'), 400, /Scope/);
    expectRefused(await p.user.client.get('/api/time/day?assignedToId=nobody'), 400, /Assignee/);
    expectRefused(await new Client(server.url).get('/api/time/day'), 401);
  });

  it('REST task JSON carries timeSpentMinutes (a running timer up to now), on one task and on lists, streamed and paged', async () => {
    expect((await p.user.client.get(`/api/tasks/${timed.id}`)).body.timeSpentMinutes).toBe(75);
    expect((await p.user.client.post(`/api/tasks/${timed.id}/timer`)).status).toBe(201);
    now += 10 * 60_000;
    const one = await p.user.client.get(`/api/tasks/${timed.id}`);
    expect(one.body.timeSpentMinutes).toBe(85);
    const streamed = await p.user.client.get('/api/tasks');
    const byTitle = (list: any[]) => Object.fromEntries(list.map((t) => [t.title, t.timeSpentMinutes]));
    expect(byTitle(streamed.body)).toMatchObject({ Timed: 85, Untimed: 20, Short: 0, Someday: 0 });
    const paged = await p.user.client.get('/api/tasks?limit=2');
    expect(paged.body).toHaveLength(2);
    for (const t of paged.body) expect(typeof t.timeSpentMinutes).toBe('number');
    const gql = await p.user.client.gql('query ($id: ID!) { task(id: $id) { timeSpentMinutes } }', { id: timed.id });
    expect(gql.data.task.timeSpentMinutes).toBe(one.body.timeSpentMinutes);
    // A write answers with it too, and so do the manager's lists of their reportees' tasks.
    expect((await p.user.client.patch(`/api/tasks/${timed.id}`, { title: 'Timed again' })).body.timeSpentMinutes).toBe(85);
    const reportees = await p.manager.client.get('/api/manager/reportee-tasks');
    expect(reportees.body.find((t: any) => t.id === timed.id)).toMatchObject({ timeSpentMinutes: 85, descriptionMentions: [] });
    const today = await p.manager.client.get('/api/manager/today');
    const uri = today.body.people.find((person: any) => person.user.id === p.user.id);
    expect(uri.tasks.find((t: any) => t.id === timed.id)?.timeSpentMinutes).toBe(85);
    expect((await p.user.client.delete('/api/timer')).status).toBe(200);
  });
});
