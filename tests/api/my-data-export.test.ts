import { unzipSync, strFromU8 } from 'fflate';
import type { EntityManager } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Task } from '../../api/modules/task/task.entity.js';
import { AuditEntry } from '../../api/modules/audit/audit.entity.js';
import { Subtask } from '../../api/modules/subtask/subtask.entity.js';
import { startServer, type TestServer } from './support/server.js';
import { Client } from './support/client.js';
import { newTask, people, type DemoName, type Person } from './support/task-helpers.js';

// Export my data (issue 39 item 3): GET /api/me/export.json and /api/me/export.zip, the signed-in
// person's own tasks, comments and activity, over real HTTP.

/** A download: status, headers and the raw bytes. */
async function download(client: Client, path: string): Promise<{ status: number; headers: Headers; bytes: Uint8Array }> {
  const res = await fetch(client.baseUrl + path, { headers: { cookie: client.cookieHeader(), 'x-time-zone': 'UTC' } });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** The rows of a CSV file (RFC 4180: quoted cells may hold commas, quotes and line breaks), its byte order mark dropped. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted && ch === '"' && body[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (quoted) cell += ch;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** Uploads one file to a task as `client`: the attachment's JSON. */
async function attach(client: Client, taskId: string, name: string, content: string): Promise<any> {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/plain' }), name);
  const res = await fetch(`${client.baseUrl}/api/tasks/${taskId}/attachments`, { method: 'POST', body: form, headers: { cookie: client.cookieHeader() } });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as any[])[0];
}

/** Persists an entity of `type` with these fields over its defaults (fixtures written straight to the database). */
function persist<T extends object>(em: EntityManager, type: new () => T, fields: Partial<T>): T {
  const entity = Object.assign(new type(), fields);
  em.persist(entity);
  return entity;
}

describe('export my data', () => {
  let server: TestServer;
  let p: Record<DemoName, Person>;
  const t: Record<string, any> = {};

  beforeAll(async () => {
    server = await startServer();
    p = await people(server);
    const { user, manager, admin } = p;
    // The member's own task (with a subtask and a comment), a task the manager gave them (with the manager's comment), and the admin's own task.
    t.mine = await newTask(user.client, { title: 'Write the quarterly report', project: 'Reports', tags: ['writing'], estimatedHours: 3 });
    t.formula = await newTask(user.client, { title: '=HYPERLINK("http://evil.example")' });
    t.given = await newTask(manager.client, { title: 'Review the budget', assignedToId: user.id });
    t.others = await newTask(admin.client, { title: 'Admin private planning' });
    expect((await user.client.post(`/api/tasks/${t.mine.id}/subtasks`, { title: 'Gather the numbers' })).status).toBe(201);
    expect((await user.client.post(`/api/tasks/${t.given.id}/comments`, { content: 'On it, "by Friday", promise' })).status).toBe(201);
    expect((await manager.client.post(`/api/tasks/${t.given.id}/comments`, { content: 'Manager note the member did not write' })).status).toBe(201);
    expect((await admin.client.post(`/api/tasks/${t.others.id}/comments`, { content: 'Admin only comment' })).status).toBe(201);
    expect((await user.client.patch(`/api/tasks/${t.mine.id}`, { priority: 'high' })).status).toBe(200);
    // A task the member commented on while it was theirs, given to someone else since: the comment stays theirs, the title is no longer shown to them.
    t.moved = await newTask(manager.client, { title: 'Secret reorganisation', assignedToId: user.id });
    expect((await user.client.post(`/api/tasks/${t.moved.id}/comments`, { content: 'My notes on the move' })).status).toBe(201);
    expect((await manager.client.patch(`/api/tasks/${t.moved.id}`, { assignedToId: manager.id })).status).toBe(200);
    // A file the member uploaded, and one the manager uploaded to the member's task (the manager's, not the member's).
    t.file = await attach(user.client, t.mine.id, 'figures, final.txt', 'Q3: 42');
    await attach(manager.client, t.given.id, 'manager-notes.txt', 'the manager wrote this');
  });
  afterAll(() => server?.close());

  it('downloads one JSON document of the member’s own tasks with subtasks, their comments and their activity, and nothing of others', async () => {
    const res = await download(p.user.client, '/api/me/export.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="let-work-flow-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const doc = JSON.parse(strFromU8(res.bytes));
    expect(doc).toMatchObject({ format: 'let-work-flow/my-data', version: 1, user: { id: p.user.id, username: 'user' } });
    expect(new Date(doc.exportedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(doc.user)).not.toMatch(/password/i);

    const ids = doc.tasks.map((task: any) => task.id);
    expect(ids).toEqual(expect.arrayContaining([t.mine.id, t.formula.id, t.given.id]));
    expect(ids).not.toContain(t.others.id);
    expect(doc.tasks.every((task: any) => task.assignedToId === p.user.id || task.createdById === p.user.id)).toBe(true);
    const mine = doc.tasks.find((task: any) => task.id === t.mine.id);
    expect(mine).toMatchObject({
      title: 'Write the quarterly report',
      project: 'Reports',
      tags: ['writing'],
      estimatedHours: 3,
      priority: 'high',
      status: 'Planned',
    });
    expect(mine.subtasks.map((s: any) => s.title)).toEqual(['Gather the numbers']);

    expect(ids).not.toContain(t.moved.id);
    expect(doc.comments).toEqual([
      expect.objectContaining({ taskId: t.given.id, taskTitle: 'Review the budget', userId: p.user.id, content: 'On it, "by Friday", promise' }),
      expect.objectContaining({ taskId: t.moved.id, taskTitle: null, userId: p.user.id, content: 'My notes on the move' }),
    ]);
    expect(JSON.stringify(doc.tasks) + JSON.stringify(doc.comments)).not.toMatch(
      /Manager note|Admin only comment|Admin private planning|Secret reorganisation/,
    );

    expect(doc.attachments).toEqual([
      {
        id: t.file.id,
        taskId: t.mine.id,
        name: 'figures, final.txt',
        size: 6,
        contentType: 'text/plain',
        createdAt: t.file.createdAt,
        url: `/api/attachments/${t.file.id}`,
      },
    ]);

    expect(doc.activity.length).toBeGreaterThanOrEqual(5);
    expect(doc.activity.map((a: any) => a.taskId)).not.toContain(t.others.id);
    expect(doc.activity).toContainEqual(
      expect.objectContaining({
        action: 'updated',
        taskId: t.mine.id,
        changes: expect.arrayContaining([{ field: 'priority', oldValue: 'medium', newValue: 'high' }]),
      }),
    );
    expect(doc.activity.map((a: any) => a.entityType)).toEqual(expect.arrayContaining(['task', 'subtask', 'comment']));
    // The manager's task creation is the manager's activity, not the member's.
    expect(doc.activity.some((a: any) => a.taskId === t.given.id && a.entityType === 'task' && a.action === 'created')).toBe(false);
  });

  it('downloads a zip of tasks.csv, comments.csv and activity.csv, with header rows and a row per item, formulas defused', async () => {
    const res = await download(p.user.client, '/api/me/export.zip');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="let-work-flow-my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const files = unzipSync(res.bytes);
    expect(Object.keys(files).sort()).toEqual(['activity.csv', 'attachments.csv', `attachments/${t.file.id}-figures, final.txt`, 'comments.csv', 'tasks.csv']);
    expect(strFromU8(files[`attachments/${t.file.id}-figures, final.txt`])).toBe('Q3: 42');
    expect(parseCsv(strFromU8(files['attachments.csv']))).toEqual([
      ['ID', 'Task ID', 'Name', 'Size', 'Content Type', 'Uploaded At', 'File'],
      [t.file.id, t.mine.id, 'figures, final.txt', '6', 'text/plain', t.file.createdAt, `attachments/${t.file.id}-figures, final.txt`],
    ]);
    const doc = (await p.user.client.get('/api/me/export.json')).body;

    const tasks = parseCsv(strFromU8(files['tasks.csv']));
    expect(tasks[0]).toEqual(expect.arrayContaining(['ID', 'Title', 'Status', 'Priority', 'Assigned To', 'Project', 'Tags', 'Estimated Hours', 'Subtasks']));
    expect(tasks).toHaveLength(doc.tasks.length + 1);
    const col = (name: string) => tasks[0].indexOf(name);
    const mineRow = tasks.find((r) => r[0] === t.mine.id)!;
    expect(mineRow[col('Project')]).toBe('Reports');
    expect(mineRow[col('Subtasks')]).toBe('Gather the numbers (Not Started)');
    expect(tasks.find((r) => r[0] === t.formula.id)![col('Title')]).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(tasks.find((r) => r[0] === t.given.id)![col('Created By')]).not.toBe('');

    const comments = parseCsv(strFromU8(files['comments.csv']));
    expect(comments[0]).toEqual(['ID', 'Task ID', 'Task Title', 'Type', 'Internal', 'Created At', 'Content']);
    expect(comments).toHaveLength(3);
    expect(comments[1]).toEqual(expect.arrayContaining([t.given.id, 'Review the budget', 'On it, "by Friday", promise']));

    const activity = parseCsv(strFromU8(files['activity.csv']));
    expect(activity[0]).toEqual(['ID', 'Created At', 'Action', 'Entity Type', 'Entity ID', 'Task ID', 'Description', 'Changes']);
    expect(activity).toHaveLength(doc.activity.length + 1);
    expect(activity.find((r) => r[2] === 'updated' && r[5] === t.mine.id)![7]).toContain('priority: "medium" → "high"');
  });

  it('answers 401 without a session, and serves the token’s owner with an API token', async () => {
    const anonymous = new Client(server.url);
    for (const path of ['/api/me/export.json', '/api/me/export.zip']) {
      const res = await anonymous.get(path);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
    }
    const created = await p.user.client.post('/api/tokens', { name: 'Export script' });
    expect(created.status).toBe(201);
    const bot = new Client(server.url, { authorization: `Bearer ${created.body.token}` });
    const json = await bot.get('/api/me/export.json');
    expect(json.status).toBe(200);
    expect(json.body.user.id).toBe(p.user.id);
    expect(json.body.tasks.map((task: any) => task.id)).toContain(t.mine.id);
    const zip = await fetch(`${server.url}/api/me/export.zip`, { headers: { authorization: `Bearer ${created.body.token}` } });
    expect(zip.status).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(await zip.arrayBuffer())))).toHaveLength(5);
  });

  it('reads long histories page by page: every task and entry once, across pages of equal times', async () => {
    const em = server.app.runtime.orm.em.fork();
    const at = new Date('2026-01-05T10:00:00Z');
    const bulk: Task[] = [];
    for (let i = 0; i < 1203; i++)
      bulk.push(persist(em, Task, { title: `Bulk ${i}`, assignedToId: p.manager.id, createdById: p.admin.id, createdAt: at, updatedAt: at }));
    persist(em, Subtask, { taskId: bulk[1100].id, title: 'Late subtask', createdAt: at, updatedAt: at });
    for (let i = 0; i < 2000; i++)
      persist(em, AuditEntry, {
        action: 'updated',
        entityType: 'task',
        entityId: bulk[i % bulk.length].id,
        taskId: bulk[i % bulk.length].id,
        userId: p.manager.id,
        description: `bulk ${i}`,
        createdAt: at,
      });
    persist(em, AuditEntry, {
      action: 'updated',
      entityType: 'user',
      entityId: p.user.id,
      taskId: null,
      userId: p.manager.id,
      description: 'Someone else’s account',
    });
    await em.flush();
    const expectedTasks = await em.count(Task, { $or: [{ assignedToId: p.manager.id }, { createdById: p.manager.id }] });

    server.queries.reset();
    const doc = (await p.manager.client.get('/api/me/export.json')).body;
    // Read in pages of 1000 (two pages of tasks, two of entries), not all at once.
    expect(server.queries.log().filter((sql) => /from [`"]?tasks[`"]? .*limit/i.test(sql)).length).toBeGreaterThanOrEqual(2);
    expect(server.queries.log().filter((sql) => /from [`"]?audit_entries[`"]? .*limit/i.test(sql)).length).toBeGreaterThanOrEqual(2);
    const ids = doc.tasks.map((task: any) => task.id);
    expect(ids).toHaveLength(expectedTasks);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.tasks.find((task: any) => task.id === bulk[1100].id).subtasks.map((s: any) => s.title)).toEqual(['Late subtask']);
    const entries = doc.activity.filter((a: any) => a.description.startsWith('bulk '));
    expect(entries).toHaveLength(2000);
    expect(new Set(entries.map((a: any) => a.id)).size).toBe(2000);
    expect(JSON.stringify(doc.activity)).not.toContain('Someone else’s account');
  });
});
