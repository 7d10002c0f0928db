import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planOf } from './support/plan.js';
import { startServer, usingPostgres, type TestServer } from './support/server.js';
import { newTask, people, type DemoName, type Person } from './support/task-helpers.js';
import type { Client } from './support/client.js';
import { Task } from '../../api/modules/task/task.entity.js';

let server: TestServer;
let p: Record<DemoName, Person>;

beforeAll(async () => {
  server = await startServer();
  p = await people(server);
});
afterAll(() => server?.close());

const SEARCH = `query($search: String!, $project: String) { tasks(first: 50, filter: { search: $search, project: $project }, sortBy: "title", sortOrder: "asc") { totalCount nodes { id } } }`;

async function found(c: Client, search: string, project?: string): Promise<string[]> {
  const res = await c.gql(SEARCH, { search, project });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data.tasks.nodes.map((n: { id: string }) => n.id);
}

const plan = (sql: string, params: unknown[]) => planOf(server, sql, params);

describe('search (listing and palette): a substring of title, description, project, tags or a public comment, from an index', () => {
  it('finds a substring anywhere in those fields, in any case, and follows edits, comments and deletes', async () => {
    const project = `S-${randomUUID().slice(0, 8)}`;
    const inTitle = await newTask(p.user.client, { title: `Pay the Invoice-7731 now`, project });
    const inDescription = await newTask(p.user.client, { title: `Second`, description: 'the xINVOICE-7731x copy', project });
    const inTags = await newTask(p.user.client, { title: `Third`, tags: ['invoice-7731'], project });
    const inComment = await newTask(p.user.client, { title: `Fourth`, project });
    const other = await newTask(p.user.client, { title: `Fifth, nothing here`, project });
    expect((await p.user.client.post(`/api/tasks/${inComment.id}/comments`, { content: 'see invoice-7731 attached' })).status).toBe(201);

    const sorted = (ids: string[]) => [...ids].sort();
    expect(sorted(await found(p.user.client, 'invoice-7731', project))).toEqual(sorted([inTitle.id, inDescription.id, inTags.id, inComment.id]));
    expect(await found(p.user.client, 'VOICE-773', project)).toHaveLength(4); // a substring, not a word prefix
    expect(await found(p.user.client, 'nothing', project)).toEqual([other.id]);
    expect(await found(p.user.client, 'ot', project)).toEqual([other.id]); // shorter than the index's three characters
    expect(await found(p.user.client, 'invoice-7731 now', project)).toEqual([inTitle.id]);
    expect(await found(p.user.client, '"quoted" words', project)).toEqual([]);

    // Edits and deletes reach the index at once.
    expect((await p.user.client.patch(`/api/tasks/${inTitle.id}`, { title: 'Paid' })).status).toBe(200);
    expect((await p.user.client.delete(`/api/tasks/${inDescription.id}`)).status).toBe(200);
    expect(sorted(await found(p.user.client, 'invoice-7731', project))).toEqual(sorted([inTags.id, inComment.id]));
    expect(await found(p.user.client, 'paid', project)).toEqual([inTitle.id]);
    // REST's list searches the same way.
    const rest = await p.user.client.get(`/api/tasks?search=${encodeURIComponent('INVOICE-7731')}&project=${project}`);
    expect(sorted(rest.body.map((t: { id: string }) => t.id))).toEqual(sorted([inTags.id, inComment.id]));
  });

  it('finds only tasks the viewer may read, whatever the comments say', async () => {
    const project = `V-${randomUUID().slice(0, 8)}`;
    const managers = await newTask(p.manager.client, { title: `Manager's own`, project });
    expect((await p.manager.client.post(`/api/tasks/${managers.id}/comments`, { content: 'secret-phrase-9' })).status).toBe(201);
    expect(await found(p.user.client, 'secret-phrase-9')).toEqual([]);
    expect(await found(p.manager.client, 'secret-phrase-9')).toEqual([managers.id]);
  });

  it('is answered from an index, not a scan of the tasks (or comments)', async () => {
    server.queries.reset();
    await found(p.admin.client, 'invoice');
    const statement = server.queries.log().find((sql) => /from [`"]tasks[`"]/.test(sql) && /limit/.test(sql));
    expect(statement).toBeDefined();
    // The statement as logged, its placeholders (if the log kept them) given the values this search binds.
    const sql = statement!
      .replace(/^\[query\] /, '')
      .replace(/ \[took .*$/, '')
      .replace(/match \?/g, `match '"invoice"'`)
      .replace(/like (\?|\$\d+)/g, `like '%invoice%'`)
      .replace(/limit (\?|\$\d+)/g, 'limit 51');
    expect(sql).not.toMatch(/\?|\$\d/);
    const text = await plan(sql, []);
    if (usingPostgres()) {
      expect(text).not.toMatch(/Seq Scan on tasks/);
      expect(text).toMatch(/tasks_(title|description|project|tags)_search/);
      expect(text).toMatch(/task_comments_content_search/);
    } else {
      expect(text).not.toMatch(/^SCAN (t0|tasks)\b/m);
      expect(text).toMatch(/VIRTUAL TABLE INDEX \d+:/);
      expect(text).not.toMatch(/SCAN task_comments/);
    }
  });

  it.skipIf(usingPostgres())('keeps one search row per task and per public comment, found by key through every edit and delete (SQLite)', async () => {
    const sql = <R>(text: string, params: unknown[] = []) => server.app.runtime.orm.em.getConnection().execute<R[]>(text, params, 'all');
    const rowsOf = async (taskId: string) => (await sql<{ n: number }>('select count(*) as n from task_search where task_id = ?', [taskId]))[0].n;
    const commentRows = async (commentId: string) =>
      (await sql<{ n: number }>('select count(*) as n from comment_search where comment_id = ?', [commentId]))[0].n;
    const project = `K-${randomUUID().slice(0, 8)}`;
    const task = await newTask(p.user.client, { title: 'Keyed alpha-5521', project });
    const comment = (await p.user.client.post(`/api/tasks/${task.id}/comments`, { content: 'keyed beta-5521' })).body;
    for (const title of ['Keyed gamma-5521', 'Keyed delta-5521']) expect((await p.user.client.patch(`/api/tasks/${task.id}`, { title })).status).toBe(200);
    const removed = (await p.user.client.post(`/api/tasks/${task.id}/comments`, { content: 'keyed epsilon-5521' })).body;
    expect((await p.user.client.delete(`/api/task-comments/${removed.id}`)).status).toBe(200);
    expect(await rowsOf(task.id)).toBe(1);
    expect(await commentRows(comment.id)).toBe(1);
    expect(await commentRows(removed.id)).toBe(0);
    expect(await found(p.user.client, 'alpha-5521', project)).toEqual([]);
    expect(await found(p.user.client, 'delta-5521', project)).toEqual([task.id]);
    expect(await found(p.user.client, 'beta-5521', project)).toEqual([task.id]);
    expect(await found(p.user.client, 'epsilon-5521', project)).toEqual([]);

    // Deleting the task takes its row and its comments' rows, and their keys.
    expect((await p.user.client.delete(`/api/tasks/${task.id}`)).status).toBe(200);
    expect(await rowsOf(task.id)).toBe(0);
    expect(await commentRows(comment.id)).toBe(0);
    // Every search row has its key and every key its row: nothing left behind by any test of this file.
    const [counts] = await sql<Record<string, number>>(
      `select (select count(*) from task_search) as rows, (select count(*) from task_search_rows) as keys, (select count(*) from tasks) as tasks,
        (select count(*) from comment_search) as comment_rows, (select count(*) from comment_search_rows) as comment_keys,
        (select count(*) from task_search_rows k where not exists (select 1 from task_search s where s.rowid = k.search_rowid and s.task_id = k.task_id)) as stray`,
    );
    expect(counts).toMatchObject({ rows: counts.tasks, keys: counts.tasks, comment_rows: counts.comment_keys, stray: 0 });
  });

  it('counts the matches only when the answer shows the total (the palette reads a few nodes, no count)', async () => {
    const project = `C-${randomUUID().slice(0, 8)}`;
    for (const n of [1, 2, 3]) await newTask(p.user.client, { title: `Countless-5521 ${n}`, project });
    const counts = () => server.queries.log().filter((q) => /\bcount\(/i.test(q) && /from [`"]?tasks/i.test(q)).length;
    server.queries.reset();
    const palette = await p.user.client.gql(`query($s: String!) { tasks(first: 2, filter: { search: $s }) { nodes { id title } } }`, { s: 'countless-5521' });
    expect(palette.errors).toBeUndefined();
    expect(palette.data.tasks.nodes).toHaveLength(2);
    expect(counts()).toBe(0);
    server.queries.reset();
    const listing = await p.user.client.gql(`query($s: String!) { tasks(first: 2, filter: { search: $s }) { totalCount nodes { id } } }`, {
      s: 'countless-5521',
    });
    expect(listing.data.tasks.totalCount).toBe(3);
    expect(counts()).toBe(1);
    // A cursor carries the total, so asking for pageInfo counts too.
    server.queries.reset();
    const paged = await p.user.client.gql(`query($s: String!) { tasks(first: 2, filter: { search: $s }) { pageInfo { endCursor } } }`, { s: 'countless-5521' });
    expect(paged.data.tasks.pageInfo.endCursor).toBeTruthy();
    expect(counts()).toBe(1);
  });
});

describe('a common word answers from the first tasks in the order; a rare one from every match', () => {
  const PALETTE = `query($s: String!, $after: String) { tasks(first: 8, after: $after, filter: { search: $s }) { nodes { id } pageInfo { endCursor hasNextPage } } }`;
  const newest: Task[] = [];
  let rare: Task;

  beforeAll(async () => {
    // More matching tasks than a search window (500) holds, all newer than one rare match.
    const em = server.app.runtime.orm.em.fork();
    const base = Date.now() - 86_400_000;
    const make = (title: string, at: number) =>
      Object.assign(new Task(), { title, createdById: p.user.id, assignedToId: p.user.id, createdAt: new Date(at), updatedAt: new Date(at) });
    // Pairs share an instant: ties go by id.
    for (let i = 0; i < 560; i++) newest.push(make(`Windowed common-7731 ${i}`, base - Math.floor(i / 2) * 1000));
    rare = make('Windowed rare-7731', base - 7 * 86_400_000);
    for (let i = 0; i < newest.length; i += 200) await em.insertMany(Task, newest.slice(i, i + 200));
    await em.insertMany(Task, [rare]);
    newest.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || (a.id < b.id ? -1 : 1));
  }, 60_000);

  const searchStatements = () => server.queries.log().filter((q) => /task_search|like/.test(q) && /from [`"]?tasks/.test(q) && !/count\(/i.test(q));

  it('pages through a common word in order from one statement a page, among the newest tasks only', async () => {
    const ids = newest.map((t) => t.id);
    let after: string | null = null;
    for (let page = 0; page < 3; page++) {
      server.queries.reset();
      const res: { data: any; errors?: unknown } = await p.admin.client.gql(PALETTE, { s: 'common-7731', after });
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
      expect(res.data.tasks.nodes.map((n: { id: string }) => n.id)).toEqual(ids.slice(page * 8, page * 8 + 8));
      expect(res.data.tasks.pageInfo.hasNextPage).toBe(true);
      expect(searchStatements()).toHaveLength(1);
      after = res.data.tasks.pageInfo.endCursor;
    }
  });

  it('finds a match older than the window by searching everything', async () => {
    server.queries.reset();
    const res = await p.admin.client.gql(PALETTE, { s: 'rare-7731' });
    expect(res.data.tasks.nodes.map((n: { id: string }) => n.id)).toEqual([rare.id]);
    expect(res.data.tasks.pageInfo.hasNextPage).toBe(false);
    expect(searchStatements()).toHaveLength(2);
    // The same answer as any other order, which searches everything at once.
    const byTitle = await found(p.admin.client, 'windowed rare-7731');
    expect(byTitle).toEqual([rare.id]);
  });
});
