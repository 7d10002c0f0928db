import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import type { Client } from './support/client.js';
import { auditOf, expectRefused, newTask, people, type DemoName, type Person } from './support/task-helpers.js';

// Importers (issue 39 item 1; docs/API.md, Imports): Trello, Todoist and CSV over real HTTP uploads.

const FIXTURES = path.join(import.meta.dirname, 'fixtures/import');
const fixture = (name: string): string => readFileSync(path.join(FIXTURES, name), 'utf8');

interface Upload {
  source: string;
  file: string | Buffer;
  name?: string;
  options?: unknown;
}

/** POST /api/imports as a browser sends it (multipart/form-data), with the client's session. */
async function upload(client: Client, { source, file, name = 'upload', options }: Upload): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.set('source', source);
  if (options !== undefined) form.set('options', typeof options === 'string' ? options : JSON.stringify(options));
  form.set('file', new Blob([file]), name);
  const res = await fetch(`${client.baseUrl}/api/imports`, { method: 'POST', body: form, headers: { cookie: client.cookieHeader(), 'x-time-zone': 'UTC' } });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** Waits for the import to end (done or failed) and returns it as GET /api/imports/:id answers. */
async function finished(client: Client, id: string): Promise<any> {
  await expect.poll(async () => (await client.get(`/api/imports/${id}`)).body.status, { timeout: 20_000, interval: 50 }).toMatch(/^(done|failed)$/);
  return (await client.get(`/api/imports/${id}`)).body;
}

/** Uploads, expects 202, waits for the end. */
async function imported(client: Client, request: Upload): Promise<any> {
  const res = await upload(client, request);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(typeof res.body.id).toBe('string');
  return finished(client, res.body.id);
}

async function taskCount(admin: Client): Promise<number> {
  return ((await admin.get('/api/tasks')).body as unknown[]).length;
}

/** The newest seq of the board event log. */
async function latestSeq(client: Client): Promise<number> {
  return (await client.gql('{ taskChanges(since: 0, first: 0) { latestSeq } }')).data.taskChanges.latestSeq;
}

const byTitle = async (client: Client, title: string): Promise<any> =>
  ((await client.get(`/api/tasks?search=${encodeURIComponent(title)}`)).body as any[]).find((t) => t.title === title);

describe('imports', () => {
  let server: TestServer;
  let p: Record<DemoName, Person>;

  beforeAll(async () => {
    server = await startServer({ env: { IMPORT_MAX_MB: '1' } });
    p = await people(server);
  });
  afterAll(() => server.close());

  it('imports a Trello board: lists, labels, checklists, comments and members, audited as imported and pushed live', async () => {
    const seqBefore = await latestSeq(p.admin.client);
    const job = await imported(p.admin.client, { source: 'trello', file: fixture('trello-board.json'), name: 'board.json' });
    expect(job).toMatchObject({ source: 'trello', status: 'done', total: 4, processed: 4, created: { tasks: 4, subtasks: 3, comments: 2 }, error: null });
    expect(job.skipped).toContainEqual({ ref: 'Write the copy', reason: expect.stringMatching(/unassigned.*Zoe Contractor/) });

    const design = await byTitle(p.admin.client, 'Design the landing page');
    expect(design).toMatchObject({ description: 'Hero, pricing and **sign-up** form.', assignedToId: p.user.id, createdById: p.admin.id, status: 'Planned' });
    expect(design.dueDate.slice(0, 10)).toBe('2026-12-15');
    expect(design.tags).toEqual(['Frontend', 'Urgent', 'Backlog']);
    const subtasks = (await p.admin.client.get(`/api/tasks/${design.id}/subtasks`)).body as any[];
    expect(subtasks.map((s) => [s.title, s.status])).toEqual([
      ['Hero image', 'Done'],
      ['Pricing table', 'Not Started'],
      ['Sign-up form', 'Not Started'],
    ]);
    const comments = (await p.admin.client.get(`/api/tasks/${design.id}/comments`)).body as any[];
    const matched = comments.find((c) => c.content === 'First draft is in Figma.');
    expect(matched).toMatchObject({ userId: p.user.id });
    expect(new Date(matched.createdAt).toISOString()).toBe('2026-11-18T09:30:00.000Z');
    expect(comments.find((c) => c.userId === p.admin.id).content).toBe('Zoe Contractor wrote on 2026-11-19:\n\nCan we use a darker green?');

    const copy = await byTitle(p.admin.client, 'Write the copy');
    expect(copy).toMatchObject({ assignedToId: null, tags: ['purple', 'Doing'] });
    expect(await byTitle(p.admin.client, 'Pick a domain')).toMatchObject({ status: 'Done', assignedToId: p.manager.id });
    expect(await byTitle(p.admin.client, 'Old banner idea')).toMatchObject({ status: 'Done' });

    // One board event per task, subtask and comment, in the log live subscribers read.
    expect((await latestSeq(p.admin.client)) - seqBefore).toBe(4 + 3 + 2);
    const audit = await auditOf(p.admin.client, design.id);
    expect(audit.find((e) => e.action === 'created' && e.entityType === 'task')?.description).toBe('Imported task "Design the landing page" from Trello');
    expect(audit.filter((e) => /^Imported (subtask|a comment)/.test(e.description))).toHaveLength(5);
  });

  it('imports the same file twice: nothing new the second time', async () => {
    const before = await taskCount(p.admin.client);
    const again = await imported(p.admin.client, { source: 'trello', file: fixture('trello-board.json') });
    expect(again).toMatchObject({ status: 'done', processed: 4, created: { tasks: 0, subtasks: 0, comments: 0 } });
    expect(again.skipped.filter((s: any) => s.reason === 'Already imported')).toHaveLength(4);
    expect(await taskCount(p.admin.client)).toBe(before);
  });

  it('skips finished and archived cards when asked', async () => {
    const job = await imported(p.manager.client, { source: 'trello', file: fixture('trello-board.json'), options: { skipClosed: true } });
    expect(job.created.tasks).toBe(2);
    expect(job.skipped).toEqual(
      expect.arrayContaining([
        { ref: 'Pick a domain', reason: 'Finished card (skipped as chosen)' },
        { ref: 'Old banner idea', reason: 'Archived card (skipped as chosen)' },
      ]),
    );
  });

  it('imports a Todoist CSV: indents, priorities, notes, sections, durations and dates', async () => {
    const job = await imported(p.user.client, { source: 'todoist', file: fixture('todoist.csv'), name: 'plan.csv' });
    expect(job).toMatchObject({ status: 'done', total: 3, processed: 3, created: { tasks: 3, subtasks: 2, comments: 1 } });
    expect(job.skipped).toEqual([{ ref: 'Book the offsite venue', reason: expect.stringMatching(/without its date "every monday"/) }]);

    const plan = await byTitle(p.user.client, 'Draft the quarterly plan');
    expect(plan).toMatchObject({ description: 'Goals and budget', priority: 'critical', tags: ['Planning'], estimatedHours: 1.5, assignedToId: p.user.id });
    expect(plan.scheduledDate.slice(0, 10)).toBe('2026-12-03');
    const subtasks = (await p.user.client.get(`/api/tasks/${plan.id}/subtasks`)).body as any[];
    expect(subtasks.map((s) => s.title)).toEqual(['Collect numbers from finance', 'Review with the team']);
    const comments = (await p.user.client.get(`/api/tasks/${plan.id}/comments`)).body as any[];
    expect(comments).toMatchObject([{ content: 'Finance sends the numbers on Monday.', userId: p.user.id }]);

    expect(await byTitle(p.user.client, 'Book the offsite venue')).toMatchObject({
      priority: 'medium',
      tags: ['Errands'],
      estimatedHours: 8,
      scheduledDate: null,
    });
    expect(await byTitle(p.user.client, 'Order team T-shirts')).toMatchObject({ priority: 'low', tags: ['Errands'] });
  });

  it('imports a CSV through a mapping, reporting rows it left out', async () => {
    const mapping = {
      title: 'Summary',
      description: 'Details',
      status: 'State',
      priority: 'Urgency',
      due: 'Due',
      estimate: 'Effort (h)',
      tags: 'Labels',
      assignee: 'Owner',
    };
    const job = await imported(p.manager.client, { source: 'csv', file: fixture('mapped.csv'), options: { mapping } });
    expect(job).toMatchObject({ status: 'done', total: 3, created: { tasks: 3, subtasks: 0, comments: 0 } });
    expect(job.skipped).toEqual([
      { ref: 'Row 4', reason: 'No title' },
      { ref: 'Row 5', reason: 'Kept without its due date "someday" (not a date the importer reads, such as 2026-12-01)' },
    ]);
    const mail = await byTitle(p.manager.client, 'Migrate the mail server');
    expect(mail).toMatchObject({
      description: 'Move mailboxes, keep aliases',
      status: 'In Progress',
      priority: 'high',
      estimatedHours: 6,
      tags: ['infra', 'mail'],
      assignedToId: p.user.id,
    });
    expect(mail.dueDate.slice(0, 10)).toBe('2026-12-20');
    const tls = await byTitle(p.manager.client, 'Renew TLS certificates');
    expect(tls).toMatchObject({ priority: 'critical', estimatedHours: 1.5, assignedToId: p.user.id });
    expect(tls.dueDate.slice(0, 10)).toBe('2026-12-01');
    expect(await byTitle(p.manager.client, 'Update the wiki')).toMatchObject({ priority: 'low', assignedToId: p.manager.id, dueDate: null });
  });

  it("reads the product's own export.csv back with no mapping, keeping every exported field", async () => {
    const source = await newTask(p.user.client, {
      title: 'Round trip, with "quotes", commas',
      description: '=SUM(A1) looks like a formula\nand has two lines',
      status: 'Blocked',
      priority: 'high',
      category: 'design',
      tags: ['alpha', 'beta'],
      dueDate: '2026-12-24',
      scheduledDate: '2026-12-20',
      estimatedHours: 2.5,
      progress: 40,
    });
    const columns =
      'title,status,priority,assignedTo,project,dueDate,category,tags,scheduledDate,estimatedHours,progress,createdBy,createdAt,updatedAt,description';
    const csv = (await p.user.client.request('GET', `/api/tasks/export.csv?columns=${columns}&search=Round%20trip`)).body as string;
    const job = await imported(p.user.client, { source: 'csv', file: csv, name: 'export.csv' });
    expect(job).toMatchObject({ status: 'done', total: 1, created: { tasks: 1 }, skipped: [] });
    const copies = ((await p.user.client.get('/api/tasks?search=Round%20trip')).body as any[]).filter((t) => t.id !== source.id);
    expect(copies).toHaveLength(1);
    const fields = [
      'title',
      'description',
      'status',
      'priority',
      'category',
      'project',
      'tags',
      'dueDate',
      'scheduledDate',
      'estimatedHours',
      'progress',
      'assignedToId',
      'createdAt',
    ];
    for (const field of fields) expect([field, copies[0][field]]).toEqual([field, source[field]]);
  });

  it('refuses bad files with 400 and writes nothing', async () => {
    const before = await taskCount(p.admin.client);
    const jobsBefore = ((await p.user.client.get('/api/imports')).body as unknown[]).length;
    const cases: [Upload, RegExp][] = [
      [{ source: 'trello', file: fixture('truncated.json') }, /not JSON/],
      [{ source: 'trello', file: fixture('wrong-shape.json') }, /not a Trello board export/],
      [{ source: 'trello', file: fixture('empty-board.json') }, /no cards/],
      [{ source: 'trello', file: '' }, /empty/],
      [{ source: 'todoist', file: fixture('not-todoist.csv') }, /not a Todoist export/],
      [{ source: 'todoist', file: fixture('mapped.csv') }, /not a Todoist export/],
      [{ source: 'todoist', file: fixture('todoist-no-rows.csv') }, /no rows/],
      [{ source: 'csv', file: '   \n' }, /empty/],
      [{ source: 'csv', file: fixture('mapped.csv') }, /Choose the column that holds the title/],
      [{ source: 'csv', file: fixture('mapped.csv'), options: { mapping: { title: 'Nope' } } }, /column "Nope"/],
      [{ source: 'csv', file: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]) }, /not a text file/],
      [{ source: 'asana', file: fixture('mapped.csv') }, /source must be one of trello, todoist, csv/],
      [{ source: 'csv', file: fixture('mapped.csv'), options: '{not json' }, /options must be JSON/],
    ];
    for (const [request, message] of cases) expectRefused(await upload(p.user.client, request), 400, message);
    const big = await upload(p.user.client, { source: 'csv', file: Buffer.alloc(1024 * 1024 + 10, 'a') });
    expectRefused(big, 413, /up to 1 MB/);
    const json = await p.user.client.post('/api/imports', { source: 'csv' });
    expectRefused(json, 400, /multipart\/form-data/);
    expect(await taskCount(p.admin.client)).toBe(before);
    expect(((await p.user.client.get('/api/imports')).body as unknown[]).length).toBe(jobsBefore);
  });

  it('leaves no task behind when an import fails half-way', async () => {
    const before = await taskCount(p.admin.client);
    const board = JSON.parse(fixture('trello-board.json'));
    // The same card id twice: the second is refused when the source ids are stored, after the first was staged.
    board.cards.push({ ...board.cards[0], name: 'A second card with the same id' });
    board.cards = board.cards.map((c: any) => ({ ...c, id: `dup-${c.id}` }));
    const job = await imported(p.admin.client, { source: 'trello', file: JSON.stringify(board) });
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/nothing was imported/);
    expect(job.created).toEqual({ tasks: 0, subtasks: 0, comments: 0 });
    expect(await taskCount(p.admin.client)).toBe(before);
  });

  it("keeps an imported comment's mentions of people who can read the task only, as any comment", async () => {
    const outsider = await p.admin.client.post('/api/users', {
      username: 'imp_outsider',
      email: 'imp_outsider@example.com',
      firstName: 'Otto',
      lastName: 'Outside',
      role: 'member',
      password: 'otto-pass-123',
    });
    expect(outsider.status, JSON.stringify(outsider.body)).toBe(201);
    const board = JSON.parse(fixture('trello-board.json'));
    board.cards = board.cards.map((c: any) => ({ ...c, id: `mention-${c.id}`, name: `${c.name} (mentions)` }));
    const text = `Ask @[Admin](user:${p.admin.id}) and @[Otto Outside](user:${outsider.body.id})`;
    board.actions = board.actions.map((a: any) => ({
      ...a,
      id: `mention-${a.id}`,
      data: { ...a.data, text, card: { ...a.data.card, id: `mention-${a.data.card.id}` } },
    }));
    const job = await imported(p.user.client, { source: 'trello', file: JSON.stringify(board) });
    expect(job.status).toBe('done');
    const task = await byTitle(p.user.client, 'Design the landing page (mentions)');
    const comments = (await p.user.client.get(`/api/tasks/${task.id}/comments`)).body as any[];
    expect(comments.length).toBeGreaterThan(0);
    for (const comment of comments) {
      expect(comment.mentions.map((m: any) => m.userId)).toEqual([p.admin.id]);
      expect(comment.content).toContain('@Otto Outside');
      expect(comment.content).not.toContain(outsider.body.id);
    }
  });

  it('a member imports into their own tasks only', async () => {
    expectRefused(await upload(p.user.client, { source: 'trello', file: fixture('trello-board.json'), options: { assignTo: p.manager.id } }), 403, /own tasks/);
    const job = await imported(p.user.client, { source: 'trello', file: fixture('trello-board.json') });
    expect(job.created.tasks).toBe(4);
    expect(job.skipped).toContainEqual({ ref: 'Pick a domain', reason: 'Assigned to you, not Maya Manager: you can only import into your own tasks' });
    expect(await byTitle(p.user.client, 'Pick a domain')).toMatchObject({ assignedToId: p.user.id, createdById: p.user.id });
    // A comment by someone else is quoted, never written in their name.
    const mine = ((await p.user.client.get('/api/tasks?search=Design%20the%20landing')).body as any[]).find((t) => t.createdById === p.user.id);
    const comments = (await p.user.client.get(`/api/tasks/${mine.id}/comments`)).body as any[];
    expect(comments.every((c) => c.userId === p.user.id)).toBe(true);
  });

  it('an admin imports into a member’s tasks', async () => {
    const job = await imported(p.admin.client, { source: 'csv', file: 'Title,Priority\nFor Uri from the admin,low\n', options: { assignTo: 'user' } });
    expect(job.created.tasks).toBe(1);
    expect(await byTitle(p.user.client, 'For Uri from the admin')).toMatchObject({ assignedToId: p.user.id, createdById: p.admin.id });
  });

  it('only its creator and admins read an import, over REST and GraphQL', async () => {
    const res = await upload(p.user.client, { source: 'csv', file: 'Title\nRead me\n' });
    expect(res.status).toBe(202);
    await finished(p.user.client, res.body.id);
    expect((await p.admin.client.get(`/api/imports/${res.body.id}`)).status).toBe(200);
    expectRefused(await p.manager.client.get(`/api/imports/${res.body.id}`), 404);
    expectRefused(await p.manager.client.get('/api/imports/not-an-id'), 404);
    const query =
      'query ($id: ID!) { importJob(id: $id) { id source status total processed created { tasks subtasks comments } skipped { ref reason } error } }';
    const mine = await p.user.client.gql(query, { id: res.body.id });
    expect(mine.data.importJob).toEqual({
      id: res.body.id,
      source: 'csv',
      status: 'done',
      total: 1,
      processed: 1,
      created: { tasks: 1, subtasks: 0, comments: 0 },
      skipped: [],
      error: null,
    });
    const other = await p.manager.client.gql(query, { id: res.body.id });
    expect(other.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});
