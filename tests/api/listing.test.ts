import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { Client } from './support/client.js';
import { expectRefused, newTask, people, type DemoName, type Person } from './support/task-helpers.js';
import { Task } from '../../api/modules/task/task.entity.js';

let server: TestServer;
let p: Record<DemoName, Person>;

beforeAll(async () => {
  server = await startServer();
  p = await people(server);
});
afterAll(() => server?.close());

const LIST = `query($filter: TaskFilter, $first: Int, $after: String, $sortBy: String, $sortOrder: String) {
  tasks(filter: $filter, first: $first, after: $after, sortBy: $sortBy, sortOrder: $sortOrder) {
    totalCount
    pageInfo { hasNextPage endCursor }
    nodes { id title status priority tags project category assignedToId dueDate }
  }
}`;

async function list(c: Client, variables: Record<string, unknown>) {
  const res = await c.gql(LIST, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data.tasks as { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: any[] };
}

const titles = (nodes: any[]) => nodes.map((n) => n.title);

/** RFC 4180 parser (quoted cells, doubled quotes, CRLF) for checking the export. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

describe('tasks connection: the listing filters', () => {
  it('filters by search, project, status, tag, assignee, category, priority and date range, each single-select', async () => {
    const project = `P-${randomUUID().slice(0, 8)}`;
    const a = await newTask(p.manager.client, {
      title: `${project} alpha report`,
      project,
      status: 'Blocked',
      priority: 'high',
      category: 'design',
      tags: ['Urgent', 'q3'],
      scheduledDate: '2026-03-10',
    });
    const b = await newTask(p.manager.client, {
      title: `${project} beta`,
      project,
      status: 'Planned',
      priority: 'low',
      category: 'dev',
      tags: ['q3'],
      assignedToId: p.user.id,
      scheduledDate: '2026-04-20',
    });
    const c = await newTask(p.manager.client, {
      title: `${project} gamma`,
      project,
      description: 'needs a REPORT',
      status: 'Completed',
      priority: 'high',
      category: 'dev',
      tags: ['urgent-ish'],
    });

    const ids = async (filter: Record<string, unknown>) =>
      (await list(p.manager.client, { filter: { project, ...filter }, sortBy: 'title', sortOrder: 'asc' })).nodes.map((n) => n.id);
    expect(await ids({})).toEqual([a.id, b.id, c.id]);
    expect(await ids({ search: 'report' })).toEqual([a.id, c.id]);
    expect(await ids({ status: 'BLOCKED' })).toEqual([a.id]);
    expect(await ids({ status: 'DONE' })).toEqual([c.id]);
    expect(await ids({ tag: 'urgent' })).toEqual([a.id]);
    expect(await ids({ tag: 'Q3' })).toEqual([a.id, b.id]);
    expect(await ids({ assignedToId: p.user.id })).toEqual([b.id]);
    expect(await ids({ category: 'dev' })).toEqual([b.id, c.id]);
    expect(await ids({ priority: 'high' })).toEqual([a.id, c.id]);
    expect(await ids({ from: '2026-03-01', to: '2026-03-31' })).toEqual([a.id]);
    expect(await ids({ from: '2026-04-01' })).toEqual([b.id, c.id]); // c: no scheduled date, created today
    expect(await ids({ to: '2026-04-20' })).toEqual([a.id, b.id]);
    expect(await ids({ priority: 'high', category: 'dev' })).toEqual([c.id]);
  });

  it('sorts by title, status, priority (by rank), dueDate (empty last) and createdAt, asc and desc; updatedAt desc by default', async () => {
    const project = `S-${randomUUID().slice(0, 8)}`;
    const low = await newTask(p.user.client, { title: 'b low', project, priority: 'low', status: 'Done', dueDate: '2026-05-02' });
    const critical = await newTask(p.user.client, { title: 'C critical', project, priority: 'critical', status: 'Not Started' });
    const medium = await newTask(p.user.client, { title: 'a medium', project, priority: 'medium', status: 'In Progress', dueDate: '2026-05-01' });
    await p.user.client.patch(`/api/tasks/${critical.id}`, { description: 'touched last' });

    const order = async (sortBy?: string, sortOrder?: string) => (await list(p.user.client, { filter: { project }, sortBy, sortOrder })).nodes.map((n) => n.id);
    expect(await order()).toEqual([critical.id, medium.id, low.id]);
    expect(await order('title', 'asc')).toEqual([medium.id, low.id, critical.id]);
    expect(await order('title', 'desc')).toEqual([critical.id, low.id, medium.id]);
    expect(await order('priority', 'desc')).toEqual([critical.id, medium.id, low.id]);
    expect(await order('priority', 'asc')).toEqual([low.id, medium.id, critical.id]);
    expect(await order('status', 'asc')).toEqual([critical.id, medium.id, low.id]);
    expect(await order('dueDate', 'asc')).toEqual([medium.id, low.id, critical.id]);
    expect(await order('dueDate', 'desc')).toEqual([low.id, medium.id, critical.id]);
    expect(await order('createdAt', 'asc')).toEqual([low.id, critical.id, medium.id]);
    const bad = await p.user.client.gql(LIST, { sortBy: 'password' });
    expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const sideways = await p.user.client.gql(LIST, { sortOrder: 'sideways' });
    expect(sideways.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(sideways.errors?.[0].message).toBe('Sort order must be asc or desc');
  });

  it('pages with first/after and reports totalCount; members see only tasks assigned to or created by them', async () => {
    const project = `C-${randomUUID().slice(0, 8)}`;
    for (let i = 0; i < 5; i++) await newTask(p.user.client, { title: `${project} own ${i}`, project });
    await newTask(p.manager.client, { title: `${project} for user`, project, assignedToId: p.user.id });
    await newTask(p.manager.client, { title: `${project} manager only`, project });
    await newTask(p.admin.client, { title: `${project} admin only`, project });

    const first = await list(p.user.client, { filter: { project }, first: 4, sortBy: 'title', sortOrder: 'asc' });
    expect(first.totalCount).toBe(6);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await list(p.user.client, { filter: { project }, first: 4, after: first.pageInfo.endCursor, sortBy: 'title', sortOrder: 'asc' });
    expect(second.pageInfo.hasNextPage).toBe(false);
    const seen = [...titles(first.nodes), ...titles(second.nodes)];
    expect(seen).toEqual(
      [...Array.from({ length: 5 }, (_, i) => `${project} own ${i}`), `${project} for user`].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())),
    );
    expect(seen.some((t) => t.includes('only'))).toBe(false);
    expect((await list(p.manager.client, { filter: { project } })).totalCount).toBe(8);
    expect((await list(p.admin.client, { filter: { project } })).totalCount).toBe(8);
  });
});

describe('GET /api/tasks/export.csv', () => {
  it("streams RFC 4180 CSV whose rows equal the filtered, sorted listing, with the view's columns", async () => {
    const project = `E-${randomUUID().slice(0, 8)}`;
    await newTask(p.user.client, { title: `${project} plain`, project, priority: 'low', tags: ['a', 'b'] });
    await newTask(p.user.client, { title: `=HYPERLINK("x") ${project}`, project, priority: 'high', description: 'line one\nline "two", three' });
    await newTask(p.user.client, { title: `-1+2 ${project}`, project, priority: 'medium', dueDate: '2026-06-01' });
    await newTask(p.user.client, { title: `${project} other priority`, project, priority: 'critical' });
    await newTask(p.manager.client, { title: `${project} not the user's`, project, priority: 'high' });

    const filter = { project, search: project };
    const listed = await list(p.user.client, { filter, sortBy: 'priority', sortOrder: 'desc' });
    const res = await fetch(
      `${server.url}/api/tasks/export.csv?project=${project}&search=${project}&sortBy=priority&sortOrder=desc&columns=title,priority,assignedTo,dueDate,tags,description`,
      {
        headers: { cookie: p.user.client.cookieHeader() },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="tasks\.csv"/);
    const text = (await res.text()).replace(/^\uFEFF/, '');
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(['Title', 'Priority', 'Assigned To', 'Due Date', 'Tags', 'Description']);
    const body = rows.slice(1);
    expect(body.length).toBe(listed.totalCount);
    expect(body.length).toBe(4);
    const unguard = (t: string) => (t.startsWith("'") ? t.slice(1) : t);
    expect(body.map((r) => unguard(r[0]))).toEqual(titles(listed.nodes));
    expect(body.map((r) => r[1])).toEqual(listed.nodes.map((n) => n.priority));
    expect(body.find((r) => r[0].includes('HYPERLINK'))![0]).toBe(`'=HYPERLINK("x") ${project}`);
    expect(body.find((r) => r[0].includes('-1+2'))![0]).toBe(`'-1+2 ${project}`);
    expect(body.find((r) => r[0].includes('-1+2'))![3]).toBe('2026-06-01');
    expect(body.find((r) => r[0].includes('HYPERLINK'))![5]).toBe('line one\nline "two", three');
    expect(body.find((r) => r[0].includes('plain'))!.slice(2, 5)).toEqual(['Uri User', '', 'a, b']);
  });

  it('defaults to the default columns; refuses unknown columns and sorts with 400, no session with 401', async () => {
    const project = `D-${randomUUID().slice(0, 8)}`;
    await newTask(p.user.client, { title: `${project} one`, project });
    const res = await p.user.client.get(`/api/tasks/export.csv?project=${project}`);
    expect(res.status).toBe(200);
    const rows = parseCsv(String(res.body).replace(/^\uFEFF/, ''));
    expect(rows).toEqual([
      ['Title', 'Status', 'Priority', 'Assigned To', 'Project', 'Due Date'],
      [`${project} one`, 'Planned', 'medium', 'Uri User', project, ''],
    ]);
    expectRefused(await p.user.client.get('/api/tasks/export.csv?columns=title,passwordHash'), 400, /Unknown column "passwordHash"/);
    expectRefused(await p.user.client.get('/api/tasks/export.csv?sortBy=secret'), 400, /Sort by one of/);
    expectRefused(await p.user.client.get('/api/tasks/export.csv?sortOrder=sideways'), 400, /Sort order must be asc or desc/);
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'title,valueOf'])(
    'refuses the prototype key %j as a column with 400 and the known columns',
    async (columns) => {
      const res = await p.user.client.get(`/api/tasks/export.csv?columns=${encodeURIComponent(columns)}`);
      expectRefused(
        res,
        400,
        /^Unknown column ".+"\. Use: title, status, priority, assignedTo, project, dueDate, category, tags, scheduledDate, estimatedHours, progress, createdBy, createdAt, updatedAt, description$/,
      );
      expectRefused(await new Client(server.url).get('/api/tasks/export.csv'), 401);
    },
  );
});

describe('the listing query costs the same number of SQL statements at 20 and at 600 tasks', () => {
  it('first page, filtered and sorted, with people: constant statements for admins and members', async () => {
    const project = `Q-${randomUUID().slice(0, 8)}`;
    const seed = async (count: number) => {
      const em = server.app.runtime.orm.em.fork();
      const rows = Array.from({ length: count }, (_, i) =>
        Object.assign(new Task(), {
          title: `${project} ${i}`,
          project,
          priority: i % 2 ? 'high' : 'low',
          tags: ['q'],
          assignedToId: [p.user.id, p.manager.id, p.admin.id][i % 3],
          createdById: p.manager.id,
        }),
      );
      for (let i = 0; i < rows.length; i += 200) await em.insertMany(Task, rows.slice(i, i + 200));
    };
    const query = `query($filter: TaskFilter) { tasks(filter: $filter, first: 50, sortBy: "priority", sortOrder: "desc") { totalCount latestSeq
      nodes { id title assignedTo { id firstName } createdBy { id firstName } } } }`;
    const statements = async (c: Client) => {
      server.queries.reset();
      const res = await c.gql(query, { filter: { project, tag: 'q' } });
      expect(res.errors).toBeUndefined();
      // Only this request's statements: the realtime layer polls task_events and the webhook worker its queue on timers.
      return {
        count: server.queries.log().filter((sql) => !/task_events|webhook/.test(sql) || /max\(/i.test(sql)).length,
        total: res.data.tasks.totalCount as number,
      };
    };
    await seed(20);
    const small = [await statements(p.admin.client), await statements(p.user.client)];
    expect(small.map((s) => s.total)).toEqual([20, 7]);
    await seed(580);
    const large = [await statements(p.admin.client), await statements(p.user.client)];
    expect(large.map((s) => s.total)).toEqual([600, 7 + 194]);
    expect(large.map((s) => s.count)).toEqual(small.map((s) => s.count));
    expect(large[0].count).toBeLessThanOrEqual(5);
  });
});
