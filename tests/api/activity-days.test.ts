import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { Client } from './support/client.js';
import { newTask, people, type DemoName, type Person } from './support/task-helpers.js';
import { AuditEntry } from '../../api/modules/audit/audit.entity.js';

let server: TestServer;
let p: Record<DemoName, Person>;

beforeAll(async () => {
  server = await startServer();
  p = await people(server);
});
afterAll(() => server?.close());

const DAYS = `query($f: ActivityFilter, $first: Int) { activity(filter: $f, first: $first) { totalCount nodes { id } days { date count } } }`;

async function days(c: Client, taskId: string) {
  const res = await c.gql(DAYS, { f: { taskId }, first: 10 });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data.activity as { totalCount: number; nodes: { id: string }[]; days: { date: string; count: number }[] };
}

const today = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** Adds `count` audit entries of a task created at one instant (straight into the database). */
async function addEntries(taskId: string, userId: string, at: string, count: number) {
  const em = server.app.runtime.orm.em.fork();
  for (let i = 0; i < count; i++) {
    em.persist(
      em.create(AuditEntry, {
        id: randomUUID(),
        action: 'updated',
        entityType: 'task',
        entityId: taskId,
        taskId,
        userId,
        description: `seeded ${i}`,
        createdAt: new Date(at),
      } as never),
    );
  }
  await em.flush();
}

describe('activity: entries per day (issue 12)', () => {
  it('counts every entry the filter selects per calendar day of the viewer, beyond the loaded page', async () => {
    const task = await newTask(p.manager.client, { title: `days ${randomUUID()}` });
    await addEntries(task.id, p.manager.id, '2026-01-10T23:30:00Z', 30);
    await addEntries(task.id, p.manager.id, '2026-01-11T10:00:00Z', 25);

    const utc = await days(p.manager.client, task.id);
    expect(utc.totalCount).toBe(56);
    expect(utc.nodes).toHaveLength(10);
    expect(utc.days).toEqual([
      { date: today('UTC'), count: 1 },
      { date: '2026-01-11', count: 25 },
      { date: '2026-01-10', count: 30 },
    ]);

    // 23:30 UTC is the next morning in Tokyo: both seeded groups fall on January 11.
    const tokyo = new Client(server.url, { 'x-time-zone': 'Asia/Tokyo' });
    await tokyo.login('manager');
    expect((await days(tokyo, task.id)).days).toEqual([
      { date: today('Asia/Tokyo'), count: 1 },
      { date: '2026-01-11', count: 55 },
    ]);

    // Filters narrow the counts too.
    const res = await p.manager.client.gql(DAYS, { f: { taskId: task.id, from: '2026-01-11', to: '2026-01-11' }, first: 5 });
    expect(res.data.activity.days).toEqual([{ date: '2026-01-11', count: 25 }]);
  });

  it('counts none of a task the member may not read', async () => {
    const task = await newTask(p.manager.client, { title: `private ${randomUUID()}` });
    await addEntries(task.id, p.manager.id, '2026-01-12T12:00:00Z', 3);
    const seen = await days(p.user.client, task.id);
    expect(seen.totalCount).toBe(0);
    expect(seen.days).toEqual([]);
  });
});

describe('taskTags (issue 12)', () => {
  it('serves the distinct tags of the tasks the viewer may read, sorted', async () => {
    const id = randomUUID().slice(0, 8);
    const mine = `mine-${id}`;
    const others = `others-${id}`;
    await newTask(p.user.client, { title: `tags a ${id}`, tags: [mine, `B-${id}`] });
    await newTask(p.user.client, { title: `tags b ${id}`, tags: [mine] });
    await newTask(p.manager.client, { title: `tags c ${id}`, tags: [others] });
    await newTask(p.manager.client, { title: `tags d ${id}`, tags: [`assigned-${id}`], assignedToId: p.user.id });

    const tagsOf = async (c: Client) => {
      const res = await c.gql('{ taskTags }');
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
      return (res.data.taskTags as string[]).filter((t) => t.endsWith(id));
    };
    // A member: tags of tasks assigned to or created by them only, each once.
    expect(await tagsOf(p.user.client)).toEqual([`assigned-${id}`, `B-${id}`, mine]);
    expect(await tagsOf(p.manager.client)).toEqual([`assigned-${id}`, `B-${id}`, mine, others]);
    expect(await tagsOf(p.admin.client)).toEqual([`assigned-${id}`, `B-${id}`, mine, others]);
    expect((await new Client(server.url).gql('{ taskTags }')).errors?.length).toBeGreaterThan(0);
  });
});
