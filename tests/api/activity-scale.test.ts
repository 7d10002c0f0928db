import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, usingPostgres, type TestServer } from './support/server.js';
import { newTask, people, type DemoName, type Person } from './support/task-helpers.js';
import { recordAudit } from '../../api/modules/audit/audit.service.js';
import type { ServiceContext } from '../../api/common/context.js';

/*
 * The activity timeline's first page with its day counts reads about a page whatever the log's size:
 * the same statements for a small log and one 20 times larger, for a member, a manager and an admin,
 * and none of them scans the audit log or its readers (docs/DECISIONS.md, "Activity visibility and
 * day counts").
 */

let server: TestServer;
let p: Record<DemoName, Person>;
let tasks: { mine: string; assignedToMe: string; notMine: string };

/** The timeline screen's query (web/features/activity): a page, its total, its day counts. */
const TIMELINE = `query($first: Int, $after: String) {
  activity(first: $first, after: $after) {
    totalCount
    days { date count }
    pageInfo { hasNextPage endCursor }
    nodes { id action description entityType taskId createdAt userId userName restore changes { field oldValue newValue } }
  }
}`;

const DAY = 86_400_000;
let written = 0;

/**
 * Writes `units` x 10 entries through the audit service's own writer (reader rows included) over the
 * 30 days before now: per unit 3 on the member's task, 2 on a task assigned to them, 4 on a task they
 * cannot read, 1 administration entry (no task). `othersOnly`: the company grows around the member,
 * all 10 on others' work (9 on the task they cannot read), as an organisation's log does.
 */
async function addEntries(units: number, othersOnly = false): Promise<void> {
  const em = server.app.runtime.orm.em.fork();
  const now = Date.now();
  const ctxAt = (userId: string, at: Date) =>
    ({ em, app: server.app.runtime, actor: { id: userId, role: 'manager' }, now: () => at, timeZone: 'UTC' }) as unknown as ServiceContext;
  for (let u = 0; u < units; u++) {
    const n = written++;
    const at = (k: number) => new Date(now - DAY - (((n * 10 + k) * 7_919_000) % (30 * DAY)));
    const entry = (k: number, userId: string, taskId: string | null, readers: string[]) =>
      recordAudit(ctxAt(userId, at(k)), {
        action: 'updated',
        description: `scale ${n}.${k}`,
        entityType: taskId ? 'task' : 'user',
        taskId,
        entityId: taskId ?? userId,
        readers,
        oldValues: { priority: 'low' },
        newValues: { priority: 'high' },
      });
    for (let k = 0; k < 9; k++) {
      if (othersOnly || k >= 5) entry(k, p.manager.id, tasks.notMine, [p.manager.id]);
      else if (k < 3) entry(k, p.user.id, tasks.mine, [p.user.id]);
      else entry(k, p.manager.id, tasks.assignedToMe, [p.user.id, p.manager.id]);
    }
    entry(9, p.admin.id, null, []);
    if (u % 500 === 499) await em.flush();
  }
  await em.flush();
}

/** Runs the timeline's first page for a viewer; answers the statements it ran. */
async function firstPage(who: DemoName): Promise<string[]> {
  await p[who].client.gql(TIMELINE, { first: 50 }); // warm: the session and the statement caches
  server.queries.reset();
  const res = await p[who].client.gql(TIMELINE, { first: 50 });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  expect(res.data.activity.nodes).toHaveLength(50);
  expect(res.data.activity.days.length).toBeGreaterThan(0);
  return server.queries.log().filter((sql) => !/task_events|webhook/.test(sql));
}

const VIEWERS: DemoName[] = ['user', 'manager', 'admin'];

beforeAll(async () => {
  server = await startServer();
  p = await people(server);
  tasks = {
    mine: (await newTask(p.user.client, { title: 'scale: mine' })).id,
    assignedToMe: (await newTask(p.manager.client, { title: 'scale: assigned', assignedToId: p.user.id })).id,
    notMine: (await newTask(p.manager.client, { title: 'scale: not mine' })).id,
  };
}, 60_000);
afterAll(() => server?.close());

describe('activity timeline at scale', () => {
  it('runs the same statements for a log 20 times larger, for member, manager and admin', async () => {
    await addEntries(20);
    const small: Record<string, number> = {};
    for (const who of VIEWERS) small[who] = (await firstPage(who)).length;
    await addEntries(380, true);
    for (const who of VIEWERS) {
      const statements = await firstPage(who);
      expect(statements.length, `${who}:\n${statements.join('\n')}`).toBe(small[who]);
    }
  }, 120_000);

  it('reads the log and its readers through indexes only: no statement of the page scans either table', async () => {
    for (const who of VIEWERS) {
      const statements = await capturedStatements(() => firstPage(who));
      const audit = statements.filter((s) => /audit_entries|audit_readers/.test(s.sql));
      expect(audit.length).toBeGreaterThanOrEqual(3);
      for (const statement of audit) {
        const plan = await planOf(statement);
        expect(fullReads(statement, plan, who), `${who}: ${statement.sql}\n${plan.join('\n')}`).toEqual([]);
      }
    }
  }, 60_000);
});

describe('activity timeline pages', () => {
  it('walks every visible entry once, newest first, by keyset cursors; the total rides along and the day counts reach the oldest loaded day', async () => {
    for (const who of VIEWERS) {
      const seen: { id: string; createdAt: string }[] = [];
      let after: string | null = null;
      let total = -1;
      let days: { date: string; count: number }[] = [];
      for (let page = 0; page < 100; page++) {
        const res: { data?: any; errors?: { message: string }[] } = await p[who].client.gql(TIMELINE, { first: 500, after });
        expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
        const conn: {
          totalCount: number;
          nodes: { id: string; createdAt: string }[];
          days: { date: string; count: number }[];
          pageInfo: { hasNextPage: boolean; endCursor: string };
        } = res.data.activity;
        if (total === -1) total = conn.totalCount;
        expect(conn.totalCount).toBe(total);
        seen.push(...conn.nodes);
        days = conn.days;
        if (!conn.pageInfo.hasNextPage) break;
        after = conn.pageInfo.endCursor;
      }
      expect(seen.length, who).toBe(total);
      expect(new Set(seen.map((e) => e.id)).size).toBe(total);
      expect(seen.every((e, i) => i === 0 || e.createdAt <= seen[i - 1].createdAt)).toBe(true);
      // Everything loaded: the day counts cover every entry.
      expect(
        days.reduce((sum, d) => sum + d.count, 0),
        who,
      ).toBe(total);
    }
    const bad = await p.user.client.gql(TIMELINE, { first: 5, after: 'bm90IGEgY3Vyc29y' });
    expect(bad.errors?.[0]?.message).toMatch(/Invalid cursor/);
  }, 60_000);
});

interface Statement {
  sql: string;
  params: unknown[];
}

/** The statements (with their values) the server runs during `run`, through the ORM's onQuery hook. */
async function capturedStatements(run: () => Promise<unknown>): Promise<Statement[]> {
  const config = server.app.runtime.orm.config;
  const before = config.get('onQuery');
  const statements: Statement[] = [];
  let capturing = false;
  config.set('onQuery', (sql: string, params: unknown[]) => {
    if (capturing) statements.push({ sql, params: [...params] });
    return before(sql, params);
  });
  try {
    await p.admin.client.gql('{ __typename }');
    capturing = true;
    await run();
  } finally {
    capturing = false;
    config.set('onQuery', before);
  }
  return statements;
}

const AUDIT_TABLES = /\b(audit_entries|audit_readers)\b/;
/** The aliases the timeline's statements give the two tables (the ORM's own: a0). */
const AUDIT_ALIASES = new Set(['a', 'r', 'a0', 'audit_entries', 'audit_readers']);

/**
 * The plan's reads of the audit log or its readers that are not bounded by an index condition.
 * Allowed for a manager or an admin only, who may see (almost) every entry: an ordered walk of an
 * index in a statement with a LIMIT (it stops after about a page). Their unfiltered total reads
 * neither table (the counts kept per write, audit_counts). A member's statements must each be bounded
 * by an index condition (their own rows), however few entries they see, and their total reads
 * indexes only: a read of each entry's row made PostgreSQL read the whole log instead.
 */
function fullReads(statement: Statement, plan: string[], who: DemoName): string[] {
  const limited = who !== 'user' && /\blimit\s+(\d+|\?)/i.test(statement.sql);
  const total = /^select count\(\*\)/.test(statement.sql);
  if (!usingPostgres()) {
    return plan.filter((line) => {
      const scan = /^(SCAN|SEARCH) (\S+)(.*)$/.exec(line);
      if (!scan || !AUDIT_ALIASES.has(scan[2])) return false;
      if (total && !/COVERING INDEX|PRIMARY KEY/.test(scan[3])) return true;
      if (scan[1] === 'SEARCH') return false;
      return !(/USING (COVERING )?INDEX/.test(scan[3]) && limited);
    });
  }
  const bad: string[] = [];
  plan.forEach((line, i) => {
    if (!AUDIT_TABLES.test(line)) return;
    if (/Seq Scan/.test(line)) return void bad.push(line);
    if (total && /Index Scan|Bitmap/.test(line) && !/Index Only Scan/.test(line)) return void bad.push(line);
    if (!/Index (Only )?Scan/.test(line)) return;
    const node = [];
    for (let j = i + 1; j < plan.length && !plan[j].includes('->'); j++) node.push(plan[j]);
    const bounded = node.some((l) => /Index Cond/.test(l));
    if (!bounded && !limited) bad.push(line);
  });
  return bad;
}

/**
 * The plan of one statement as the database would run it: SQLite's EXPLAIN QUERY PLAN; PostgreSQL's
 * EXPLAIN after VACUUM ANALYZE, with sequential scans disabled for the check's own session (on tables this
 * small the planner would rightly prefer reading them whole; the question is whether an index serves).
 */
async function planOf(statement: Statement): Promise<string[]> {
  const em = server.app.runtime.orm.em.fork();
  if (!usingPostgres()) {
    const rows: { detail: string }[] = await em.getConnection().execute(`explain query plan ${statement.sql}`, statement.params, 'all');
    return rows.map((r) => r.detail);
  }
  // VACUUM marks the pages all-visible, as autovacuum does on a long-lived log: what lets PostgreSQL
  // answer from an index alone (it runs outside a transaction).
  await em.getConnection().execute('vacuum (analyze) audit_entries, audit_readers', [], 'run');
  return em.transactional(async (tx) => {
    const connection = tx.getConnection();
    const trx = tx.getTransactionContext();
    await connection.execute('set local enable_seqscan = off', [], 'run', trx);
    const rows: Record<string, string>[] = await connection.execute(`explain ${statement.sql}`, statement.params, 'all', trx);
    return rows.map((r) => r['QUERY PLAN']);
  });
}
