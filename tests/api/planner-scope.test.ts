import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planOf } from './support/plan.js';
import { startServer, usingPostgres, type TestServer } from './support/server.js';
import type { Client } from './support/client.js';
import { people, type DemoName, type Person } from './support/task-helpers.js';
import { Task } from '../../api/modules/task/task.entity.js';
import { TaskStatus } from '../../api/modules/task/task.enums.js';
import { User } from '../../api/modules/user/user.entity.js';

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
    pageInfo { hasNextPage hasPreviousPage endCursor }
    nodes { id subtaskCount { total } commentCount }
  }
}`;

interface Page {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null };
  nodes: { id: string }[];
}

async function page(c: Client, variables: Record<string, unknown>): Promise<Page> {
  const res = await c.gql(LIST, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data.tasks as Page;
}

/** Every page of `size` from the first on, following endCursor; the ids in the order read and each page's total. */
async function allPages(c: Client, variables: Record<string, unknown>, size: number): Promise<{ ids: string[]; totals: number[] }> {
  const ids: string[] = [];
  const totals: number[] = [];
  let after: string | null = null;
  for (let guard = 0; guard < 1000; guard++) {
    const next: Page = await page(c, { ...variables, first: size, after });
    ids.push(...next.nodes.map((n) => n.id));
    totals.push(next.totalCount);
    expect(next.pageInfo.hasPreviousPage).toBe(after !== null);
    if (!next.pageInfo.hasNextPage) return { ids, totals };
    after = next.pageInfo.endCursor;
  }
  throw new Error('the pages did not end');
}

/** Stores tasks straight into the database (ties in every sort key are the point). */
async function seed(tasks: Partial<Task>[]): Promise<void> {
  const em = server.app.runtime.orm.em.fork();
  for (const fields of tasks) em.persist(Object.assign(new Task(), fields));
  await em.flush();
}

const SORTS = ['title', 'status', 'priority', 'dueDate', 'updatedAt', 'createdAt', 'scheduledDate'] as const;

describe('tasks connection: keyset pages (a later page starts at the last task read, not by skipping rows)', () => {
  const project = `Keyset-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    const base = Date.UTC(2026, 5, 1, 12);
    const titles = ['Alpha', 'alpha', 'Beta', 'beta', 'Gamma', 'ALPHA'];
    const priorities = ['low', 'Medium', 'high', 'critical', 'medium', 'urgent'];
    const statuses = Object.values(TaskStatus);
    await seed(
      Array.from({ length: 41 }, (_, i) => ({
        title: titles[i % titles.length],
        project,
        priority: priorities[i % priorities.length],
        status: statuses[i % statuses.length] as TaskStatus,
        // Ties: three tasks per instant; every third date empty.
        createdAt: new Date(base - Math.floor(i / 3) * 60_000),
        updatedAt: new Date(base - Math.floor(i / 4) * 60_000),
        dueDate: i % 3 === 0 ? null : new Date(base + Math.floor(i / 5) * 86_400_000),
        scheduledDate: i % 4 === 1 ? null : new Date(base - Math.floor(i / 6) * 86_400_000),
        assignedToId: p.user.id,
        createdById: p.user.id,
      })),
    );
  });

  it('pages of 4 add up to the whole list in the same order, for every sort in both directions', async () => {
    for (const sortBy of SORTS) {
      for (const sortOrder of ['asc', 'desc']) {
        const variables = { filter: { project }, sortBy, sortOrder };
        const whole = await page(p.user.client, { ...variables, first: 500 });
        expect(whole.nodes).toHaveLength(41);
        const paged = await allPages(p.user.client, variables, 4);
        expect(paged.ids, `${sortBy} ${sortOrder}`).toEqual(whole.nodes.map((n) => n.id));
        expect(new Set(paged.totals), `${sortBy} ${sortOrder}`).toEqual(new Set([41]));
      }
    }
  });

  it('a later page runs the same statements as the one before it, and none counts the list again', async () => {
    const variables = { filter: { project }, sortBy: 'createdAt', sortOrder: 'desc' };
    const first = await page(p.manager.client, { ...variables, first: 5 });
    expect(first.totalCount).toBe(41);
    const statementsOf = async (after: string | null) => {
      server.queries.reset();
      const next = await page(p.manager.client, { ...variables, first: 5, after });
      return { next, log: server.queries.log().filter((sql) => /^\[query\] select/.test(sql) && !/task_events|webhook|sessions/.test(sql)) };
    };
    const second = await statementsOf(first.pageInfo.endCursor);
    const third = await statementsOf(second.next.pageInfo.endCursor);
    expect(second.next.totalCount).toBe(41);
    expect(third.next.totalCount).toBe(41);
    expect(second.log.length, second.log.join('\n')).toBe(third.log.length);
    expect(
      second.log.filter((sql) => /count\(/i.test(sql) && !/subtask|comment/i.test(sql)),
      second.log.join('\n'),
    ).toEqual([]);
    expect(
      second.log.some((sql) => /offset/i.test(sql)),
      second.log.join('\n'),
    ).toBe(false);
  });

  it('refuses a cursor it did not give out, an offset cursor, and a cursor of another order', async () => {
    const codeOf = async (variables: Record<string, unknown>) => (await p.user.client.gql(LIST, variables)).errors?.[0]?.extensions?.code;
    const offsetCursor = Buffer.from('o:99').toString('base64url');
    expect(await codeOf({ first: 2, after: offsetCursor })).toBe('BAD_USER_INPUT');
    expect(await codeOf({ first: 2, after: 'garbage!' })).toBe('BAD_USER_INPUT');
    const byTitle = await page(p.user.client, { filter: { project }, first: 2, sortBy: 'title', sortOrder: 'asc' });
    const res = await p.user.client.gql(LIST, { filter: { project }, first: 2, sortBy: 'createdAt', sortOrder: 'asc', after: byTitle.pageInfo.endCursor });
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0]?.message).toMatch(/another order/);
  });
});

const plan = (sql: string, params: unknown[]) => planOf(server, sql, params);

/**
 * A logged statement (`[query] sql [took n ms]`) with values for its parameters, by the column each is
 * compared with: a creation time, a person's id (assignee, creator) or a task id.
 */
function statementWithValues(logged: string, values: { createdAt: Date; taskId: string; personId: string }): { sql: string; params: unknown[] } {
  const sql = logged.replace(/^\[query\] /, '').replace(/ \[took .*$/s, '');
  const params: unknown[] = [];
  const re = /\?|\$\d+/g; // SQLite's log shows ?, PostgreSQL's $1, $2...
  let match: RegExpExecArray | null;
  while ((match = re.exec(sql))) {
    const before = sql.slice(Math.max(0, match.index - 60), match.index);
    if (/created_at[`"]? (<=|<|>=|>|=) $/.test(before)) params.push(usingPostgres() ? values.createdAt : values.createdAt.getTime());
    else if (/((assigned_to_id|created_by_id|manager_id)[`"]? (=|in \() ?|union all select )$/.test(before)) params.push(values.personId);
    else if (/[`"]?id[`"]? (>|=) $/.test(before)) params.push(values.taskId);
    else if (/limit $|offset $/.test(before)) params.push(51);
    else throw new Error(`no value for the parameter after: ${before}`);
  }
  return { sql, params };
}

describe('a later page of the planner walks an index from the last task read (no scan of the tasks)', () => {
  beforeAll(async () => {
    const base = Date.UTC(2026, 3, 1, 12);
    const owners = [p.user.id, p.manager.id, p.admin.id];
    await seed(
      Array.from({ length: 600 }, (_, i) => ({
        title: `Indexed ${i}`,
        createdAt: new Date(base - i * 60_000),
        updatedAt: new Date(base - i * 60_000),
        assignedToId: owners[i % 3],
        createdById: owners[(i + 1) % 3],
      })),
    );
  });

  for (const who of ['manager', 'user'] as const) {
    it(`${who}: the page after a cursor starts in an index on (owner,) created_at, id`, async () => {
      const variables = { sortBy: 'createdAt', sortOrder: 'desc' };
      const first = await page(p[who].client, { ...variables, first: 50 });
      server.queries.reset();
      const second = await page(p[who].client, { ...variables, first: 50, after: first.pageInfo.endCursor });
      expect(second.nodes).toHaveLength(50);
      const logged = server.queries.log().filter((sql) => /^\[query\] select .* from [`"]tasks[`"] as [`"]t0[`"]/.test(sql) && /created_at[`"]? </.test(sql));
      expect(logged, server.queries.log().join('\n')).toHaveLength(1);
      const last = await page(p[who].client, { ...variables, first: 1, after: first.pageInfo.endCursor });
      const [row] = await server.app.runtime.orm.em
        .fork()
        .getConnection()
        .execute<{ created_at: unknown }[]>('select created_at from tasks where id = ?', [first.nodes[49].id]);
      expect(last.nodes).toHaveLength(1);
      const createdAt = new Date(row.created_at as string | number);
      const { sql, params } = statementWithValues(logged[0], { createdAt, taskId: first.nodes[49].id, personId: p[who].id });
      const text = await plan(sql, params);
      if (usingPostgres()) {
        expect(text, text).not.toMatch(/Seq Scan on tasks/);
        expect(text, text).toMatch(/tasks_(assigned_to_id_|created_by_id_)?created_at_desc_id_index/);
        expect(text, text).toMatch(/Index Cond: .*created_at <=/);
      } else {
        expect(text, text).not.toMatch(/^SCAN (t0|tasks)\b/m);
        expect(text, text).toMatch(/SEARCH t0 USING (COVERING )?INDEX tasks_(assigned_to_id_|created_by_id_)?created_at_desc_id_index \(.*created_at<\?/);
      }
    });
  }
});

describe("the planner's scope on the server: whose tasks it reads (it only narrows what the viewer may read)", () => {
  const project = `Scope-${randomUUID().slice(0, 8)}`;
  /** Task ids by owner name: assigned to them (created by an outsider), and created by them (assigned to an outsider). */
  const owned: Record<string, string[]> = {};
  let adminReport: User;
  let outsider: User;

  beforeAll(async () => {
    const em = server.app.runtime.orm.em.fork();
    const person = (name: string, managerId: string | null) =>
      Object.assign(new User(), {
        username: `${name}-${project}`,
        email: `${name}-${project}@example.com`,
        role: 'member',
        managerId,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
    adminReport = person('report', p.admin.id); // reports to the admin
    outsider = person('outsider', null); // nobody's report
    em.persist([adminReport, outsider]);
    await em.flush();
    const base = Date.UTC(2026, 2, 1, 12);
    let n = 0;
    const tasks: Partial<Task>[] = [];
    const owners: [string, string][] = [
      ['user', p.user.id],
      ['manager', p.manager.id],
      ['admin', p.admin.id],
      ['report', adminReport.id],
      ['outsider', outsider.id],
    ];
    for (const [name, id] of owners) {
      owned[name] = [];
      for (const [assignedToId, createdById] of [
        [id, outsider.id],
        [outsider.id, id],
        [id, id],
      ]) {
        const task = Object.assign(new Task(), { title: `${name} ${n}`, project, assignedToId, createdById, createdAt: new Date(base - n++ * 60_000) });
        if (name === 'outsider' && createdById !== assignedToId) continue;
        tasks.push(task);
        owned[name].push(task.id);
      }
    }
    await seed(tasks);
  });

  const idsOf = async (who: DemoName, filter: Record<string, unknown>) => {
    const paged = await allPages(p[who].client, { filter: { project, ...filter }, sortBy: 'createdAt', sortOrder: 'desc' }, 2);
    expect(new Set(paged.totals)).toEqual(new Set([paged.ids.length])); // every task of the scope counted and reachable
    return [...paged.ids].sort();
  };
  const sorted = (...lists: string[][]) => lists.flat().sort();

  it('a member: mine and team are their own tasks (assigned or created); everyone is no more than they may read', async () => {
    expect(await idsOf('user', { scope: 'mine' })).toEqual(sorted(owned.user));
    expect(await idsOf('user', { scope: 'team' })).toEqual(sorted(owned.user));
    expect(await idsOf('user', { scope: 'everyone' })).toEqual(sorted(owned.user));
    // Asking for someone else's tasks brings nothing extra.
    expect(await idsOf('user', { scope: 'team', assignedToId: p.manager.id })).toEqual([]);
  });

  it("a manager: team is theirs and their reportees'; everyone is the whole company; a person is that person's", async () => {
    expect(await idsOf('manager', { scope: 'team' })).toEqual(sorted(owned.manager, owned.user));
    expect(await idsOf('manager', { scope: 'mine' })).toEqual(sorted(owned.manager));
    expect(await idsOf('manager', { scope: 'everyone' })).toEqual(sorted(...Object.values(owned)));
    expect(await idsOf('manager', {})).toEqual(sorted(...Object.values(owned)));
    const usersTasks = await idsOf('manager', { scope: 'team', assignedToId: p.user.id });
    expect(usersTasks.length).toBeGreaterThan(0);
    expect(usersTasks).toEqual(sorted(owned.user.slice(0, 1), owned.user.slice(2)));
  });

  it("an admin: team is theirs and their own reports' (not the company); everyone is the whole company", async () => {
    expect(await idsOf('admin', { scope: 'team' })).toEqual(sorted(owned.admin, owned.report));
    expect(await idsOf('admin', { scope: 'everyone' })).toEqual(sorted(...Object.values(owned)));
  });

  it('refuses a scope it does not know, and changes nothing', async () => {
    const res = await p.user.client.gql(LIST, { filter: { scope: 'company' }, first: 2 });
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0]?.message).toMatch(/Scope must be one of: mine, team, everyone/);
  });

  it('the team page after a cursor walks the two ownership indexes, not the tasks table', async () => {
    const variables = { filter: { scope: 'team' }, sortBy: 'createdAt', sortOrder: 'desc' };
    const first = await page(p.manager.client, { ...variables, first: 3 });
    server.queries.reset();
    await page(p.manager.client, { ...variables, first: 3, after: first.pageInfo.endCursor });
    const logged = server.queries.log().filter((sql) => /^\[query\] select .* from [`"]tasks[`"] as [`"]t0[`"]/.test(sql) && /created_at[`"]? </.test(sql));
    expect(logged, server.queries.log().join('\n')).toHaveLength(1);
    const [row] = await server.app.runtime.orm.em
      .fork()
      .getConnection()
      .execute<{ created_at: unknown }[]>('select created_at from tasks where id = ?', [first.nodes[2].id]);
    const { sql, params } = statementWithValues(logged[0], {
      createdAt: new Date(row.created_at as string | number),
      taskId: first.nodes[2].id,
      personId: p.manager.id,
    });
    const text = await plan(sql, params);
    if (usingPostgres()) {
      // PostgreSQL picks by its statistics between the two ownership walks and the time index with the team as a filter.
      expect(text, text).not.toMatch(/Seq Scan on tasks/);
      expect(text, text).toMatch(/Index Cond: .*created_at <=/);
    } else {
      expect(text, text).not.toMatch(/^SCAN (t0|tasks)\b/m);
      expect(text, text).toMatch(/INDEX tasks_assigned_to_id_/);
      expect(text, text).toMatch(/INDEX tasks_created_by_id_/);
    }
  });
});
