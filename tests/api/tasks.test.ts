import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { Client } from './support/client.js';
import { auditOf, dayKey, expectRefused, newTask, people, readBack, type DemoName, type Person } from './support/task-helpers.js';

let server: TestServer;
let p: Record<DemoName, Person>;

beforeAll(async () => {
  server = await startServer();
  p = await people(server);
});
afterAll(() => server?.close());

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : null);

describe('REST task routes, sent exactly as the client sends them', () => {
  it('quick add: defaults kept, creator is the session user whatever createdById says', async () => {
    const { user, admin } = p;
    const res = await user.client.post('/api/tasks', {
      title: '  Call the plumber  ',
      category: 'dev',
      priority: 'medium',
      status: 'Planned',
      progress: 0,
      column: 'unscheduled',
      isRepeatable: false,
      assignedToId: user.id,
      createdById: admin.id,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Call the plumber',
      category: 'dev',
      priority: 'medium',
      status: 'Planned',
      progress: 0,
      column: 'unscheduled',
      isRepeatable: false,
      assignedToId: user.id,
      createdById: user.id,
      scheduledDate: null,
      tags: [],
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof res.body.createdAt).toBe('string');

    const list = await user.client.get('/api/tasks');
    expect(list.status).toBe(200);
    expect(list.body.map((t: any) => t.id)).toContain(res.body.id);
    expect(await readBack(user.client, res.body.id)).toEqual(res.body);
    const [created] = await auditOf(user.client, res.body.id);
    expect(created).toMatchObject({ action: 'created', userId: user.id, userName: 'Uri User', taskId: res.body.id });
  });

  it('slot create: column today, In Progress, with the slot time and date', async () => {
    const res = await p.user.client.post('/api/tasks', {
      title: 'Stand-up notes',
      column: 'today',
      status: 'In Progress',
      scheduledTime: '14:30',
      scheduledDate: new Date().toISOString(),
      priority: 'medium',
      category: 'dev',
      progress: 0,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ column: 'today', status: 'In Progress', scheduledTime: '14:30', assignedToId: p.user.id });
    expect(day(res.body.scheduledDate)).toBe(dayKey());
  });

  it('drag to a time slot: PATCH {scheduledTime, column} schedules it today', async () => {
    const task = await newTask(p.user.client, { column: 'unscheduled' });
    const res = await p.user.client.patch(`/api/tasks/${task.id}`, { scheduledTime: '09:30', column: 'today' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ column: 'today', scheduledTime: '09:30', status: 'In Progress' });
    expect(day(res.body.scheduledDate)).toBe(dayKey());
    const [entry] = await auditOf(p.user.client, task.id);
    expect(Object.keys(JSON.parse(entry.newValues)).sort()).toEqual(['scheduledDate', 'scheduledTime', 'status']);
  });

  it('save: PATCH with id plus every task field changes and audits exactly what differs', async () => {
    const task = await newTask(p.user.client, { description: 'old', tags: ['a'] });
    const edited = { ...task, title: 'Renamed', tags: ['a', 'b'], dueDate: '2030-05-01', estimatedHours: 2.5, priority: 'high' };
    const res = await p.user.client.patch(`/api/tasks/${task.id}`, edited);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: task.id, title: 'Renamed', description: 'old', tags: ['a', 'b'], estimatedHours: 2.5, priority: 'high' });
    expect(day(res.body.dueDate)).toBe('2030-05-01');
    const [entry] = await auditOf(p.user.client, task.id);
    expect(entry.action).toBe('updated');
    expect(JSON.parse(entry.oldValues)).toEqual({ title: task.title, priority: 'medium', tags: ['a'], dueDate: null, estimatedHours: null });
    expect(JSON.parse(entry.newValues)).toEqual({
      title: 'Renamed',
      priority: 'high',
      tags: ['a', 'b'],
      dueDate: '2030-05-01T12:00:00.000Z',
      estimatedHours: 2.5,
    });
  });

  it('save of unchanged values writes nothing and keeps updatedAt', async () => {
    const task = await newTask(p.user.client);
    const before = await auditOf(p.user.client, task.id);
    const res = await p.user.client.patch(`/api/tasks/${task.id}`, { ...task });
    expect(res.status).toBe(200);
    expect(res.body.updatedAt).toBe(task.updatedAt);
    expect(await auditOf(p.user.client, task.id)).toEqual(before);
  });

  it('DELETE removes the task with its subtasks and comments; the audit keeps its last values', async () => {
    const task = await newTask(p.user.client);
    expect((await p.user.client.post(`/api/tasks/${task.id}/subtasks`, { title: 'step' })).status).toBe(201);
    expect((await p.user.client.post(`/api/tasks/${task.id}/comments`, { content: 'note' })).status).toBe(201);
    const res = await p.user.client.delete(`/api/tasks/${task.id}`);
    expect(res.status).toBe(200);
    expect((await p.user.client.get(`/api/tasks/${task.id}`)).status).toBe(404);
    expect((await p.user.client.get('/api/tasks')).body.map((t: any) => t.id)).not.toContain(task.id);
    expect((await p.user.client.get(`/api/tasks/${task.id}/subtasks`)).status).toBe(404);
    const timeline = await p.user.client.get(`/api/audit?taskId=${task.id}&action=deleted`);
    expect(timeline.status).toBe(200);
    expect(timeline.body).toHaveLength(1);
    expect(JSON.parse(timeline.body[0].oldValues)).toMatchObject({ title: task.title });
  });
});

describe('moves between board columns', () => {
  const move = (c: Client, id: string, body: Record<string, unknown>) => c.post(`/api/tasks/${id}/move`, body);

  it('today: scheduled now and In Progress', async () => {
    const task = await newTask(p.user.client);
    const res = await p.user.client.patch(`/api/tasks/${task.id}`, { column: 'today' });
    expect(res.body).toMatchObject({ column: 'today', status: 'In Progress' });
    expect(day(res.body.scheduledDate)).toBe(dayKey());
  });

  it('completed: Done, with a completion time', async () => {
    const task = await newTask(p.user.client, { column: 'today' });
    const res = await move(p.user.client, task.id, { column: 'completed' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ column: 'completed', status: 'Done' });
    expect(res.body.completedAt).not.toBeNull();
    expect((await auditOf(p.user.client, task.id))[0].action).toBe('moved');
  });

  it('unscheduled: date and time cleared, Not Started', async () => {
    const task = await newTask(p.user.client, { column: 'today', scheduledTime: '10:00' });
    const res = await move(p.user.client, task.id, { column: 'unscheduled' });
    expect(res.body).toMatchObject({ column: 'unscheduled', status: 'Not Started', scheduledDate: null, scheduledTime: null });
  });

  it('pending and pendingFromBefore: Not Started, placed in that column', async () => {
    const task = await newTask(p.user.client, { column: 'today' });
    const pending = await move(p.user.client, task.id, { column: 'pending' });
    expect(pending.body).toMatchObject({ column: 'pending', status: 'Not Started' });
    expect(day(pending.body.scheduledDate)! > dayKey()).toBe(true);
    const before = await move(p.user.client, task.id, { column: 'pendingFromBefore' });
    expect(before.body).toMatchObject({ column: 'pendingFromBefore', status: 'Not Started' });
    expect(day(before.body.scheduledDate)! < dayKey()).toBe(true);
  });

  it('a time slot drop: today with the slot time', async () => {
    const task = await newTask(p.user.client);
    const res = await move(p.user.client, task.id, { column: 'today', scheduledTime: '16:00' });
    expect(res.body).toMatchObject({ column: 'today', scheduledTime: '16:00', status: 'In Progress' });
  });

  it('reschedule to a date: Planned on that date (Tomorrow, Next Week)', async () => {
    const task = await newTask(p.user.client, { scheduledDate: dayKey(-3), status: 'Not Started' });
    expect(task.column).toBe('pendingFromBefore');
    const res = await move(p.user.client, task.id, { column: 'pending', scheduledDate: dayKey(7) });
    expect(res.body).toMatchObject({ status: 'Planned', column: 'pending' });
    expect(day(res.body.scheduledDate)).toBe(dayKey(7));
    expect((await auditOf(p.user.client, task.id))[0].action).toBe('rescheduled');
  });

  it("'Completed' is accepted and stored as Done", async () => {
    const task = await newTask(p.user.client);
    const res = await p.user.client.patch(`/api/tasks/${task.id}`, { status: 'Completed' });
    expect(res.body).toMatchObject({ status: 'Done', column: 'completed' });
    const created = await newTask(p.user.client, { status: 'Completed' });
    expect(created.status).toBe('Done');
  });

  it('completing a repeatable task creates its next occurrence, audited', async () => {
    const task = await newTask(p.user.client, {
      title: 'Water the plants',
      isRepeatable: true,
      repeatPattern: 'weekly',
      repeatInterval: 1,
      scheduledDate: dayKey(),
      tags: ['home'],
    });
    const res = await p.user.client.patch(`/api/tasks/${task.id}`, { status: 'Completed' });
    expect(res.body.status).toBe('Done');
    const all = (await p.user.client.get('/api/tasks')).body.filter((t: any) => t.title === 'Water the plants');
    expect(all).toHaveLength(2);
    const next = all.find((t: any) => t.id !== task.id);
    expect(next).toMatchObject({ status: 'Planned', column: 'pending', isRepeatable: true, repeatPattern: 'weekly', tags: ['home'], assignedToId: p.user.id });
    expect(day(next.scheduledDate)).toBe(dayKey(7));
    const [created] = await auditOf(p.user.client, next.id);
    expect(created.action).toBe('created');
    expect(JSON.parse(created.newValues).repeatedFromTaskId).toBe(task.id);
  });

  it('the next occurrence starts with the same subtasks, none started, and without the comments', async () => {
    const task = await newTask(p.user.client, { title: 'Weekly report', isRepeatable: true, repeatPattern: 'weekly', scheduledDate: dayKey() });
    await p.user.client.post(`/api/tasks/${task.id}/subtasks`, { title: 'Collect figures', status: 'Done' });
    await p.user.client.post(`/api/tasks/${task.id}/subtasks`, { title: 'Write it up' });
    await p.user.client.post(`/api/tasks/${task.id}/comments`, { content: 'Sent on time' });
    await p.user.client.patch(`/api/tasks/${task.id}`, { status: 'Done' });
    const next = (await p.user.client.get('/api/tasks')).body.find((t: any) => t.title === 'Weekly report' && t.id !== task.id);
    const subtasks = (await p.user.client.get(`/api/tasks/${next.id}/subtasks`)).body;
    expect(subtasks.map((s: any) => [s.title, s.status])).toEqual([
      ['Collect figures', 'Not Started'],
      ['Write it up', 'Not Started'],
    ]);
    expect((await p.user.client.get(`/api/tasks/${next.id}/comments`)).body).toEqual([]);
    // The finished one keeps its own.
    expect((await p.user.client.get(`/api/tasks/${task.id}/subtasks`)).body.map((s: any) => s.status)).toEqual(['Done', 'Not Started']);
  });

  it('no next occurrence after the repeat end date', async () => {
    const task = await newTask(p.user.client, {
      title: 'Last time',
      isRepeatable: true,
      repeatPattern: 'daily',
      scheduledDate: dayKey(),
      repeatEndDate: dayKey(),
    });
    await p.user.client.patch(`/api/tasks/${task.id}`, { status: 'Done' });
    expect((await p.user.client.get('/api/tasks')).body.filter((t: any) => t.title === 'Last time')).toHaveLength(1);
  });
});

describe('bulk delete is all-or-nothing', () => {
  it('one unreadable id: 404 and nothing deleted', async () => {
    const a = await newTask(p.user.client);
    const b = await newTask(p.user.client);
    const foreign = await newTask(p.admin.client);
    const res = await p.user.client.post('/api/tasks/bulk-delete', { ids: [a.id, b.id, foreign.id] });
    expectRefused(res, 404);
    for (const t of [a, b]) expect((await p.user.client.get(`/api/tasks/${t.id}`)).status).toBe(200);
  });

  it('one read-only id: 403 and nothing deleted; all writable: all deleted', async () => {
    const mine = await newTask(p.manager.client);
    const adminsOwn = await newTask(p.admin.client);
    expectRefused(await p.manager.client.post('/api/tasks/bulk-delete', { ids: [mine.id, adminsOwn.id] }), 403);
    expect((await p.manager.client.get(`/api/tasks/${mine.id}`)).status).toBe(200);
    const other = await newTask(p.manager.client);
    const ok = await p.manager.client.post('/api/tasks/bulk-delete', { ids: [mine.id, other.id] });
    expect(ok.status).toBe(200);
    expect(ok.body.ids.sort()).toEqual([mine.id, other.id].sort());
    expect((await p.manager.client.get(`/api/tasks/${mine.id}`)).status).toBe(404);
  });

  it('an empty list is refused', async () => {
    expectRefused(await p.user.client.post('/api/tasks/bulk-delete', { ids: [] }), 400);
  });
});

describe('task permissions by role', () => {
  it("a member cannot see, change or delete others' tasks: 404 everywhere", async () => {
    const adminsTask = await newTask(p.admin.client);
    const c = p.user.client;
    expectRefused(await c.get(`/api/tasks/${adminsTask.id}`), 404, /not found/);
    expectRefused(await c.patch(`/api/tasks/${adminsTask.id}`, { title: 'mine now' }), 404);
    expectRefused(await c.delete(`/api/tasks/${adminsTask.id}`), 404);
    expectRefused(await c.post(`/api/tasks/${adminsTask.id}/move`, { column: 'today' }), 404);
    expect((await c.get('/api/tasks')).body.every((t: any) => t.assignedToId === p.user.id || t.createdById === p.user.id)).toBe(true);
    expect((await readBack(p.admin.client, adminsTask.id)).title).toBe(adminsTask.title);
  });

  it('a member cannot assign to others: 403, nothing created or changed', async () => {
    const before = (await p.user.client.get('/api/tasks')).body.length;
    expectRefused(await p.user.client.post('/api/tasks', { title: 'For my boss', assignedToId: p.manager.id }), 403, /only assign tasks to yourself/);
    expect((await p.user.client.get('/api/tasks')).body.length).toBe(before);
    const own = await newTask(p.user.client);
    expectRefused(await p.user.client.patch(`/api/tasks/${own.id}`, { assignedToId: p.admin.id }), 403);
    expect(await readBack(p.user.client, own.id)).toEqual(own);
    const unassigned = await p.user.client.patch(`/api/tasks/${own.id}`, { assignedToId: null });
    expect(unassigned.body.assignedToId).toBeNull();
  });

  it("a manager assigns to and updates a reportee's task, but not an admin's own task (403)", async () => {
    const forReportee = await newTask(p.manager.client, { assignedToId: p.user.id });
    expect(forReportee.assignedToId).toBe(p.user.id);
    expect((await p.user.client.get(`/api/tasks/${forReportee.id}`)).status).toBe(200);
    const reporteesOwn = await newTask(p.user.client);
    const upd = await p.manager.client.patch(`/api/tasks/${reporteesOwn.id}`, { priority: 'high' });
    expect(upd.status).toBe(200);
    expectRefused(await p.manager.client.post('/api/tasks', { title: 'x', assignedToId: p.admin.id }), 403);

    const adminsOwn = await newTask(p.admin.client);
    expect((await p.manager.client.get(`/api/tasks/${adminsOwn.id}`)).status).toBe(200);
    expectRefused(await p.manager.client.patch(`/api/tasks/${adminsOwn.id}`, { title: 'hijack' }), 403, /your own tasks or those of your reportees/);
    expectRefused(await p.manager.client.delete(`/api/tasks/${adminsOwn.id}`), 403);
    expect(await readBack(p.admin.client, adminsOwn.id)).toEqual(adminsOwn);
  });

  it('an admin reads, changes and assigns anything', async () => {
    const usersTask = await newTask(p.user.client);
    const res = await p.admin.client.patch(`/api/tasks/${usersTask.id}`, { assignedToId: p.manager.id, title: 'Reassigned' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ assignedToId: p.manager.id, title: 'Reassigned' });
    expect((await p.admin.client.delete(`/api/tasks/${usersTask.id}`)).status).toBe(200);
  });

  it('without a session every task route answers 401', async () => {
    const anon = new Client(server.url);
    const task = await newTask(p.user.client);
    for (const res of [
      await anon.get('/api/tasks'),
      await anon.get(`/api/tasks/${task.id}`),
      await anon.post('/api/tasks', { title: 'x' }),
      await anon.patch(`/api/tasks/${task.id}`, { title: 'x' }),
      await anon.delete(`/api/tasks/${task.id}`),
    ])
      expectRefused(res, 401, /sign in/);
  });
});

describe('bad input: the right status, a readable message, and nothing changed', () => {
  const BAD: [string, Record<string, unknown>, RegExp][] = [
    ['blank title', { title: '' }, /Title is required/],
    ['whitespace title', { title: '   \t ' }, /Title is required/],
    ['progress -1', { progress: -1 }, /Progress must be a whole number from 0 to 100/],
    ['progress 101', { progress: 101 }, /Progress/],
    ["progress 'abc'", { progress: 'abc' }, /Progress/],
    ['negative hours', { estimatedHours: -1 }, /Estimated hours cannot be negative/],
    ['2026-02-30', { dueDate: '2026-02-30' }, /Due date is not a valid date/],
    ["'tomorrow'", { scheduledDate: 'tomorrow' }, /Scheduled date must be a date/],
    ['25:00', { scheduledTime: '25:00' }, /Scheduled time must be a time/],
    ['unknown status', { status: 'Someday' }, /Unknown status "Someday"/],
    ['unknown column', { column: 'backlog' }, /Unknown column "backlog"/],
    ['unknown assignee', { assignedToId: randomUUID() }, /assignee does not exist/],
    ['malformed assignee', { assignedToId: 'bob' }, /Assignee is not a valid id/],
    ['tags not a list', { tags: 5 }, /Tags must be a list/],
    ['unknown repeat pattern', { repeatPattern: 'hourly' }, /Repeat pattern must be one of/],
  ];

  it.each(BAD)('PATCH with %s: 400, task and audit unchanged', async (_name, payload, message) => {
    const task = await newTask(p.user.client, { description: 'keep me' });
    const audit = await auditOf(p.user.client, task.id);
    expectRefused(await p.user.client.patch(`/api/tasks/${task.id}`, payload), 400, message);
    expect(await readBack(p.user.client, task.id)).toEqual(task);
    expect(await auditOf(p.user.client, task.id)).toEqual(audit);
  });

  it.each(BAD)('POST with %s: 400, no task created', async (_name, payload, message) => {
    const before = (await p.user.client.get('/api/tasks')).body.length;
    expectRefused(await p.user.client.post('/api/tasks', { title: 'Valid title', ...payload }), 400, message);
    expect((await p.user.client.get('/api/tasks')).body.length).toBe(before);
  });

  it('a move to an unknown column or a bad slot time: 400, unchanged', async () => {
    const task = await newTask(p.user.client);
    expectRefused(await p.user.client.post(`/api/tasks/${task.id}/move`, { column: 'nowhere' }), 400, /Unknown column/);
    expectRefused(await p.user.client.post(`/api/tasks/${task.id}/move`, { column: 'today', scheduledTime: '24:00' }), 400, /Scheduled time/);
    expectRefused(await p.user.client.post(`/api/tasks/${task.id}/move`, { column: 'pending', scheduledDate: '2026-13-01' }), 400, /Scheduled date/);
    expect(await readBack(p.user.client, task.id)).toEqual(task);
  });

  it('unknown and malformed ids: 404', async () => {
    for (const id of [randomUUID(), 'not-an-id']) {
      expectRefused(await p.user.client.get(`/api/tasks/${id}`), 404, /Task not found/);
      expectRefused(await p.user.client.patch(`/api/tasks/${id}`, { title: 'x' }), 404);
      expectRefused(await p.user.client.delete(`/api/tasks/${id}`), 404);
    }
  });

  it('malformed JSON: 400, nothing created', async () => {
    const before = (await p.user.client.get('/api/tasks')).body.length;
    expectRefused(await p.user.client.request('POST', '/api/tasks', '{"title": "half', { 'content-type': 'application/json' }), 400, /not valid JSON/);
    const task = await newTask(p.user.client);
    expectRefused(await p.user.client.request('PATCH', `/api/tasks/${task.id}`, '{"title":', { 'content-type': 'application/json' }), 400, /not valid JSON/);
    expect(await readBack(p.user.client, task.id)).toEqual(task);
    expect((await p.user.client.get('/api/tasks')).body.length).toBe(before + 1);
  });

  it('a JSON array or scalar body: 400', async () => {
    expectRefused(await p.user.client.request('POST', '/api/tasks', '[{"title":"x"}]', { 'content-type': 'application/json' }), 400, /JSON object/);
    expectRefused(await p.user.client.request('POST', '/api/tasks', '"x"', { 'content-type': 'application/json' }), 400, /JSON object/);
  });

  it('a body over 1 MB: 413, nothing changed', async () => {
    const task = await newTask(p.user.client);
    const huge = JSON.stringify({ title: 'big', description: 'x'.repeat(1_100_000) });
    expectRefused(await p.user.client.request('POST', '/api/tasks', huge), 413, /too large/);
    expectRefused(await p.user.client.request('PATCH', `/api/tasks/${task.id}`, huge), 413, /too large/);
    expect(await readBack(p.user.client, task.id)).toEqual(task);
  });

  it('a non-JSON content type: 400, nothing changed', async () => {
    const task = await newTask(p.user.client);
    const before = (await p.user.client.get('/api/tasks')).body.length;
    expectRefused(await p.user.client.request('POST', '/api/tasks', 'title=Sneaky', { 'content-type': 'application/x-www-form-urlencoded' }), 400, /as JSON/);
    expectRefused(await p.user.client.request('PATCH', `/api/tasks/${task.id}`, '{"title":"x"}', { 'content-type': 'text/plain' }), 400, /as JSON/);
    expect(await readBack(p.user.client, task.id)).toEqual(task);
    expect((await p.user.client.get('/api/tasks')).body.length).toBe(before);
  });

  it('a title over 500 characters: 400', async () => {
    expectRefused(await p.user.client.post('/api/tasks', { title: 'x'.repeat(501) }), 400, /at most 500 characters/);
  });
});
