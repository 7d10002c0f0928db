import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, usingPostgres, type TestServer } from './support/server.js';
import { Client } from './support/client.js';
import { people, type DemoName, type Person } from './support/task-helpers.js';
import { codeOf, create, CREATE, ok } from './support/gql.js';
import { Task } from '../../api/modules/task/task.entity.js';
import { TaskStatus } from '../../api/modules/task/task.enums.js';
import { Subtask } from '../../api/modules/subtask/subtask.entity.js';
import { TaskComment } from '../../api/modules/comment/comment.entity.js';

let server: TestServer;
let p: Record<DemoName, Person>;

beforeAll(async () => {
  server = await startServer();
  p = await people(server);
});
afterAll(() => server?.close());

describe('batching: the board query costs the same number of SQL statements for 10 and 500 tasks', () => {
  // A page's subtasks and comments lists count by their bounds (api/graphql/list-bounds.ts): 500 cards
  // with both lists is over the cost limit, so the lists ride on the first 150 cards.
  const BOARD = `{ tasks(first: 500) { nodes { id title column assignedTo { id firstName } createdBy { id } subtaskCount { total done }
    commentCount viewerCan { update delete } } } lists: tasks(first: 150) { nodes { id subtasks { id } comments { id } } } }`;
  let board: TestServer;
  afterAll(() => board?.close());

  async function seedTasks(count: number, users: string[]): Promise<void> {
    const em = board.app.runtime.orm.em.fork();
    for (let i = 0; i < count; i++) {
      const task = Object.assign(new Task(), {
        title: `Bulk ${i}`,
        status: i % 3 === 0 ? TaskStatus.DONE : TaskStatus.PLANNED,
        assignedToId: users[i % users.length],
        createdById: users[(i + 1) % users.length],
        scheduledDate: i % 2 ? new Date() : null,
      });
      em.persist(task);
      if (i % 2 === 0) em.persist(Object.assign(new Subtask(), { taskId: task.id, title: 's', status: i % 4 === 0 ? 'Done' : 'Not Started' }));
      if (i % 5 === 0) em.persist(Object.assign(new TaskComment(), { taskId: task.id, userId: users[i % users.length], content: 'c' }));
    }
    await em.flush();
  }

  it('counts statements at 10 and at 500 tasks', async () => {
    board = await startServer();
    const admin = new Client(board.url);
    await admin.login('admin');
    const users = await Promise.all((['admin', 'manager', 'user'] as const).map(async (u) => (await new Client(board.url).login(u)).id as string));

    // Only the request's statements: the realtime layer polls task_events, the webhook worker its queue, on timers in the background.
    const statements = () => board.queries.log().filter((sql) => !/task_events|webhook/.test(sql));
    const total = async () => (await admin.gql('{ tasks(first: 1) { totalCount } }')).data.tasks.totalCount as number;
    await seedTasks(10 - (await total()), users);
    expect(await total()).toBe(10);
    board.queries.reset();
    const small = await admin.gql(BOARD);
    const smallCount = statements().length;
    expect(small.errors).toBeUndefined();
    expect(small.data.tasks.nodes).toHaveLength(10);

    await seedTasks(490, users);
    board.queries.reset();
    const large = await admin.gql(BOARD);
    const largeCount = statements().length;
    expect(large.errors).toBeUndefined();
    expect(large.data.tasks.nodes).toHaveLength(500);
    expect(large.data.tasks.nodes.some((n: any) => n.subtaskCount.total > 0 && n.commentCount > 0 && n.assignedTo)).toBe(true);
    expect(large.data.lists.nodes.some((n: any) => n.subtasks.length > 0 && n.comments.length > 0)).toBe(true);
    expect(largeCount, statements().join('\n')).toBe(smallCount);
    expect(largeCount).toBeLessThan(15);
  });
});

describe('a page of tasks reads its counts and the newest board event with its rows', () => {
  const PAGE = `query($filter: TaskFilter) { tasks(first: 500, filter: $filter) { totalCount latestSeq nodes { id subtaskCount { total done } commentCount } } }`;
  const head = async () => (await ok(p.user.client, '{ taskChanges(since: 0, first: 0) { latestSeq } }')).taskChanges.latestSeq as number;

  it('one statement for the rows, their subtask and comment counts and the newest event; the answers match', async () => {
    const t = await create(p.user.client, { title: 'Counted with its row' });
    const addSubtask = 'mutation($taskId: ID!, $input: SubtaskInput!) { createSubtask(taskId: $taskId, input: $input) { id } }';
    await ok(p.user.client, addSubtask, { taskId: t.id, input: { title: 'one', status: 'Done' } });
    await ok(p.user.client, addSubtask, { taskId: t.id, input: { title: 'two' } });
    await ok(p.user.client, 'mutation($taskId: ID!, $input: CommentInput!) { addComment(taskId: $taskId, input: $input) { id } }', {
      taskId: t.id,
      input: { content: 'Looks right' },
    });

    await ok(p.user.client, '{ me { id } }');
    const newest = await head();
    server.queries.reset();
    const page = (await ok(p.user.client, PAGE)).tasks;
    const log = server.queries.log();
    expect(page.latestSeq).toBe(newest);
    expect(page.nodes.find((n: { id: string }) => n.id === t.id)).toMatchObject({ subtaskCount: { total: 2, done: 1 }, commentCount: 1 });
    const rows = log.filter((sql) => /from [`"]tasks[`"] as/.test(sql) && !/count\(\*\) as [`"]count[`"]/.test(sql));
    expect(rows, log.join('\n')).toHaveLength(1);
    expect(rows[0]).toMatch(/max\(seq\) from task_events.*from subtasks.*from task_comments/);
    expect(
      log.filter((sql) => /group by task_id/.test(sql)),
      'no grouped count query per kind',
    ).toEqual([]);
  });

  it('an empty page still says where the log stands (read before the rows), and a bad filter changes nothing', async () => {
    const newest = await head();
    const empty = (await ok(p.user.client, PAGE, { filter: { search: 'nothing matches this at all' } })).tasks;
    expect(empty).toEqual({ totalCount: 0, latestSeq: newest, nodes: [] });
    expect(await codeOf(p.user.client, PAGE, { filter: { search: 'bad\u0000search' } })).toBe('BAD_USER_INPUT');
  });
});

describe('writes cost a fixed, small number of SQL statements', () => {
  // The request's statements only: the realtime layer reads task_events, the webhook worker its queue (without
  // a transaction while no webhook is enabled), on timers in the background. Inserts are the request's.
  const statements = () => server.queries.log().filter((sql) => !/task_events|webhook/.test(sql) || /^\[query\] insert/.test(sql));
  // PostgreSQL orders the board event log's commits with an advisory lock inside the transaction.
  const eventLogLock = usingPostgres() ? 1 : 0;

  /** Runs one operation as the member and returns its statements (after a warm-up request). */
  async function statementsOf(query: string, variables: Record<string, unknown>): Promise<string[]> {
    await ok(p.user.client, '{ me { id } }'); // the session is cached after the first read
    server.queries.reset();
    await ok(p.user.client, query, variables);
    return statements();
  }

  it('createTask: the actor, then one transaction of four inserts (task, audit entry, its readers, board event; no webhook wants it)', async () => {
    const log = await statementsOf(CREATE, { input: { title: 'Counted', dueDate: '2030-01-02', scheduledDate: '2030-01-01' } });
    expect(
      log.filter((sql) => /sessions/.test(sql)),
      'the session comes from the in-process cache',
    ).toEqual([]);
    expect(
      log.filter((sql) => /^\[query\] (update|delete)/.test(sql)),
      log.join('\n'),
    ).toEqual([]);
    // select actor, begin, insert x4 (the entry's readers in one statement), commit
    expect(
      log.filter((sql) => /^\[query\] insert into [`"]audit_readers[`"]/.test(sql)),
      log.join('\n'),
    ).toHaveLength(1);
    expect(log, log.join('\n')).toHaveLength(7 + eventLogLock);
  });

  it('updateTask: the actor and the task, then one transaction writing only the changed columns', async () => {
    const t = await create(p.user.client, { dueDate: '2030-01-02', scheduledDate: '2030-01-01' });
    const log = await statementsOf(`mutation($id: ID!, $input: TaskInput!) { updateTask(id: $id, input: $input) { id title } }`, {
      id: t.id,
      input: { title: 'Counted again' },
    });
    expect(
      log.filter((sql) => /users/.test(sql) && !/^\[query\] select/.test(sql)),
      'the actor is never written',
    ).toEqual([]);
    const updates = log.filter((sql) => /^\[query\] update/.test(sql));
    expect(updates, log.join('\n')).toHaveLength(1);
    // The version is raised and checked in the same statement (optimistic locking).
    expect(updates[0]).toMatch(
      /^\[query\] update [`"]tasks[`"] set [`"]title[`"] = \S+, [`"]updated_at[`"] = \S+, [`"]version[`"] = [`"]version[`"] \+ 1 where [`"]id[`"] = \S+ and [`"]version[`"] = /,
    );
    // select actor, select task, begin, insert audit, insert its readers, insert event, update task, commit
    expect(log, log.join('\n')).toHaveLength(8 + eventLogLock);
  });
});

describe('a query run again and again (compiled by graphql-jit after its first run) answers as on its first run', () => {
  // A document of its own, so that its first run here is its first run on the server.
  const BY_ID = `query RepeatedTask($id: ID!) { task(id: $id) { id title column isOverdue assignedTo { id username } subtaskCount { total done }
    viewerCan { update delete } createdAt dueDate } }`;

  it('the same data, the same error codes, the same refusal of missing variables', async () => {
    const mine = await create(p.user.client, { dueDate: '2030-01-02' });
    const first = await ok(p.user.client, BY_ID, { id: mine.id });
    expect(first.task).toMatchObject({
      id: mine.id,
      assignedTo: { username: 'user' },
      viewerCan: { update: true, delete: true },
      dueDate: expect.stringMatching(/^2030-01-02T/),
    });
    for (let i = 0; i < 3; i++) expect(await ok(p.user.client, BY_ID, { id: mine.id })).toEqual(first);

    const adminsTask = await create(p.admin.client);
    for (let i = 0; i < 3; i++) expect(await codeOf(p.user.client, BY_ID, { id: adminsTask.id })).toBe('NOT_FOUND');
    for (let i = 0; i < 3; i++) {
      const res = await p.user.client.gql(BY_ID, {});
      expect(res.errors?.[0].message).toMatch(/\$id/);
      expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    }
  });
});
