import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import type { Client, Reply } from './support/client.js';
import { expectRefused, newTask, people, type DemoName, type Person } from './support/task-helpers.js';
import { Task } from '../../api/modules/task/task.entity.js';

let server: TestServer;
let p: Record<DemoName, Person>;
let taskId: string;

beforeAll(async () => {
  server = await startServer();
  p = await people(server);
  // Enough of everything for pages: tasks of the manager's reportee, comments, subtasks, audit entries.
  for (let i = 0; i < 7; i++) taskId = (await newTask(p.user.client, { title: `Paged ${i}` })).id;
  for (let i = 0; i < 5; i++) {
    expect((await p.user.client.post(`/api/tasks/${taskId}/comments`, { content: `c${i}` })).status).toBe(201);
    expect((await p.user.client.post(`/api/tasks/${taskId}/subtasks`, { title: `s${i}` })).status).toBe(201);
  }
});
afterAll(() => server?.close());

/** GET expecting 200 and a JSON array. */
async function list(c: Client, path: string): Promise<any[]> {
  const res = await c.get(path);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  expect(Array.isArray(res.body), path).toBe(true);
  return res.body;
}

const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

/** Reads the whole list page by page and checks the pages add up to the unpaged list, in order. */
async function expectPagesAddUp(c: Client, path: string, size: number): Promise<void> {
  const whole = await list(c, path);
  expect(whole.length, path).toBeGreaterThan(size);
  const pages: any[] = [];
  for (let offset = 0; offset < whole.length + size; offset += size) pages.push(...(await list(c, withQuery(path, `limit=${size}&offset=${offset}`))));
  expect(pages.map((x) => x.id)).toEqual(whole.map((x) => x.id));
  expect(await list(c, withQuery(path, `offset=${whole.length - 1}`))).toEqual(whole.slice(-1));
}

describe('REST lists stay plain arrays and honour limit and offset', () => {
  it('GET /api/tasks: every task by default; pages in a fixed order', async () => {
    expect((await list(p.user.client, '/api/tasks')).length).toBeGreaterThanOrEqual(7);
    await expectPagesAddUp(p.user.client, '/api/tasks', 3);
    await expectPagesAddUp(p.admin.client, '/api/tasks?search=Paged', 2);
    expect(await list(p.user.client, '/api/tasks?limit=5&offset=100000')).toEqual([]);
  });

  it('GET /api/tasks streams a list larger than its batch, and pages by cursor (X-Next-Cursor) in the same order', async () => {
    const project = `Stream-${Date.now()}`;
    const em = server.app.runtime.orm.em.fork();
    const base = Date.now();
    // 1,203 tasks of the member's, some sharing a change time (the cursor must order them by id).
    for (let i = 0; i < 1203; i++) {
      em.persist(
        Object.assign(new Task(), {
          title: `${project} ${i}`,
          project,
          assignedToId: p.user.id,
          createdById: p.user.id,
          updatedAt: new Date(base - Math.floor(i / 3) * 1000),
        }),
      );
    }
    await em.flush();
    const path = `/api/tasks?project=${project}`;
    server.queries.reset();
    const res = await fetch(`${server.url}${path}`, { headers: { cookie: p.user.client.cookieHeader() } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-length')).toBeNull(); // sent as it is read, not built whole first
    const whole = (await res.json()) as { id: string; updatedAt: string }[];
    expect(whole).toHaveLength(1203);
    expect(server.queries.log().filter((sql) => /^\[query\] select .* from [`"]tasks[`"] .* limit /.test(sql))).toHaveLength(3); // 500 + 500 + 203
    const times = whole.map((t) => Date.parse(t.updatedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const pages: { id: string }[] = [];
    let cursor: string | null = null;
    let rounds = 0;
    do {
      const page: Reply<{ id: string }[]> = await p.user.client.get(`${path}&limit=250${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      pages.push(...page.body);
      cursor = page.headers.get('x-next-cursor');
      rounds++;
    } while (cursor && rounds < 10);
    expect(rounds).toBe(5);
    expect(pages.map((t) => t.id)).toEqual(whole.map((t) => t.id));
    expectRefused(await p.user.client.get(`${path}&cursor=nonsense`), 400, /cursor is not one this list gave out/);
    const first = await p.user.client.get(`${path}&limit=2`);
    expectRefused(await p.user.client.get(`${path}&limit=2&offset=2&cursor=${first.headers.get('x-next-cursor')}`), 400, /cursor or offset/);
  });

  it('the other growing lists: reportee tasks, audit, comments, subtasks, users', async () => {
    await expectPagesAddUp(p.manager.client, '/api/manager/reportee-tasks', 3);
    await expectPagesAddUp(p.user.client, `/api/audit?taskId=${taskId}`, 4);
    await expectPagesAddUp(p.user.client, '/api/audit?action=created', 4);
    await expectPagesAddUp(p.user.client, `/api/tasks/${taskId}/comments`, 2);
    await expectPagesAddUp(p.user.client, `/api/tasks/${taskId}/subtasks`, 2);
    await expectPagesAddUp(p.admin.client, '/api/users', 1);
  });

  it('every list route takes limit=1', async () => {
    const routes = [
      '/api/tasks',
      '/api/manager/reportees',
      '/api/manager/reportee-tasks',
      `/api/tasks/${taskId}/comments`,
      `/api/tasks/${taskId}/subtasks`,
      `/api/audit?taskId=${taskId}`,
      '/api/users',
      '/api/projects',
      '/api/system-configs',
      '/api/functions',
      '/api/teams',
      '/api/team-members',
      '/api/task-templates',
      '/api/task-views',
    ];
    for (const route of routes) {
      const whole = await list(p.admin.client, route);
      expect(await list(p.admin.client, withQuery(route, 'limit=1')), route).toEqual(whole.slice(0, 1));
    }
  });

  it('refuses a limit or offset that is not a whole number in range (400, readable)', async () => {
    for (const query of ['limit=0', 'limit=1001', 'limit=abc', 'limit=1.5', 'limit=-1', 'limit=', 'limit=2&limit=3']) {
      expectRefused(await p.user.client.get(`/api/tasks?${query}`), 400, /limit must be a whole number from 1 to 1000/);
    }
    for (const query of ['offset=-1', 'offset=x', 'offset=1e3'])
      expectRefused(await p.user.client.get(`/api/tasks?${query}`), 400, /offset must be a whole number 0 or more/);
    expectRefused(await p.admin.client.get('/api/users?limit=0'), 400, /limit/);
    expectRefused(await p.user.client.get(`/api/tasks/${taskId}/comments?offset=-2`), 400, /offset/);
    expectRefused(await p.user.client.get('/api/audit?limit=501'), 400, /from 1 to 500/);
    expect((await list(p.user.client, '/api/tasks?limit=1000')).length).toBeGreaterThan(0);
  });
});

describe('GraphQL connections cap their page at 500', () => {
  it('tasks, activity and taskChanges refuse first over 500', async () => {
    for (const query of [
      '{ tasks(first: 501) { totalCount } }',
      '{ activity(first: 501) { totalCount } }',
      '{ taskChanges(since: 0, first: 501) { latestSeq } }',
    ]) {
      const res = await p.user.client.gql(query);
      expect(res.errors?.[0].extensions?.code, query).toBe('BAD_USER_INPUT');
    }
    const ok = await p.user.client.gql(
      '{ tasks(first: 500) { totalCount } activity(first: 500) { totalCount } taskChanges(since: 0, first: 500) { latestSeq } }',
    );
    expect(ok.errors).toBeUndefined();
  });
});
