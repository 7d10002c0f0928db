import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { newTask, people, type DemoName, type Person } from './support/task-helpers.js';

/*
 * The projects panel's task counts: a manager's or an admin's come from the counts the tasks'
 * triggers keep per project (project_task_counts), a member's from their own tasks. Both must equal a
 * count of the tasks themselves after every kind of write (docs/DECISIONS.md, "Performance of the
 * server"), and the panel of a manager or an admin must not read the tasks to count them.
 */

let server: TestServer;
let p: Record<DemoName, Person>;

const PANEL = '{ projects { id name taskCounts { open done } } }';
const VIEWERS: DemoName[] = ['user', 'manager', 'admin'];

/** Every project's counts as a viewer's panel shows them. */
async function panel(who: DemoName): Promise<Map<string, { open: number; done: number }>> {
  const res = await p[who].client.gql(PANEL);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return new Map(res.data.projects.map((x: { name: string; taskCounts: { open: number; done: number } }) => [x.name, x.taskCounts]));
}

/** The same counts from the tasks themselves (what the viewer may read: members their own). */
async function recount(who: DemoName): Promise<Map<string, { open: number; done: number }>> {
  const rows = await server.app.runtime.orm.em
    .fork()
    .getConnection()
    .execute<{ name: string; status: string; assigned_to_id: string | null; created_by_id: string | null }[]>(
      'select p.name, t.status, t.assigned_to_id, t.created_by_id from projects p join tasks t on lower(t.project) = lower(p.name)',
    );
  const counts = new Map<string, { open: number; done: number }>();
  const names = (await server.app.runtime.orm.em.fork().getConnection().execute<{ name: string }[]>('select name from projects')) as { name: string }[];
  for (const { name } of names) counts.set(name, { open: 0, done: 0 });
  for (const row of rows as { name: string; status: string; assigned_to_id: string | null; created_by_id: string | null }[]) {
    if (who === 'user' && row.assigned_to_id !== p.user.id && row.created_by_id !== p.user.id) continue;
    const c = counts.get(row.name)!;
    if (row.status === 'Done') c.done += 1;
    else c.open += 1;
  }
  return counts;
}

async function expectCountsTrue(): Promise<void> {
  for (const who of VIEWERS) expect(Object.fromEntries(await panel(who)), who).toEqual(Object.fromEntries(await recount(who)));
}

beforeAll(async () => {
  server = await startServer();
  p = await people(server);
}, 60_000);
afterAll(() => server?.close());

describe('projects panel task counts', () => {
  it('equal the tasks after creates, status changes, moves between projects, renames and deletes', async () => {
    const a = (await p.admin.client.post('/api/projects', { name: 'Counted A' })).body;
    await p.admin.client.post('/api/projects', { name: 'Counted B' });
    const mine = await newTask(p.user.client, { title: 'count 1', project: 'Counted A' });
    const other = await newTask(p.manager.client, { title: 'count 2', project: 'counted a' });
    const third = await newTask(p.manager.client, { title: 'count 3', project: 'Counted B', assignedToId: p.user.id });
    await expectCountsTrue();
    expect((await panel('admin')).get('Counted A')).toEqual({ open: 2, done: 0 });

    expect((await p.user.client.put(`/api/tasks/${mine.id}`, { status: 'Done' })).status).toBe(200);
    expect((await p.manager.client.put(`/api/tasks/${other.id}`, { project: 'Counted B' })).status).toBe(200);
    expect((await p.manager.client.put(`/api/tasks/${third.id}`, { project: 'Counted A', status: 'Done' })).status).toBe(200);
    await expectCountsTrue();
    expect((await panel('admin')).get('Counted A')).toEqual({ open: 0, done: 2 });

    expect((await p.admin.client.put(`/api/projects/${a.id}`, { name: 'Counted Renamed' })).status).toBe(200);
    await expectCountsTrue();
    expect((await panel('manager')).get('Counted Renamed')).toEqual({ open: 0, done: 2 });

    expect((await p.manager.client.delete(`/api/tasks/${third.id}`)).status).toBe(200);
    await expectCountsTrue();
    expect((await p.admin.client.delete(`/api/projects/${a.id}`)).status).toBe(200);
    await expectCountsTrue();
  });

  it("counts a manager's and an admin's without reading the tasks; a member's by their own", async () => {
    for (const who of VIEWERS) {
      await panel(who); // warm: the session and the statement caches
      server.queries.reset();
      await panel(who);
      const counting = server.queries.log().filter((sql) => /count\(|project_task_counts/.test(sql));
      expect(counting, who).toHaveLength(1);
      if (who === 'user') expect(counting[0]).toMatch(/from [`"]?tasks\b/);
      else expect(counting[0], who).not.toMatch(/\btasks\b/);
    }
  });
});
