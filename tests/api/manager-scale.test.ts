import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, usingPostgres, type TestServer } from './support/server.js';
import { Client } from './support/client.js';
import { Task } from '../../api/modules/task/task.entity.js';
import { AuditEntry } from '../../api/modules/audit/audit.entity.js';
import { User } from '../../api/modules/user/user.entity.js';
import { addDays, taskSlippage, type PlanChange } from '../../api/modules/manager/manager.insight.js';
import { dayKey, isFinished, isOverdue, normalizeStatus, TASK_STATUSES } from '../../schema/domain/task-rules.js';

// The manager dashboard at 40 and at 800 reportee tasks: the same statements, each served by indexes,
// and figures equal to a plain recomputation over every task (docs/DECISIONS.md, "Manager dashboard in SQL").

const NOW = Date.parse('2026-03-20T15:00:00Z');
const DAY = 86_400_000;
const ZONE = 'America/New_York';
const STATUSES = ['Not Started', 'Planned', 'In Progress', 'Blocked', 'Deferred', 'Done', 'Done'];

let server: TestServer;
let admin: Client;
let mgr: Client;
const reportees: string[] = [];
let outsider: string;
const seeded: Task[] = [];
const entries: AuditEntry[] = [];

const T = '{ id status assignedToId updatedAt dueDate isOverdue tags estimatedHours }';
const DASHBOARD = `query ($days: Int) { managerDashboard {
  teamMembers totalTasks completedTasks completionPercentage overdueTasks
  recentTasks ${T}
  byPerson { user { id } tasks ${T} totalCount remainingCount }
  byStatus { status tasks ${T} totalCount remainingCount }
  today { date people { user { id } plannedHours tasks { id } } }
  slippage(days: $days) { from to people { user { id } plannedTasks slippedTasks totalDaysSlipped averageDaysSlipped } }
} }`;

async function as(username: string, password: string): Promise<Client> {
  const c = new Client(server.url, { 'x-time-zone': ZONE });
  await c.login(username, password);
  return c;
}

async function createUser(username: string, role: string, managerId?: string): Promise<string> {
  const res = await admin.post('/api/users', {
    username,
    email: `${username}@example.com`,
    firstName: username,
    role,
    managerId,
    password: `${username}-pass-1`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
const noonOf = (ms: number) => new Date(Math.floor(ms / DAY) * DAY + DAY / 2);

/**
 * `count` tasks straight into the database (as the listing's scale test does), most of them the
 * manager's reportees', some another person's; overdue, done and rescheduled ones among them, with
 * audit entries over the last 40 days (status and date changes, and changes slippage ignores). Some
 * share an update instant, so ties are ordered by id.
 */
async function seedTasks(count: number): Promise<void> {
  const em = server.app.runtime.orm.em.fork();
  const tasks: Task[] = [];
  const audit: AuditEntry[] = [];
  for (let i = 0; i < count; i++) {
    const created = NOW - Math.floor(random() * 60 * DAY);
    const updated = i % 9 === 0 ? NOW - 5 * DAY : created + Math.floor(random() * (NOW - created));
    const task = Object.assign(new Task(), {
      title: `Scale ${seeded.length + i}`,
      status: pick(STATUSES),
      assignedToId: i % 10 === 0 ? outsider : pick(reportees),
      createdById: reportees[0],
      tags: i % 3 ? [`tag${i % 4}`, 'scale'] : [],
      estimatedHours: i % 4 ? (i % 7) + 0.5 : null,
      dueDate: random() < 0.6 ? noonOf(NOW + (random() - 0.6) * 30 * DAY) : null,
      scheduledDate: random() < 0.7 ? noonOf(NOW + (random() - 0.7) * 40 * DAY) : null,
      createdAt: new Date(created),
      updatedAt: new Date(updated),
    });
    tasks.push(task);
    audit.push(Object.assign(new AuditEntry(), { action: 'created', taskId: task.id, entityId: task.id, oldValues: null, createdAt: task.createdAt }));
    for (let k = 0; k < 3; k++) {
      // Every audited write stamps the task's updatedAt (task.write.ts `settle`): no entry is newer than it.
      const at = Math.min(updated, created + Math.floor(random() * (NOW - created)));
      const old = k === 2 ? { progress: 10 } : random() < 0.5 ? { scheduledDate: noonOf(at - random() * 4 * DAY).toISOString() } : { status: pick(STATUSES) };
      audit.push(
        Object.assign(new AuditEntry(), { action: 'updated', taskId: task.id, entityId: task.id, oldValues: JSON.stringify(old), createdAt: new Date(at) }),
      );
    }
  }
  for (let i = 0; i < tasks.length; i += 200) await em.insertMany(Task, tasks.slice(i, i + 200));
  for (let i = 0; i < audit.length; i += 200) await em.insertMany(AuditEntry, audit.slice(i, i + 200));
  seeded.push(...tasks);
  entries.push(...audit);
}

interface Statement {
  sql: string;
  params: unknown[];
}

/** The statements (with their values) the server runs for the dashboard, through the ORM's onQuery hook. */
async function dashboardStatements(client: Client, document = DASHBOARD): Promise<{ statements: Statement[]; data: any; rowsAsTasks: number }> {
  const config = server.app.runtime.orm.config;
  const before = config.get('onQuery');
  const statements: Statement[] = [];
  let capturing = false;
  config.set('onQuery', (sql: string, params: readonly unknown[]) => {
    if (capturing) statements.push({ sql, params: [...params] });
    return before(sql, params as unknown[]);
  });
  try {
    await client.gql('{ __typename }');
    capturing = true;
    server.queries.reset();
    const res = await client.gql(document, { days: 30 });
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    // The rows read whole from the tasks table (the logger says how many each statement answered), Today's excepted.
    const rowsAsTasks = server.queries
      .log()
      .filter((line) => /select `?t0?`?\.\*[ ,]/.test(line) && !/scheduled_date/.test(line))
      .reduce((n, line) => n + Number(/\[took \d+ ms, (\d+) results?\]/.exec(line)?.[1] ?? 0), 0);
    // Only this request's: the realtime layer polls task_events and the webhook worker its queue on timers.
    return { statements: statements.filter((s) => !/task_events|webhook/.test(s.sql)), data: res.data.managerDashboard, rowsAsTasks };
  } finally {
    capturing = false;
    config.set('onQuery', before);
  }
}

/**
 * The plan of one statement: SQLite's EXPLAIN QUERY PLAN; PostgreSQL's EXPLAIN after ANALYZE, with
 * sequential scans disabled for the check's own transaction (on tables this small the planner would
 * rightly read them whole; the question is whether an index serves the statement).
 */
async function planOf(statement: Statement): Promise<string[]> {
  const em = server.app.runtime.orm.em.fork();
  if (!usingPostgres()) {
    const rows = await em.getConnection().execute<{ detail: string }[]>(`explain query plan ${statement.sql}`, statement.params, 'all');
    return rows.map((r: { detail: string }) => r.detail);
  }
  return em.transactional(async (tx) => {
    const connection = tx.getConnection();
    const trx = tx.getTransactionContext();
    await connection.execute('analyze tasks', [], 'run', trx);
    await connection.execute('analyze audit_entries', [], 'run', trx);
    await connection.execute('set local enable_seqscan = off', [], 'run', trx);
    const rows = await connection.execute<Record<string, string>[]>(`explain ${statement.sql}`, statement.params, 'all', trx);
    return rows.map((r: Record<string, string>) => r['QUERY PLAN']);
  });
}

/** Plan lines that read the tasks or the audit log whole (a scan of the table, or of one of its indexes). */
function fullReads(statement: Statement, plan: string[]): string[] {
  if (usingPostgres()) return plan.filter((line) => /Seq Scan on (tasks|audit_entries)\b/.test(line));
  // The aliases the statement gives the two tables (`tasks t`, `tasks` as `t0`).
  const aliases = new Set(['tasks', 'audit_entries']);
  for (const m of statement.sql.matchAll(/\b(?:tasks|audit_entries)`?\s+(?:as\s+)?`?([a-z]\w*)`?/gi)) aliases.add(m[1]);
  aliases.delete('where');
  aliases.delete('on');
  return plan.filter((line) => {
    const scan = /^SCAN (\S+)/.exec(line);
    return !!scan && aliases.has(scan[1]);
  });
}

beforeAll(async () => {
  server = await startServer({ clock: () => new Date(NOW) });
  admin = new Client(server.url, { 'x-time-zone': ZONE });
  await admin.login('admin');
  const manager = await createUser('ms_mgr', 'manager');
  for (const name of ['ms_r1', 'ms_r2', 'ms_r3']) reportees.push(await createUser(name, 'member', manager));
  outsider = await createUser('ms_other', 'member');
  mgr = await as('ms_mgr', 'ms_mgr-pass-1');
}, 60_000);
afterAll(() => server?.close());

describe('the manager dashboard costs the same at 40 and at 800 tasks', () => {
  const small: Record<string, number> = {};

  it('a small team: the statements of the dashboard', async () => {
    await seedTasks(40);
    for (const [who, client] of [
      ['admin', admin],
      ['manager', mgr],
    ] as const) {
      const { statements, data } = await dashboardStatements(client);
      expect(data.totalTasks).toBeGreaterThan(0);
      small[who] = statements.length;
    }
  }, 60_000);

  it('20 times the tasks: as many statements, none reading the tasks or the audit log whole, only the listed tasks read as rows', async () => {
    await seedTasks(760);
    for (const [who, client] of [
      ['admin', admin],
      ['manager', mgr],
    ] as const) {
      const { statements, data, rowsAsTasks } = await dashboardStatements(client);
      expect(statements.length, `${who}:\n${statements.map((s) => s.sql).join('\n')}`).toBe(small[who]);
      // The 10 recent, 5 per person and 5 per status, at most (they overlap); not the 800.
      expect(rowsAsTasks, who).toBeLessThanOrEqual(10 + 5 * data.teamMembers + 5 * TASK_STATUSES.length);
      expect(rowsAsTasks, who).toBeGreaterThanOrEqual(10);
      const reads = statements.filter((s) => /\b(tasks|audit_entries)\b/.test(s.sql));
      expect(reads.length).toBeGreaterThanOrEqual(5);
      for (const statement of reads) {
        const plan = await planOf(statement);
        expect(fullReads(statement, plan), `${who}: ${statement.sql}\n${plan.join('\n')}`).toEqual([]);
      }
    }
  }, 120_000);

  it('the figures, lists and slippage equal a recomputation over every task', async () => {
    const now = new Date(NOW);
    const today = dayKey(now, ZONE);
    const recentFirst = (a: Task, b: Task) => b.updatedAt.getTime() - a.updatedAt.getTime() || (a.id < b.id ? -1 : 1);
    const ids = (list: Task[]) => list.map((t) => t.id);
    const expected = (scope: string[]) => {
      const mine = seeded.filter((t) => scope.includes(t.assignedToId!)).sort(recentFirst);
      const completed = mine.filter((t) => isFinished(t.status)).length;
      // Slippage as the rule reads it, for every task with every entry since two days before the window.
      const since = Date.parse(`${addDays(today, -30)}T00:00:00Z`) - 2 * DAY;
      const slips = scope.map((id) => {
        let planned = 0;
        let slipped = 0;
        let total = 0;
        for (const task of mine.filter((t) => t.assignedToId === id)) {
          const changes: PlanChange[] = entries
            .filter((e) => e.taskId === task.id && e.createdAt.getTime() >= since)
            .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
            .map((e) => ({ createdAt: e.createdAt, action: e.action, oldValues: e.oldValues ? JSON.parse(e.oldValues) : {} }));
          const { planned: p, slip } = taskSlippage(task, changes, today, 30, ZONE);
          if (p) planned++;
          if (slip) {
            slipped++;
            total += slip.daysSlipped;
          }
        }
        return {
          user: { id },
          plannedTasks: planned,
          slippedTasks: slipped,
          totalDaysSlipped: total,
          averageDaysSlipped: slipped ? Math.round((total / slipped) * 10) / 10 : 0,
        };
      });
      return {
        figures: {
          totalTasks: mine.length,
          completedTasks: completed,
          completionPercentage: Math.round((completed / mine.length) * 100),
          overdueTasks: mine.filter((t) => isOverdue(t, now, ZONE)).length,
        },
        recent: ids(mine.slice(0, 10)),
        byPerson: scope.map((id) => {
          const list = mine.filter((t) => t.assignedToId === id);
          return { user: { id }, ids: ids(list.slice(0, 5)), totalCount: list.length, remainingCount: Math.max(0, list.length - 5) };
        }),
        byStatus: TASK_STATUSES.flatMap((s) => {
          const list = mine.filter((t) => (normalizeStatus(t.status) ?? 'Planned') === s);
          return list.length
            ? [{ status: s.toUpperCase().replace(' ', '_'), ids: ids(list.slice(0, 5)), totalCount: list.length, remainingCount: Math.max(0, list.length - 5) }]
            : [];
        }),
        slips,
      };
    };

    const { data } = await dashboardStatements(mgr);
    const want = expected(reportees);
    expect(data).toMatchObject({ teamMembers: 3, ...want.figures });
    expect(want.figures.overdueTasks).toBeGreaterThan(5);
    expect(ids(data.recentTasks)).toEqual(want.recent);
    // The listed tasks are whole entities as em.find made them (JSON and numbers converted on both databases).
    const byId = new Map(seeded.map((t) => [t.id, t]));
    expect(data.recentTasks.map((t: any) => [t.tags, t.estimatedHours, t.dueDate, t.isOverdue])).toEqual(
      want.recent.map((id) => byId.get(id)!).map((t) => [t.tags, t.estimatedHours, t.dueDate?.toISOString() ?? null, isOverdue(t, now, ZONE)]),
    );
    expect(data.byPerson.map((g: any) => ({ user: g.user, ids: ids(g.tasks), totalCount: g.totalCount, remainingCount: g.remainingCount }))).toEqual(
      want.byPerson,
    );
    expect(data.byStatus.map((g: any) => ({ status: g.status, ids: ids(g.tasks), totalCount: g.totalCount, remainingCount: g.remainingCount }))).toEqual(
      want.byStatus,
    );
    expect(data.slippage.people).toEqual(want.slips);
    expect(want.slips.reduce((n, p) => n + p.slippedTasks, 0)).toBeGreaterThan(10);

    // The admin's scope is every other active user (the demo people's own tasks too): the seeded people's groups and slippage.
    const all = (await dashboardStatements(admin)).data;
    const people: string[] = all.byPerson.map((g: any) => g.user.id).filter((id: string) => [...reportees, outsider].includes(id));
    expect(people.length).toBe(4);
    const wantAll = expected(people);
    expect(
      all.byPerson
        .filter((g: any) => people.includes(g.user.id))
        .map((g: any) => ({ user: g.user, ids: ids(g.tasks), totalCount: g.totalCount, remainingCount: g.remainingCount })),
    ).toEqual(wantAll.byPerson);
    expect(all.slippage.people.filter((p: any) => people.includes(p.user.id))).toEqual(wantAll.slips);
    expect(all.totalTasks).toBeGreaterThanOrEqual(seeded.length);
  }, 60_000);
});

describe('the parts a document asks for', () => {
  it('Slippage alone reads the reportees once and neither counts nor lists tasks', async () => {
    const { statements, data } = await dashboardStatements(
      mgr,
      'query D($days: Int) { managerDashboard { slippage(days: $days) { people { user { id } plannedTasks } } } }',
    );
    expect(data.slippage.people.map((p: any) => p.user.id).sort()).toEqual([...reportees].sort());
    // The reportees (the list, in the dashboard's order); the session's own user is read by id.
    expect(statements.filter((s) => /from [`"]?users[`"]? as/.test(s.sql) && !/tasks/.test(s.sql))).toHaveLength(1);
    expect(statements.filter((s) => /group by|updated_at desc/.test(s.sql))).toEqual([]);
  });
});

describe("an admin's dashboard over more people than GraphQL lists", () => {
  it('lists the first 100 people by name in GraphQL (every one over REST), and counts every reportee', async () => {
    const em = server.app.runtime.orm.em.fork();
    const extra = Array.from({ length: 105 }, (_, i) =>
      Object.assign(new User(), {
        username: `ms_many_${String(i).padStart(3, '0')}`,
        email: `ms_many_${i}@example.com`,
        firstName: 'Many',
        lastName: String(i).padStart(3, '0'),
        role: 'member',
        createdAt: new Date(NOW),
        updatedAt: new Date(NOW),
      }),
    );
    await em.insertMany(User, extra);
    const rest = await admin.get('/api/manager/dashboard');
    expect(rest.status).toBe(200);
    const everyone: string[] = rest.body.byPerson.map((g: any) => g.user.id);
    expect(rest.body.teamMembers).toBe(everyone.length);
    expect(everyone.length).toBeGreaterThan(105);

    const { data } = await dashboardStatements(admin);
    expect(data.teamMembers).toBe(everyone.length);
    // The first 100 in the same order, each with the same tasks and counts as over REST.
    expect(data.byPerson.map((g: any) => g.user.id)).toEqual(everyone.slice(0, 100));
    const restGroups = new Map(rest.body.byPerson.map((g: any) => [g.user.id, { ids: g.tasks.map((t: any) => t.id), totalCount: g.totalCount }]));
    for (const g of data.byPerson) expect({ ids: g.tasks.map((t: any) => t.id), totalCount: g.totalCount }).toEqual(restGroups.get(g.user.id));
    expect(data.today.people.map((p: any) => p.user.id)).toEqual(everyone.slice(0, 100));
    expect(data.slippage.people.map((p: any) => p.user.id)).toEqual(everyone.slice(0, 100));
    // The figures count every reportee's tasks (the seeded ones among them).
    expect(data.totalTasks).toBe(rest.body.totalTasks);
    expect(data.totalTasks).toBeGreaterThanOrEqual(seeded.length);
  }, 60_000);
});
