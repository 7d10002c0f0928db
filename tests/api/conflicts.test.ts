import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { Client, signedIn } from './support/client.js';

let server: TestServer;
let admin: Client;
let member: Client;

beforeAll(async () => {
  server = await startServer();
  [admin, member] = await Promise.all([signedIn(server.url, 'admin'), signedIn(server.url, 'user')]);
});
afterAll(() => server?.close());

let n = 0;
const unique = (label: string) => `${label} ${Date.now()}-${++n}`;

async function newTask(fields: Record<string, unknown> = {}): Promise<any> {
  const res = await member.post('/api/tasks', { title: unique('Versioned'), ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const UPDATE = `mutation($id: ID!, $input: TaskInput!) { updateTask(id: $id, input: $input) { id title description priority progress status version } }`;

describe('task versions over REST', () => {
  it('a new task is version 1 and every change (moves too) raises it', async () => {
    const task = await newTask();
    expect(task.version).toBe(1);
    const updated = await member.patch(`/api/tasks/${task.id}`, { title: unique('Renamed') });
    expect(updated.body.version).toBe(2);
    const moved = await member.post(`/api/tasks/${task.id}/move`, { column: 'today' });
    expect(moved.status).toBe(200);
    expect(moved.body.version).toBe(3);
    const unchanged = await member.patch(`/api/tasks/${task.id}`, { title: updated.body.title });
    expect(unchanged.body.version, 'a change that changes nothing writes nothing').toBe(3);
    expect((await member.get(`/api/tasks/${task.id}`)).body.version).toBe(3);
    const listed = (await member.get('/api/tasks')).body.find((t: any) => t.id === task.id);
    expect(listed.version).toBe(3);
  });

  it('a stale version that changes a field changed since is 409 and stores nothing', async () => {
    const task = await newTask({ description: 'original' });
    const theirs = await member.patch(`/api/tasks/${task.id}`, { description: 'theirs', version: 1 });
    expect(theirs.status).toBe(200);
    expect(theirs.body.version).toBe(2);
    const mine = await member.patch(`/api/tasks/${task.id}`, { description: 'mine', priority: 'high', version: 1 });
    expect(mine.status).toBe(409);
    expect(mine.body).toMatchObject({ code: 'CONFLICT', conflictingFields: ['description'], currentVersion: 2 });
    expect(mine.body.message).toMatch(/Someone else changed this task since you loaded it \(description\)/);
    // Who made the newest change since, so the client can name them.
    const me = (await member.get('/api/auth/me')).body;
    expect(mine.body.changedBy).toEqual({ id: me.id, name: `${me.firstName} ${me.lastName}` });
    const stored = (await member.get(`/api/tasks/${task.id}`)).body;
    expect(stored).toMatchObject({ description: 'theirs', priority: 'medium', version: 2 });
    const audit = (await member.get(`/api/audit?taskId=${task.id}`)).body;
    expect(audit.filter((e: any) => e.action === 'updated')).toHaveLength(1);
  });

  it('a stale version that touches only fields nobody changed merges', async () => {
    const task = await newTask({ description: 'original' });
    expect((await member.patch(`/api/tasks/${task.id}`, { description: 'theirs', version: 1 })).status).toBe(200);
    // Resending an unchanged field (a full form) is not a change either.
    const mine = await member.patch(`/api/tasks/${task.id}`, { priority: 'high', title: task.title, version: 1 });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body).toMatchObject({ description: 'theirs', priority: 'high', version: 3 });
  });

  it('a stale version that sets a field to what it already became is no conflict', async () => {
    const task = await newTask();
    expect((await member.patch(`/api/tasks/${task.id}`, { priority: 'low', version: 1 })).status).toBe(200);
    const same = await member.patch(`/api/tasks/${task.id}`, { priority: 'low', version: 1 });
    expect(same.status).toBe(200);
    expect(same.body.version).toBe(2);
  });

  it('a move since the loaded version conflicts with a status change', async () => {
    const task = await newTask();
    expect((await member.post(`/api/tasks/${task.id}/move`, { column: 'completed' })).body.version).toBe(2);
    const stale = await member.patch(`/api/tasks/${task.id}`, { status: 'Blocked', version: 1 });
    expect(stale.status).toBe(409);
    expect((await member.get(`/api/tasks/${task.id}`)).body.status).toBe('Done');
  });

  it('without a version the last write wins (clients that send none)', async () => {
    const task = await newTask({ description: 'original' });
    expect((await member.patch(`/api/tasks/${task.id}`, { description: 'first' })).status).toBe(200);
    const second = await member.put(`/api/tasks/${task.id}`, { description: 'second' });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ description: 'second', version: 3 });
  });

  it('a version that is not a whole number is refused', async () => {
    const task = await newTask();
    const res = await member.patch(`/api/tasks/${task.id}`, { title: 'x', version: 'one' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Version must be a whole number/);
    const future = await member.patch(`/api/tasks/${task.id}`, { title: 'x', version: 9 });
    expect(future.status).toBe(409);
    expect((await member.get(`/api/tasks/${task.id}`)).body.title).toBe(task.title);
  });
});

describe('task versions over GraphQL', () => {
  it('version is on the type; a stale update is CONFLICT and stores nothing; disjoint fields merge', async () => {
    const task = await newTask();
    const first = await member.gql(UPDATE, { id: task.id, input: { title: unique('Theirs'), version: 1 } });
    expect(first.errors).toBeUndefined();
    expect(first.data.updateTask.version).toBe(2);
    const stale = await member.gql(UPDATE, { id: task.id, input: { title: unique('Mine'), version: 1 } });
    expect(stale.errors?.[0].extensions).toMatchObject({ code: 'CONFLICT', conflictingFields: ['title'], currentVersion: 2 });
    const read = await member.gql(`query($id: ID!) { task(id: $id) { title version } }`, { id: task.id });
    expect(read.data.task).toEqual({ title: first.data.updateTask.title, version: 2 });
    const merged = await member.gql(UPDATE, { id: task.id, input: { description: 'merged', version: 1 } });
    expect(merged.errors).toBeUndefined();
    expect(merged.data.updateTask).toMatchObject({ title: first.data.updateTask.title, description: 'merged', version: 3 });
    const lastWins = await member.gql(UPDATE, { id: task.id, input: { title: 'Last write' } });
    expect(lastWins.data.updateTask).toMatchObject({ title: 'Last write', version: 4 });
  });
});

describe('subtasks, templates and projects carry versions too', () => {
  it('subtasks', async () => {
    const task = await newTask();
    const sub = (await member.post(`/api/tasks/${task.id}/subtasks`, { title: 'Step' })).body;
    expect(sub.version).toBe(1);
    expect((await member.patch(`/api/subtasks/${sub.id}`, { title: 'Theirs', version: 1 })).body.version).toBe(2);
    const stale = await member.patch(`/api/subtasks/${sub.id}`, { title: 'Mine', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/this subtask/);
    const merged = await member.patch(`/api/subtasks/${sub.id}`, { comments: 'notes', version: 1 });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ title: 'Theirs', comments: 'notes', version: 3 });
    const gql = await member.gql(`mutation($id: ID!, $input: SubtaskInput!) { updateSubtask(id: $id, input: $input) { title version } }`, {
      id: sub.id,
      input: { title: 'Mine', version: 1 },
    });
    expect(gql.errors?.[0].extensions?.code).toBe('CONFLICT');
    expect((await member.get(`/api/tasks/${task.id}/subtasks`)).body[0]).toMatchObject({ title: 'Theirs', version: 3 });
  });

  it('templates', async () => {
    const tpl = (await admin.post('/api/task-templates', { name: unique('Template'), title: 'Do it' })).body;
    expect(tpl.version).toBe(1);
    expect((await admin.patch(`/api/task-templates/${tpl.id}`, { title: 'Theirs', version: 1 })).status).toBe(200);
    const stale = await admin.patch(`/api/task-templates/${tpl.id}`, { title: 'Mine', version: 1 });
    expect(stale.status).toBe(409);
    const merged = await admin.patch(`/api/task-templates/${tpl.id}`, { description: 'More', version: 1 });
    expect(merged.body).toMatchObject({ title: 'Theirs', description: 'More', version: 3 });
    const gql = await admin.gql(`mutation($id: ID!, $input: TaskTemplateInput!) { updateTaskTemplate(id: $id, input: $input) { id } }`, {
      id: tpl.id,
      input: { title: 'Mine', version: 1 },
    });
    expect(gql.errors?.[0].extensions?.code).toBe('CONFLICT');
  });

  it('projects', async () => {
    const project = (await admin.post('/api/projects', { name: unique('Project') })).body;
    expect(project.version).toBe(1);
    expect((await admin.put(`/api/projects/${project.id}`, { description: 'Theirs', version: 1 })).status).toBe(200);
    const stale = await admin.put(`/api/projects/${project.id}`, { description: 'Mine', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('CONFLICT');
    const merged = await admin.put(`/api/projects/${project.id}`, { color: '#000000', version: 1 });
    expect(merged.body).toMatchObject({ description: 'Theirs', color: '#000000', version: 3 });
    const gql = await admin.gql(`mutation($id: ID!, $input: ProjectInput!) { updateProject(id: $id, input: $input) { id } }`, {
      id: project.id,
      input: { description: 'Mine', version: 1 },
    });
    expect(gql.errors?.[0].extensions?.code).toBe('CONFLICT');
    expect((await admin.get(`/api/projects/${project.id}`)).body).toMatchObject({ description: 'Theirs', version: 3 });
  });
});

describe('data that means what it says', () => {
  it('completing a task sets progress 100; reopening keeps it editable', async () => {
    const task = await newTask({ progress: 30 });
    const done = await member.patch(`/api/tasks/${task.id}`, { status: 'Done' });
    expect(done.body).toMatchObject({ status: 'Done', progress: 100 });
    const other = await newTask({ progress: 10 });
    expect((await member.post(`/api/tasks/${other.id}/move`, { column: 'completed' })).body.progress).toBe(100);
    const createdDone = await newTask({ status: 'Done', progress: 5 });
    expect(createdDone.progress).toBe(100);
    const reopened = await member.patch(`/api/tasks/${task.id}`, { status: 'In Progress' });
    expect(reopened.body).toMatchObject({ status: 'In Progress', progress: 100 });
    expect((await member.patch(`/api/tasks/${task.id}`, { progress: 60 })).body.progress).toBe(60);
    const gql = await member.gql(UPDATE, { id: task.id, input: { status: 'DONE' } });
    expect(gql.data.updateTask.progress).toBe(100);
  });

  it('priority and category must be active config keys (any case); the error names the allowed keys', async () => {
    const bad = await member.post('/api/tasks', { title: unique('Bad'), priority: 'urgent-ish' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Priority "urgent-ish" is not one of the active priorities: low, medium, high, critical');
    const badCategory = await member.post('/api/tasks', { title: unique('Bad'), category: 'nope' });
    expect(badCategory.status).toBe(400);
    expect(badCategory.body.message).toMatch(/^Category "nope" is not one of the active categories: dev, it ops, /);
    const cased = await newTask({ priority: 'HIGH', category: 'Design' });
    expect(cased).toMatchObject({ priority: 'high', category: 'design' });
    const gql = await member.gql(UPDATE, { id: cased.id, input: { priority: 'whenever' } });
    expect(gql.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(gql.errors?.[0].message).toMatch(/low, medium, high, critical/);
    expect((await member.get(`/api/tasks/${cased.id}`)).body.priority).toBe('high');
  });

  it('an inactive key is refused for new values but a task that has it keeps it on a full save', async () => {
    const key = `old${Date.now()}`;
    const item = (await admin.post('/api/system-configs', { configType: 'categories', configKey: key, displayLabel: 'Old' })).body;
    const task = await newTask({ category: key });
    expect((await admin.put(`/api/system-configs/${item.id}`, { isActive: false })).status).toBe(200);
    const resave = await member.patch(`/api/tasks/${task.id}`, { category: key, title: unique('Resaved') });
    expect(resave.status, JSON.stringify(resave.body)).toBe(200);
    const other = await member.post('/api/tasks', { title: unique('New'), category: key });
    expect(other.status).toBe(400);
    expect(other.body.message).not.toContain(key + ',');
  });

  it('a request with several bad fields gets every message in one answer and changes nothing', async () => {
    const task = await newTask();
    const res = await member.patch(`/api/tasks/${task.id}`, { title: '', progress: 150, priority: 'urgent-ish', dueDate: 'soon' });
    expect(res.status).toBe(400);
    expect(res.body.problems).toEqual([
      'Title is required',
      'Progress must be a whole number from 0 to 100',
      'Due date must be a date like 2026-01-31 or an ISO date-time',
      'Priority "urgent-ish" is not one of the active priorities: low, medium, high, critical',
    ]);
    expect(res.body.message).toMatch(/^Please fix 4 problems: Title is required; Progress must be/);
    expect((await member.get(`/api/tasks/${task.id}`)).body).toMatchObject({ title: task.title, version: 1 });
    const gql = await member.gql(`mutation($input: TaskInput!) { createTask(input: $input) { id } }`, { input: { title: ' ', category: 'nope' } });
    expect(gql.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', problems: ['Title is required', expect.stringMatching(/^Category "nope"/)] });
  });
});

describe('races', () => {
  it('concurrent updates without a version all succeed (last write wins) and each raises the version', async () => {
    const task = await newTask();
    const replies = await Promise.all(Array.from({ length: 8 }, (_, i) => member.patch(`/api/tasks/${task.id}`, { description: `write ${i}` })));
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(200));
    const stored = (await member.get(`/api/tasks/${task.id}`)).body;
    expect(stored.version).toBe(1 + new Set(replies.map((r) => r.body.version)).size);
  });

  it('racing versioned updates: disjoint fields both apply, the same field refuses one', async () => {
    const task = await newTask();
    const [a, b] = await Promise.all([
      member.patch(`/api/tasks/${task.id}`, { description: 'from a', version: 1 }),
      member.patch(`/api/tasks/${task.id}`, { priority: 'high', version: 1 }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await member.get(`/api/tasks/${task.id}`)).body).toMatchObject({ description: 'from a', priority: 'high', version: 3 });
    const other = await newTask();
    const [c, d] = await Promise.all([
      member.patch(`/api/tasks/${other.id}`, { description: 'from c', version: 1 }),
      member.patch(`/api/tasks/${other.id}`, { description: 'from d', version: 1 }),
    ]);
    expect([c.status, d.status].sort()).toEqual([200, 409]);
    const winner = c.status === 200 ? 'from c' : 'from d';
    expect((await member.get(`/api/tasks/${other.id}`)).body).toMatchObject({ description: winner, version: 2 });
  });
});

describe('templates check their category and priority too', () => {
  it('an unknown priority on a template is refused with the allowed keys', async () => {
    const res = await admin.post('/api/task-templates', { name: unique('Checked'), title: 'Do it', priority: 'asap' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Priority "asap" is not one of the active priorities: low, medium, high, critical');
  });
});

describe('moves carry a version too', () => {
  const MOVE = `mutation($input: MoveTaskInput!) { moveTask(input: $input) { id column status version } }`;

  it('a stale move of a task placed elsewhere since is 409 / CONFLICT and stores nothing', async () => {
    const task = await newTask();
    const theirs = await member.post(`/api/tasks/${task.id}/move`, { column: 'today', version: 1 });
    expect(theirs.status).toBe(200);
    expect(theirs.body.version).toBe(2);
    const mine = await member.post(`/api/tasks/${task.id}/move`, { column: 'completed', version: 1 });
    expect(mine.status).toBe(409);
    expect(mine.body).toMatchObject({ code: 'CONFLICT', currentVersion: 2 });
    expect(mine.body.message).toMatch(/Someone else changed this task since you loaded it/);
    const stored = (await member.get(`/api/tasks/${task.id}`)).body;
    expect(stored).toMatchObject({ status: 'In Progress', version: 2 });
    expect(stored.completedAt ?? null).toBeNull();

    const gql = await member.gql(MOVE, { input: { taskId: task.id, column: 'PENDING', version: 1 } });
    expect(gql.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect((await member.get(`/api/tasks/${task.id}`)).body.version).toBe(2);
  });

  it('a stale slot drop conflicts when only the time changed since', async () => {
    const task = await newTask();
    expect((await member.post(`/api/tasks/${task.id}/move`, { column: 'today', scheduledTime: '09:00' })).body.version).toBe(2);
    expect((await member.post(`/api/tasks/${task.id}/move`, { column: 'today', scheduledTime: '10:00', version: 2 })).body.version).toBe(3);
    const stale = await member.post(`/api/tasks/${task.id}/move`, { column: 'today', scheduledTime: '14:00', version: 2 });
    expect(stale.status).toBe(409);
    expect((await member.get(`/api/tasks/${task.id}`)).body.scheduledTime).toBe('10:00');
  });

  it('a stale move of a task whose other fields changed goes through; a current one and one without a version too', async () => {
    const task = await newTask();
    expect((await member.patch(`/api/tasks/${task.id}`, { description: 'theirs', version: 1 })).status).toBe(200);
    const stale = await member.gql(MOVE, { input: { taskId: task.id, column: 'TODAY', version: 1 } });
    expect(stale.errors).toBeUndefined();
    expect(stale.data.moveTask).toMatchObject({ column: 'TODAY', version: 3 });
    const current = await member.post(`/api/tasks/${task.id}/move`, { column: 'completed', version: 3 });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ status: 'Done', version: 4 });
    const unversioned = await member.post(`/api/tasks/${task.id}/move`, { column: 'unscheduled' });
    expect(unversioned.status).toBe(200);
    expect(unversioned.body.version).toBe(5);
  });

  it('a stale reschedule conflicts too; a bad version is refused', async () => {
    const task = await newTask();
    expect((await member.post(`/api/tasks/${task.id}/move`, { column: 'today' })).status).toBe(200);
    const stale = await member.post(`/api/tasks/${task.id}/move`, { column: 'pending', scheduledDate: '2030-01-02', version: 1 });
    expect(stale.status).toBe(409);
    const bad = await member.post(`/api/tasks/${task.id}/move`, { column: 'today', version: 'two' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Version must be a whole number/);
  });
});
