import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/core';
import { startServer, usingPostgres, type TestServer } from './support/server.js';
import { Client, signedIn } from './support/client.js';
import { planFor, SCALE_PASSWORD, SeedScaleError, seedScale, type SeedScaleResult } from '../../api/db/seed-scale.js';
import { AuditEntry } from '../../api/modules/audit/audit.entity.js';
import { Task } from '../../api/modules/task/task.entity.js';
import { Subtask } from '../../api/modules/subtask/subtask.entity.js';
import { TaskComment } from '../../api/modules/comment/comment.entity.js';
import { Project } from '../../api/modules/project/project.entity.js';
import { Notification } from '../../api/modules/notification/notification.entity.js';
import { User } from '../../api/modules/user/user.entity.js';
import { taskReaders } from '../../api/realtime/task-events.js';

const FACTOR = 0.002;
const plan = planFor(FACTOR);

let server: TestServer;
let before: Record<string, number>;
let result: SeedScaleResult;

const em = (): EntityManager => server.app.runtime.orm.em.fork();

async function tableCounts(): Promise<Record<string, number>> {
  const e = em();
  return {
    users: await e.count(User, {}),
    tasks: await e.count(Task, {}),
    subtasks: await e.count(Subtask, {}),
    comments: await e.count(TaskComment, {}),
    audit: await e.count(AuditEntry, {}),
    projects: await e.count(Project, {}),
    notifications: await e.count(Notification, {}),
  };
}

beforeAll(async () => {
  server = await startServer();
  before = await tableCounts();
  result = await seedScale(server.app.runtime.orm, { factor: FACTOR, app: server.app.runtime });
}, 120_000);
afterAll(() => server?.close());

describe('seed:scale (a company beside the demo data)', () => {
  it('writes the rows the factor asks for', async () => {
    const after = await tableCounts();
    expect(plan).toMatchObject({ managers: 1, people: 1, projects: 1, tasks: 200, demoTasksEach: 4, subtasks: 100, comments: 200, auditEntries: 2_000 });
    expect(after.users - before.users).toBe(plan.managers + plan.people);
    expect(after.tasks - before.tasks).toBe(plan.tasks);
    expect(after.subtasks - before.subtasks).toBe(plan.subtasks);
    expect(after.comments - before.comments).toBe(plan.comments);
    expect(after.audit - before.audit).toBe(plan.auditEntries);
    expect(after.projects - before.projects).toBe(plan.projects);
    expect(after.notifications - before.notifications).toBe(result.rows.Notification);
    expect(result.rows).toMatchObject({ Task: plan.tasks, AuditEntry: plan.auditEntries });
  });

  it("keeps the activity totals the audit log's triggers count (audit_counts) equal to its rows", async () => {
    const e = em();
    const counts = await e.getConnection().execute<{ scope: string; n: number | string }[]>('select scope, n from audit_counts order by scope');
    expect(counts.map((c: { scope: string; n: number | string }) => [c.scope, Number(c.n)])).toEqual([
      ['all', await e.count(AuditEntry, {})],
      ['untasked', await e.count(AuditEntry, { taskId: null })],
    ]);
  });

  it("keeps each project's task counts the tasks' triggers count (project_task_counts) equal to its tasks", async () => {
    type Row = { project: string; total: number | string; done: number | string };
    const connection = em().getConnection();
    const rows = (sql: string) =>
      connection.execute<Row[]>(sql).then((r: Row[]) => r.filter((x) => Number(x.total) !== 0).map((x) => [x.project, Number(x.total), Number(x.done)]));
    expect(await rows('select project, total, done from project_task_counts order by project')).toEqual(
      await rows(
        "select lower(project) as project, count(*) as total, sum(case when status = 'Done' then 1 else 0 end) as done from tasks where project is not null group by lower(project) order by 1",
      ),
    );
  });

  it.runIf(usingPostgres())('leaves PostgreSQL with statistics of what it wrote (plans need them)', async () => {
    const rows = await em()
      .getConnection()
      .execute<{ relname: string; analyzed: boolean }[]>(
        "select relname, last_analyze is not null as analyzed from pg_stat_user_tables where relname in ('tasks', 'audit_entries', 'audit_readers') order by relname",
      );
    expect(rows.map((r: { relname: string; analyzed: boolean }) => [r.relname, r.analyzed])).toEqual([
      ['audit_entries', true],
      ['audit_readers', true],
      ['tasks', true],
    ]);
  });

  it('gives the demo user and manager their share, and reports every person to a manager', async () => {
    const e = em();
    const [user, manager, admin] = await Promise.all(['user', 'manager', 'admin'].map((username) => e.findOneOrFail(User, { username })));
    const generated = await e.find(User, { username: { $like: 'scale1.%' } });
    const managers = generated.filter((u) => u.role === 'manager');
    expect(managers.every((m) => m.managerId === admin.id)).toBe(true);
    expect(generated.filter((u) => u.role === 'member').every((p) => managers.some((m) => m.id === p.managerId))).toBe(true);
    // The demo seed's own tasks (6 for user, 2 for manager) plus the share.
    expect(await e.count(Task, { assignedToId: user.id })).toBe(6 + plan.demoTasksEach);
    expect(await e.count(Task, { assignedToId: manager.id })).toBe(2 + plan.demoTasksEach);
  });

  it('points every task, subtask, comment, entry and notification at people and tasks that exist', async () => {
    const e = em();
    const userIds = new Set((await e.find(User, {})).map((u) => u.id));
    const tasks = await e.find(Task, {});
    const taskIds = new Set(tasks.map((t) => t.id));
    expect(tasks.filter((t) => !userIds.has(t.assignedToId!) || !userIds.has(t.createdById!))).toEqual([]);
    expect((await e.find(Subtask, {})).filter((s) => !taskIds.has(s.taskId))).toEqual([]);
    expect((await e.find(TaskComment, {})).filter((c) => !taskIds.has(c.taskId) || !userIds.has(c.userId))).toEqual([]);
    expect((await e.find(AuditEntry, {})).filter((a) => (a.taskId && !taskIds.has(a.taskId)) || (a.userId && !userIds.has(a.userId)))).toEqual([]);
    expect((await e.find(Notification, {})).filter((n) => !taskIds.has(n.taskId!) || !userIds.has(n.userId) || n.userId === n.actorId)).toEqual([]);
  });

  it("records each task entry's readers as the task service computes them, and the task's version as its changes", async () => {
    const e = em();
    const tasks = new Map((await e.find(Task, { assignedToId: { $ne: null } })).map((t) => [t.id, t]));
    const entries = await e.find(AuditEntry, { taskId: { $ne: null } });
    expect(entries.length).toBeGreaterThanOrEqual(plan.auditEntries);
    const wrong = entries.filter((a) => JSON.stringify([...(a.readers ?? [])].sort()) !== JSON.stringify(taskReaders(tasks.get(a.taskId!)).sort()));
    expect(wrong).toEqual([]);
    const generated = entries.filter((a) => a.entityType === 'task');
    const changesOf = new Map<string, number>();
    for (const a of generated) changesOf.set(a.taskId!, Math.max(changesOf.get(a.taskId!) ?? 0, a.entityVersion ?? 0));
    expect([...changesOf].filter(([id, version]) => tasks.get(id)!.version !== version)).toEqual([]);
    expect(generated.every((a) => a.action !== 'created' || a.entityVersion === 1)).toBe(true);
  });

  it('lets the demo accounts and the generated people sign in and see their tasks over HTTP', async () => {
    const e = em();
    const user = await e.findOneOrFail(User, { username: 'user' });
    const own = await e.count(Task, { $or: [{ assignedToId: user.id }, { createdById: user.id }] });
    const member = await signedIn(server.url, 'user');
    const list = await member.get('/api/tasks');
    expect(list.status).toBe(200);
    expect((list.body as unknown[]).length).toBe(own);
    const activity = await member.gql('{ activity(first: 5) { totalCount nodes { id taskId } } }');
    expect(activity.errors).toBeUndefined();
    expect(activity.data.activity.totalCount).toBe(
      await e.count(AuditEntry, { taskId: { $in: (await e.find(Task, { $or: [{ assignedToId: user.id }, { createdById: user.id }] })).map((t) => t.id) } }),
    );

    const admin = await signedIn(server.url, 'admin');
    const all = await admin.gql('{ tasks(first: 1) { totalCount } }');
    expect(all.data.tasks.totalCount).toBe(await e.count(Task, {}));
    const person = new Client(server.url);
    await person.login('scale1.person001', SCALE_PASSWORD);
    expect((await person.get('/api/tasks')).status).toBe(200);
  });

  it('refuses a second company on the same database unless forced, then adds one beside it', async () => {
    const counts = await tableCounts();
    await expect(seedScale(server.app.runtime.orm, { factor: FACTOR, app: server.app.runtime })).rejects.toThrow(SeedScaleError);
    expect(await tableCounts()).toEqual(counts);
    const second = await seedScale(server.app.runtime.orm, { factor: FACTOR, force: true, app: server.app.runtime });
    expect(second.company).toBe(2);
    expect((await tableCounts()).tasks).toBe(counts.tasks + plan.tasks);
    expect(await em().count(User, { username: { $like: 'scale2.%' } })).toBe(plan.managers + plan.people);
  });
});
