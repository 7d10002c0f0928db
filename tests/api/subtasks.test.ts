import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { Client } from './support/client.js';
import { auditOf, expectRefused, newTask, people, readBack, type DemoName, type Person } from './support/task-helpers.js';
import { TaskEvent } from '../../api/realtime/task-event.entity.js';

let server: TestServer;
let p: Record<DemoName, Person>;

beforeAll(async () => {
  server = await startServer();
  p = await people(server);
});
afterAll(() => server?.close());

const subtasksOf = async (c: Client, taskId: string) => {
  const res = await c.get(`/api/tasks/${taskId}/subtasks`);
  expect(res.status).toBe(200);
  return res.body as any[];
};

const addSubtask = async (c: Client, taskId: string, fields: Record<string, unknown> = {}) => {
  const res = await c.post(`/api/tasks/${taskId}/subtasks`, { title: 'A step', ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

const eventsOf = async (taskId: string) =>
  (await server.app.runtime.orm.em.fork().find(TaskEvent, { taskId }, { orderBy: { seq: 'asc' } })).map((e) => ({ kind: e.kind, entityId: e.entityId }));

describe('subtask routes', () => {
  it('creates with the subtask fields: title trimmed, blank and duplicate tags ignored, unassigned as null', async () => {
    const task = await newTask(p.user.client);
    const res = await p.user.client.post(`/api/tasks/${task.id}/subtasks`, {
      title: '  Draft the outline ',
      description: 'Two pages',
      assignedToId: null,
      status: 'In Progress',
      dueDate: '2030-01-15',
      estimatedHours: 1.5,
      comments: 'ask Maya first',
      tags: ['writing', ' writing ', '', '  ', 'docs'],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      taskId: task.id,
      title: 'Draft the outline',
      description: 'Two pages',
      assignedToId: null,
      status: 'In Progress',
      estimatedHours: 1.5,
      comments: 'ask Maya first',
      tags: ['writing', 'docs'],
    });
    expect(res.body.dueDate.slice(0, 10)).toBe('2030-01-15');

    const plain = await addSubtask(p.user.client, task.id, { title: 'Second', assignedToId: 'unassigned', tags: 'a, b, a, ' });
    expect(plain).toMatchObject({ status: 'Not Started', estimatedHours: 0, assignedToId: null, tags: ['a', 'b'] });
    expect((await subtasksOf(p.user.client, task.id)).map((s) => s.title)).toEqual(['Draft the outline', 'Second']);
  });

  it('creation is audited against the task and published', async () => {
    const task = await newTask(p.user.client);
    const sub = await addSubtask(p.user.client, task.id, { title: 'Audited', estimatedHours: 2 });
    const [entry] = await auditOf(p.user.client, task.id);
    expect(entry).toMatchObject({ action: 'created', entityType: 'subtask', entityId: sub.id, taskId: task.id, userId: p.user.id });
    expect(JSON.parse(entry.newValues)).toEqual({ title: 'Audited', status: 'Not Started', estimatedHours: 2 });
    expect(await eventsOf(task.id)).toContainEqual({ kind: 'SUBTASK_CREATED', entityId: sub.id });
  });

  it('PATCH toggles Done and back, auditing old and new values of exactly the changed fields', async () => {
    const task = await newTask(p.user.client);
    const sub = await addSubtask(p.user.client, task.id, { description: 'keep' });
    const done = await p.user.client.patch(`/api/subtasks/${sub.id}`, { status: 'Done' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: sub.id, status: 'Done', description: 'keep' });
    const [entry] = await auditOf(p.user.client, task.id);
    expect(entry).toMatchObject({ action: 'updated', entityType: 'subtask', entityId: sub.id });
    expect(JSON.parse(entry.oldValues)).toEqual({ status: 'Not Started' });
    expect(JSON.parse(entry.newValues)).toEqual({ status: 'Done' });

    const full = await p.user.client.patch(`/api/subtasks/${sub.id}`, { ...done.body, status: 'Not Started', title: ' Renamed ' });
    expect(full.body).toMatchObject({ status: 'Not Started', title: 'Renamed' });
    const [second] = await auditOf(p.user.client, task.id);
    expect(JSON.parse(second.oldValues)).toEqual({ title: 'A step', status: 'Done' });
    expect(JSON.parse(second.newValues)).toEqual({ title: 'Renamed', status: 'Not Started' });

    const count = (await auditOf(p.user.client, task.id)).length;
    expect((await p.user.client.patch(`/api/subtasks/${sub.id}`, { title: 'Renamed' })).status).toBe(200);
    expect((await auditOf(p.user.client, task.id)).length).toBe(count);
    expect(await eventsOf(task.id)).toContainEqual({ kind: 'SUBTASK_UPDATED', entityId: sub.id });
  });

  it('DELETE removes it, audited with its last values', async () => {
    const task = await newTask(p.user.client);
    const sub = await addSubtask(p.user.client, task.id, { title: 'Gone soon' });
    const res = await p.user.client.delete(`/api/subtasks/${sub.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: sub.id });
    expect(await subtasksOf(p.user.client, task.id)).toEqual([]);
    const [entry] = await auditOf(p.user.client, task.id);
    expect(entry).toMatchObject({ action: 'deleted', entityType: 'subtask', entityId: sub.id });
    expect(JSON.parse(entry.oldValues)).toMatchObject({ title: 'Gone soon' });
    expect(await eventsOf(task.id)).toContainEqual({ kind: 'SUBTASK_DELETED', entityId: sub.id });
    expectRefused(await p.user.client.delete(`/api/subtasks/${sub.id}`), 404, /Subtask not found/);
  });

  it('promote: a task for the caller keeping title, description, estimate, tags and due date; the subtask is gone', async () => {
    const parent = await newTask(p.user.client, { project: 'Website Relaunch', category: 'design', priority: 'high' });
    const sub = await addSubtask(p.user.client, parent.id, {
      title: 'Big step',
      description: 'details',
      estimatedHours: 3,
      tags: ['x'],
      dueDate: '2030-03-03',
    });
    const res = await p.user.client.post(`/api/subtasks/${sub.id}/promote`);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Big step',
      description: 'details',
      estimatedHours: 3,
      tags: ['x'],
      createdById: p.user.id,
      assignedToId: p.user.id,
      project: 'Website Relaunch',
      category: 'design',
      priority: 'high',
      column: 'unscheduled',
    });
    expect(res.body.dueDate.slice(0, 10)).toBe('2030-03-03');
    expect(res.body.id).not.toBe(parent.id);
    expect(await subtasksOf(p.user.client, parent.id)).toEqual([]);
    expect((await readBack(p.user.client, res.body.id)).title).toBe('Big step');

    const [promoted] = await auditOf(p.user.client, parent.id);
    expect(promoted).toMatchObject({ action: 'promoted', entityType: 'subtask', entityId: sub.id });
    expect(JSON.parse(promoted.newValues)).toEqual({ promotedToTaskId: res.body.id });
    const [created] = await auditOf(p.user.client, res.body.id);
    expect(created).toMatchObject({ action: 'created', entityType: 'task' });
    expect(JSON.parse(created.newValues)).toMatchObject({ title: 'Big step', promotedFromSubtaskId: sub.id });
    expect(await eventsOf(parent.id)).toContainEqual({ kind: 'SUBTASK_DELETED', entityId: sub.id });
    expect(await eventsOf(res.body.id)).toContainEqual({ kind: 'TASK_CREATED', entityId: null });
    expectRefused(await p.user.client.post(`/api/subtasks/${sub.id}/promote`), 404);
  });

  it('promote keeps the assignee when the caller may assign to them, else assigns the caller', async () => {
    const usersTask = await newTask(p.user.client);
    const forReportee = await addSubtask(p.manager.client, usersTask.id, { assignedToId: p.user.id });
    const byManager = await p.manager.client.post(`/api/subtasks/${forReportee.id}/promote`);
    expect(byManager.body).toMatchObject({ assignedToId: p.user.id, createdById: p.manager.id });

    const forAdmin = await addSubtask(p.admin.client, usersTask.id, { assignedToId: p.admin.id });
    const byMember = await p.user.client.post(`/api/subtasks/${forAdmin.id}/promote`);
    expect(byMember.body).toMatchObject({ assignedToId: p.user.id, createdById: p.user.id });
  });
});

describe('subtask permissions follow the task', () => {
  it("a member cannot reach an admin's task's subtasks: 404", async () => {
    const task = await newTask(p.admin.client);
    const sub = await addSubtask(p.admin.client, task.id);
    const c = p.user.client;
    expectRefused(await c.get(`/api/tasks/${task.id}/subtasks`), 404, /Task not found/);
    expectRefused(await c.post(`/api/tasks/${task.id}/subtasks`, { title: 'x' }), 404);
    expectRefused(await c.patch(`/api/subtasks/${sub.id}`, { title: 'x' }), 404, /Subtask not found/);
    expectRefused(await c.delete(`/api/subtasks/${sub.id}`), 404);
    expectRefused(await c.post(`/api/subtasks/${sub.id}/promote`), 404);
    expect(await subtasksOf(p.admin.client, task.id)).toEqual([sub]);
  });

  it("a manager reads but cannot change an admin's own task's subtasks: 403", async () => {
    const task = await newTask(p.admin.client);
    const sub = await addSubtask(p.admin.client, task.id);
    const c = p.manager.client;
    expect(await subtasksOf(c, task.id)).toEqual([sub]);
    expectRefused(await c.post(`/api/tasks/${task.id}/subtasks`, { title: 'x' }), 403);
    expectRefused(await c.patch(`/api/subtasks/${sub.id}`, { status: 'Done' }), 403);
    expectRefused(await c.delete(`/api/subtasks/${sub.id}`), 403);
    expectRefused(await c.post(`/api/subtasks/${sub.id}/promote`), 403);
    expect(await subtasksOf(p.admin.client, task.id)).toEqual([sub]);
  });

  it("a manager changes a reportee's subtasks; an admin any", async () => {
    const task = await newTask(p.user.client);
    const sub = await addSubtask(p.manager.client, task.id);
    expect((await p.manager.client.patch(`/api/subtasks/${sub.id}`, { status: 'Done' })).status).toBe(200);
    expect((await p.admin.client.delete(`/api/subtasks/${sub.id}`)).status).toBe(200);
  });

  it('subtask assignees: the people on the task or those within reach; others 403', async () => {
    const fromManager = await newTask(p.manager.client, { assignedToId: p.user.id });
    const ok = await addSubtask(p.user.client, fromManager.id, { assignedToId: p.manager.id });
    expect(ok.assignedToId).toBe(p.manager.id);
    const own = await newTask(p.user.client);
    expectRefused(await p.user.client.post(`/api/tasks/${own.id}/subtasks`, { title: 'x', assignedToId: p.admin.id }), 403);
    const sub = await addSubtask(p.user.client, own.id);
    expectRefused(await p.user.client.patch(`/api/subtasks/${sub.id}`, { assignedToId: p.admin.id }), 403);
    expect(await subtasksOf(p.user.client, own.id)).toEqual([sub]);
  });
});

describe('subtask bad input: readable 400/404 and nothing changed', () => {
  const BAD: [string, Record<string, unknown>, RegExp][] = [
    ['blank title', { title: '' }, /Title is required/],
    ['whitespace title', { title: '   ' }, /Title is required/],
    ['negative hours', { estimatedHours: -0.5 }, /Estimated hours cannot be negative/],
    ['text hours', { estimatedHours: 'lots' }, /Estimated hours must be a number/],
    ['invalid date', { dueDate: '2026-02-30' }, /Due date is not a valid date/],
    ["'tomorrow'", { dueDate: 'tomorrow' }, /Due date must be a date/],
    ['unknown status', { status: 'Paused' }, /Unknown subtask status "Paused"/],
    ['unknown assignee', { assignedToId: randomUUID() }, /assignee does not exist/],
  ];

  it.each(BAD)('%s: 400 on create and update, nothing changed', async (_n, payload, message) => {
    const task = await newTask(p.user.client);
    const sub = await addSubtask(p.user.client, task.id);
    const audit = await auditOf(p.user.client, task.id);
    expectRefused(await p.user.client.post(`/api/tasks/${task.id}/subtasks`, { title: 'ok', ...payload }), 400, message);
    expectRefused(await p.user.client.patch(`/api/subtasks/${sub.id}`, payload), 400, message);
    expect(await subtasksOf(p.user.client, task.id)).toEqual([sub]);
    expect(await auditOf(p.user.client, task.id)).toEqual(audit);
  });

  it('unknown ids, malformed JSON, non-JSON and oversized bodies', async () => {
    const task = await newTask(p.user.client);
    const sub = await addSubtask(p.user.client, task.id);
    expectRefused(await p.user.client.post(`/api/tasks/${randomUUID()}/subtasks`, { title: 'x' }), 404, /Task not found/);
    expectRefused(await p.user.client.get('/api/tasks/nope/subtasks'), 404);
    expectRefused(await p.user.client.patch(`/api/subtasks/${randomUUID()}`, { title: 'x' }), 404, /Subtask not found/);
    expectRefused(await p.user.client.post(`/api/subtasks/${randomUUID()}/promote`), 404);
    expectRefused(await p.user.client.request('PATCH', `/api/subtasks/${sub.id}`, '{"title"', { 'content-type': 'application/json' }), 400, /not valid JSON/);
    expectRefused(await p.user.client.request('PATCH', `/api/subtasks/${sub.id}`, 'title=x', { 'content-type': 'text/plain' }), 400, /as JSON/);
    expectRefused(await p.user.client.request('PATCH', `/api/subtasks/${sub.id}`, JSON.stringify({ title: 'y'.repeat(1_100_000) })), 413);
    expect(await subtasksOf(p.user.client, task.id)).toEqual([sub]);
  });
});
