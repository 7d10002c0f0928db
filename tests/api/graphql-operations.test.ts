import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphQLObjectType } from 'graphql';
import { startServer, type TestServer } from './support/server.js';
import { Client } from './support/client.js';
import { auditOf, dayKey, people, type DemoName, type Person } from './support/task-helpers.js';
import { codeOf, create, ok, TASK_FIELDS } from './support/gql.js';
import { SERVER_MODULES } from '../../api/modules/index.js';
import { buildAppSchema, printAppSchema } from '../../api/graphql/schema.js';

let server: TestServer;
let p: Record<DemoName, Person>;

beforeAll(async () => {
  server = await startServer();
  p = await people(server);
});
afterAll(() => server?.close());

const MOVE = `mutation($input: MoveTaskInput!) { moveTask(input: $input) { ${TASK_FIELDS} } }`;
const move = async (c: Client, input: Record<string, unknown>) => (await ok(c, MOVE, { input })).moveTask;

describe('the committed schema', () => {
  it('schema/schema.graphql is what the resolvers build (run npm run schema when this fails)', async () => {
    const built = printAppSchema(await buildAppSchema(SERVER_MODULES));
    expect(readFileSync('schema/schema.graphql', 'utf8')).toBe(built);
  });

  it('plain fields are read by the executor itself; derived fields keep their resolvers (lean-resolvers.ts)', async () => {
    const schema = await buildAppSchema(SERVER_MODULES);
    const fieldsOf = (type: string) => (schema.getType(type) as GraphQLObjectType).getFields();
    const task = fieldsOf('Task');
    for (const name of ['id', 'title', 'status', 'tags', 'dueDate', 'assignedToId', 'createdAt']) expect(task[name].resolve, `Task.${name}`).toBeUndefined();
    for (const name of ['column', 'isOverdue', 'assignedTo', 'subtaskCount', 'commentCount', 'viewerCan'])
      expect(task[name].resolve, `Task.${name}`).toBeTypeOf('function');
    expect(fieldsOf('User').username.resolve).toBeUndefined();
    expect(fieldsOf('User').name.resolve).toBeTypeOf('function');
    // Root fields are operations, never plain reads.
    expect(fieldsOf('Query').tasks.resolve).toBeTypeOf('function');
  });
});

describe('task operations', () => {
  it('createTask and task: defaults, creator is the viewer, derived column', async () => {
    const t = await create(p.user.client, { title: '  Plan the offsite ', tags: ['team', 'team', ' '] });
    expect(t).toMatchObject({
      title: 'Plan the offsite',
      status: 'PLANNED',
      progress: 0,
      column: 'UNSCHEDULED',
      priority: 'medium',
      category: 'dev',
      tags: ['team'],
      assignedToId: p.user.id,
      createdById: p.user.id,
      isOverdue: false,
    });
    const read = await ok(p.user.client, `query($id: ID!) { task(id: $id) { ${TASK_FIELDS} assignedTo { username } createdBy { username } } }`, { id: t.id });
    expect(read.task).toMatchObject({ ...t, assignedTo: { username: 'user' }, createdBy: { username: 'user' } });
  });

  it('createTask in a slot: today, In Progress, with the time', async () => {
    const t = await create(p.user.client, { column: 'TODAY', status: 'IN_PROGRESS', scheduledTime: '08:00', scheduledDate: dayKey() });
    expect(t).toMatchObject({ column: 'TODAY', status: 'IN_PROGRESS', scheduledTime: '08:00' });
  });

  it('updateTask: changes exactly the given fields, audited', async () => {
    const t = await create(p.user.client, { description: 'keep' });
    const res = await ok(p.user.client, `mutation($id: ID!, $input: TaskInput!) { updateTask(id: $id, input: $input) { ${TASK_FIELDS} } }`, {
      id: t.id,
      input: { title: 'Updated', progress: 55, dueDate: '2020-01-01' },
    });
    expect(res.updateTask).toMatchObject({ title: 'Updated', progress: 55, description: 'keep', isOverdue: true });
    const [entry] = await auditOf(p.user.client, t.id);
    expect(Object.keys(JSON.parse(entry.newValues)).sort()).toEqual(['dueDate', 'progress', 'title']);
  });

  it('moveTask to each column, to a time slot, and a reschedule', async () => {
    const t = await create(p.user.client);
    const today = await move(p.user.client, { taskId: t.id, column: 'TODAY' });
    expect(today).toMatchObject({ column: 'TODAY', status: 'IN_PROGRESS' });
    expect(today.scheduledDate.slice(0, 10)).toBe(dayKey());
    expect(await move(p.user.client, { taskId: t.id, column: 'COMPLETED' })).toMatchObject({ column: 'COMPLETED', status: 'DONE' });
    expect(await move(p.user.client, { taskId: t.id, column: 'PENDING' })).toMatchObject({ column: 'PENDING', status: 'NOT_STARTED' });
    expect(await move(p.user.client, { taskId: t.id, column: 'PENDING_FROM_BEFORE' })).toMatchObject({ column: 'PENDING_FROM_BEFORE', status: 'NOT_STARTED' });
    expect(await move(p.user.client, { taskId: t.id, column: 'UNSCHEDULED' })).toMatchObject({
      column: 'UNSCHEDULED',
      status: 'NOT_STARTED',
      scheduledDate: null,
    });
    expect(await move(p.user.client, { taskId: t.id, column: 'PENDING', scheduledTime: '13:30' })).toMatchObject({
      column: 'TODAY',
      scheduledTime: '13:30',
      status: 'IN_PROGRESS',
    });
    const later = await move(p.user.client, { taskId: t.id, column: 'PENDING', scheduledDate: dayKey(1) });
    expect(later).toMatchObject({ column: 'PENDING', status: 'PLANNED' });
    expect(later.scheduledDate.slice(0, 10)).toBe(dayKey(1));
    expect(await codeOf(p.user.client, MOVE, { input: { taskId: t.id, column: 'TODAY', scheduledTime: '7pm' } })).toBe('BAD_USER_INPUT');
  });

  it('tasks: a connection with totalCount, cursors and pages', async () => {
    const tag = `page-${randomUUID().slice(0, 6)}`;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await create(p.user.client, { title: `${tag} ${i}` })).id);
    const Q = `query($first: Int, $after: String, $search: String) { tasks(first: $first, after: $after, filter: { search: $search }, sortBy: "createdAt", sortOrder: "asc") {
      totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { id } } nodes { id } } }`;
    const first = (await ok(p.user.client, Q, { first: 2, search: tag })).tasks;
    expect(first.totalCount).toBe(5);
    expect(first.nodes.map((n: any) => n.id)).toEqual(ids.slice(0, 2));
    expect(first.edges.map((e: any) => e.node.id)).toEqual(ids.slice(0, 2));
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false, startCursor: first.edges[0].cursor, endCursor: first.edges[1].cursor });
    const second = (await ok(p.user.client, Q, { first: 2, after: first.pageInfo.endCursor, search: tag })).tasks;
    expect(second.nodes.map((n: any) => n.id)).toEqual(ids.slice(2, 4));
    expect(second.pageInfo.hasPreviousPage).toBe(true);
    const last = (await ok(p.user.client, Q, { first: 2, after: second.pageInfo.endCursor, search: tag })).tasks;
    expect(last.nodes.map((n: any) => n.id)).toEqual(ids.slice(4));
    expect(last.pageInfo.hasNextPage).toBe(false);
    expect((await ok(p.admin.client, Q, { first: 500, search: tag })).tasks.totalCount).toBe(5);
    expect((await ok(p.manager.client, Q, { first: 1, search: 'nothing-matches-this' })).tasks).toMatchObject({
      totalCount: 0,
      nodes: [],
      pageInfo: { startCursor: null },
    });
    expect(await codeOf(p.user.client, Q, { first: 2, after: 'garbage!' })).toBe('BAD_USER_INPUT');
  });

  it('first outside 1..500 is refused', async () => {
    for (const first of [0, -1, 501]) expect(await codeOf(p.user.client, `{ tasks(first: ${first}) { totalCount } }`)).toBe('BAD_USER_INPUT');
    expect((await ok(p.user.client, '{ tasks(first: 500) { totalCount } }')).tasks.totalCount).toBeGreaterThan(0);
  });

  it('deleteTask and deleteTasks (all or nothing)', async () => {
    const a = await create(p.user.client);
    expect((await ok(p.user.client, 'mutation($id: ID!) { deleteTask(id: $id) }', { id: a.id })).deleteTask).toBe(a.id);
    expect(await codeOf(p.user.client, 'query($id: ID!) { task(id: $id) { id } }', { id: a.id })).toBe('NOT_FOUND');

    const b = await create(p.user.client);
    const c = await create(p.user.client);
    const foreign = await create(p.admin.client);
    expect(await codeOf(p.user.client, 'mutation($ids: [ID!]!) { deleteTasks(ids: $ids) }', { ids: [b.id, c.id, foreign.id] })).toBe('NOT_FOUND');
    expect((await ok(p.user.client, '{ tasks(first: 500) { nodes { id } } }')).tasks.nodes.map((n: any) => n.id)).toEqual(expect.arrayContaining([b.id, c.id]));
    const done = await ok(p.user.client, 'mutation($ids: [ID!]!) { deleteTasks(ids: $ids) }', { ids: [b.id, c.id] });
    expect(done.deleteTasks.sort()).toEqual([b.id, c.id].sort());
  });
});

describe('subtask, comment and audit operations', () => {
  it('subtasks: create, update, list (query and Task.subtasks), promote, delete', async () => {
    const t = await create(p.user.client);
    const S = 'id taskId title status estimatedHours tags assignedToId assignedTo { id } viewerCan { update delete }';
    const s1 = (
      await ok(p.user.client, `mutation($t: ID!, $i: SubtaskInput!) { createSubtask(taskId: $t, input: $i) { ${S} } }`, {
        t: t.id,
        i: { title: ' One ', tags: ['a', 'a'], assignedToId: p.user.id },
      })
    ).createSubtask;
    expect(s1).toMatchObject({
      taskId: t.id,
      title: 'One',
      status: 'Not Started',
      estimatedHours: 0,
      tags: ['a'],
      assignedTo: { id: p.user.id },
      viewerCan: { update: true, delete: true },
    });
    const s2 = (
      await ok(p.user.client, `mutation($t: ID!, $i: SubtaskInput!) { createSubtask(taskId: $t, input: $i) { ${S} } }`, {
        t: t.id,
        i: { title: 'Two', estimatedHours: 2 },
      })
    ).createSubtask;
    const upd = (
      await ok(p.user.client, `mutation($id: ID!, $i: SubtaskInput!) { updateSubtask(id: $id, input: $i) { ${S} } }`, { id: s1.id, i: { status: 'Done' } })
    ).updateSubtask;
    expect(upd).toMatchObject({ title: 'One', status: 'Done' });
    expect((await ok(p.user.client, 'query($t: ID!) { subtasks(taskId: $t) { id } }', { t: t.id })).subtasks.map((s: any) => s.id)).toEqual([s1.id, s2.id]);
    const withSubs = (await ok(p.user.client, 'query($t: ID!) { task(id: $t) { subtaskCount { total done } subtasks { id status } } }', { t: t.id })).task;
    expect(withSubs).toEqual({
      subtaskCount: { total: 2, done: 1 },
      subtasks: [
        { id: s1.id, status: 'Done' },
        { id: s2.id, status: 'Not Started' },
      ],
    });

    const promoted = (await ok(p.user.client, `mutation($id: ID!) { promoteSubtask(id: $id) { ${TASK_FIELDS} } }`, { id: s2.id })).promoteSubtask;
    expect(promoted).toMatchObject({ title: 'Two', estimatedHours: 2, createdById: p.user.id, assignedToId: p.user.id });
    expect((await ok(p.user.client, 'mutation($id: ID!) { deleteSubtask(id: $id) }', { id: s1.id })).deleteSubtask).toBe(s1.id);
    expect((await ok(p.user.client, 'query($t: ID!) { task(id: $t) { subtasks { id } subtaskCount { total } } }', { t: t.id })).task).toEqual({
      subtasks: [],
      subtaskCount: { total: 0 },
    });
    expect(await codeOf(p.user.client, 'mutation($id: ID!) { deleteSubtask(id: $id) }', { id: s1.id })).toBe('NOT_FOUND');
    expect(await codeOf(p.user.client, 'mutation($t: ID!) { createSubtask(taskId: $t, input: { title: "  " }) { id } }', { t: t.id })).toBe('BAD_USER_INPUT');
  });

  it('comments: add (author is the viewer), list oldest first, Task.comments, author, delete', async () => {
    const t = await create(p.user.client);
    const C = 'id content commentType isInternal userId author { id username } viewerCan { update delete }';
    const c1 = (
      await ok(
        p.user.client,
        `mutation($t: ID!) { addComment(taskId: $t, input: { content: " first ", commentType: "reassignment", isInternal: true }) { ${C} } }`,
        { t: t.id },
      )
    ).addComment;
    expect(c1).toMatchObject({
      content: 'first',
      commentType: 'reassignment',
      isInternal: true,
      userId: p.user.id,
      author: { username: 'user' },
      viewerCan: { update: true, delete: true },
    });
    const c2 = (await ok(p.manager.client, `mutation($t: ID!) { addComment(taskId: $t, input: { content: "second" }) { ${C} } }`, { t: t.id })).addComment;
    expect(c2).toMatchObject({ commentType: 'comment', isInternal: false, author: { username: 'manager' } });
    expect((await ok(p.user.client, 'query($t: ID!) { comments(taskId: $t) { id } }', { t: t.id })).comments.map((c: any) => c.id)).toEqual([c1.id, c2.id]);
    expect((await ok(p.user.client, 'query($t: ID!) { task(id: $t) { commentCount comments { content author { username } } } }', { t: t.id })).task).toEqual({
      commentCount: 2,
      comments: [
        { content: 'first', author: { username: 'user' } },
        { content: 'second', author: { username: 'manager' } },
      ],
    });
    expect(await codeOf(p.user.client, 'mutation($id: ID!) { deleteComment(id: $id) }', { id: c2.id })).toBe('FORBIDDEN');
    expect((await ok(p.user.client, 'mutation($id: ID!) { deleteComment(id: $id) }', { id: c1.id })).deleteComment).toBe(c1.id);
    expect((await ok(p.admin.client, 'mutation($id: ID!) { deleteComment(id: $id) }', { id: c2.id })).deleteComment).toBe(c2.id);
    expect(await codeOf(p.user.client, 'mutation($t: ID!) { addComment(taskId: $t, input: { content: "" }) { id } }', { t: t.id })).toBe('BAD_USER_INPUT');
  });

  it('taskAudit records subtask and comment changes against the task', async () => {
    const t = await create(p.user.client);
    await ok(p.user.client, 'mutation($t: ID!) { createSubtask(taskId: $t, input: { title: "s" }) { id } }', { t: t.id });
    await ok(p.user.client, 'mutation($t: ID!) { addComment(taskId: $t, input: { content: "c" }) { id } }', { t: t.id });
    const log = (
      await ok(p.user.client, 'query($t: ID!) { taskAudit(taskId: $t) { action entityType user { username } changes { field newValue } } }', { t: t.id })
    ).taskAudit;
    expect(log.map((e: any) => `${e.action}:${e.entityType}`)).toEqual(['created:comment', 'created:subtask', 'created:task']);
    expect(log[0].changes).toContainEqual({ field: 'content', newValue: '"c"' });
  });
});

describe('errors carry extensions.code', () => {
  it('UNAUTHENTICATED, NOT_FOUND, FORBIDDEN, BAD_USER_INPUT', async () => {
    const anon = new Client(server.url);
    expect(await codeOf(anon, '{ tasks { totalCount } }')).toBe('UNAUTHENTICATED');
    expect(await codeOf(anon, 'mutation { createTask(input: { title: "x" }) { id } }')).toBe('UNAUTHENTICATED');
    const adminsTask = await create(p.admin.client);
    expect(await codeOf(p.user.client, 'query($id: ID!) { task(id: $id) { id } }', { id: adminsTask.id })).toBe('NOT_FOUND');
    expect(await codeOf(p.user.client, 'query($id: ID!) { task(id: $id) { id } }', { id: randomUUID() })).toBe('NOT_FOUND');
    expect(await codeOf(p.manager.client, 'mutation($id: ID!) { updateTask(id: $id, input: { title: "x" }) { id } }', { id: adminsTask.id })).toBe('FORBIDDEN');
    expect(await codeOf(p.user.client, 'mutation { createTask(input: { title: "   " }) { id } }')).toBe('BAD_USER_INPUT');
    expect(await codeOf(p.user.client, 'mutation { createTask(input: { title: "x", progress: 101 }) { id } }')).toBe('BAD_USER_INPUT');
    expect(await codeOf(p.user.client, 'mutation($m: ID) { createTask(input: { title: "x", assignedToId: $m }) { id } }', { m: p.manager.id })).toBe(
      'FORBIDDEN',
    );
    expect(await codeOf(p.user.client, 'mutation($i: TaskInput!) { createTask(input: $i) { id } }', { i: { title: 'x', status: 'Someday' } })).toBe(
      'BAD_USER_INPUT',
    );
    expect(await codeOf(p.manager.client, 'query($id: ID!) { task(id: $id) { title } }', { id: adminsTask.id }).catch(() => 'none')).toBe('none');
  });

  it('an unexpected error is masked (no stack or SQL leaks)', async () => {
    const res = await p.user.client.gql('{ tasks(first: 1, sortBy: "password") { totalCount } }');
    expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(res)).not.toMatch(/select|sqlite|stack/i);
  });
});

describe('abuse limits and CSRF prevention', () => {
  it('refuses queries that are too deep, too aliased or too expensive', async () => {
    let deep = 'name';
    for (let i = 0; i < 14; i++) deep = `ofType { ${deep} }`;
    const tooDeep = await p.user.client.gql(`{ __schema { types { fields { type { ${deep} } } } } }`);
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.errors?.[0].message).toMatch(/depth limit of 12 exceeded/);
    expect(tooDeep.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');

    const aliased = await p.user.client.gql(`{ ${Array.from({ length: 31 }, (_, i) => `a${i}: me { id }`).join(' ')} }`);
    expect(aliased.status).toBe(400);
    expect(aliased.errors?.[0]).toMatchObject({ message: expect.stringMatching(/Aliases limit of 30 exceeded/), extensions: { code: 'BAD_USER_INPUT' } });
    expect((await ok(p.user.client, `{ ${Array.from({ length: 30 }, (_, i) => `a${i}: me { id }`).join(' ')} }`)).a29.id).toBe(p.user.id);

    const heavy = `tasks(first: 500) { nodes { id title description status priority category progress tags column isOverdue
      assignedTo { id firstName } createdBy { id } subtasks { id title status } comments { id content } viewerCan { update delete } } }`;
    const costly = await p.user.client.gql(`{ ${Array.from({ length: 5 }, (_, i) => `t${i}: ${heavy}`).join(' ')} }`);
    expect(costly.status).toBe(400);
    expect(costly.errors?.[0]).toMatchObject({ message: expect.stringMatching(/Cost limit of \d+ exceeded/), extensions: { code: 'BAD_USER_INPUT' } });
    const viaVariable = await p.user.client.gql(
      `query($n: Int) { ${Array.from({ length: 5 }, (_, i) => `t${i}: ${heavy.replace('first: 500', 'first: $n')}`).join(' ')} }`,
      { n: 500 },
    );
    expect(viaVariable.errors?.[0].message).toMatch(/Cost limit of \d+ exceeded/);
    // An omitted `first` counts as its default page (100), not as one task.
    const byDefault = await p.user.client.gql(`{ ${Array.from({ length: 25 }, (_, i) => `t${i}: ${heavy.replace('(first: 500)', '')}`).join(' ')} }`);
    expect(byDefault.errors?.[0].message).toMatch(/Cost limit of \d+ exceeded/);
  });

  it('refuses a mutation sent as a simple request (text/plain) or by GET without the preflight header', async () => {
    const tag = `csrf-${randomUUID().slice(0, 6)}`;
    const body = JSON.stringify({ query: `mutation { createTask(input: { title: "${tag}" }) { id } }` });
    const plain = await p.user.client.request('POST', '/graphql', body, { 'content-type': 'text/plain' });
    expect(plain.status).toBe(400);
    expect(plain.body.errors[0].message).toMatch(/Cross-Site Request Forgery/);
    const form = await p.user.client.request('POST', '/graphql', `query=${encodeURIComponent('mutation { logout }')}`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(400);
    const get = await p.user.client.request('GET', `/graphql?query=${encodeURIComponent(`mutation { createTask(input: { title: "${tag}" }) { id } }`)}`);
    expect(get.status).toBe(400);
    expect(get.body.errors[0].message).toMatch(/Cross-Site Request Forgery/);
    const getWithHeader = await p.user.client.request(
      'GET',
      `/graphql?query=${encodeURIComponent(`mutation { createTask(input: { title: "${tag}" }) { id } }`)}`,
      undefined,
      { 'apollo-require-preflight': 'true' },
    );
    expect(getWithHeader.status).toBe(405);
    expect((await ok(p.user.client, 'query($s: String) { tasks(filter: { search: $s }) { totalCount } }', { s: tag })).tasks.totalCount).toBe(0);
    expect((await ok(p.user.client, '{ me { username } }')).me.username).toBe('user');
  });

  it('refuses a foreign Origin on a mutation', async () => {
    const res = await p.user.client.request(
      'POST',
      '/graphql',
      { query: 'mutation { createTask(input: { title: "cross" }) { id } }' },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
  });
});

describe('viewerCan follows the policy per role', () => {
  const VC =
    'query($id: ID!) { task(id: $id) { viewerCan { update delete } subtasks { viewerCan { update delete } } comments { viewerCan { update delete } } } }';

  it("on a member's task: the member, their manager and an admin may change it", async () => {
    const t = await create(p.user.client);
    await ok(p.user.client, 'mutation($t: ID!) { createSubtask(taskId: $t, input: { title: "s" }) { id } }', { t: t.id });
    await ok(p.user.client, 'mutation($t: ID!) { addComment(taskId: $t, input: { content: "mine" }) { id } }', { t: t.id });
    const asUser = (await ok(p.user.client, VC, { id: t.id })).task;
    expect(asUser).toEqual({
      viewerCan: { update: true, delete: true },
      subtasks: [{ viewerCan: { update: true, delete: true } }],
      comments: [{ viewerCan: { update: true, delete: true } }],
    });
    const asManager = (await ok(p.manager.client, VC, { id: t.id })).task;
    expect(asManager).toEqual({
      viewerCan: { update: true, delete: true },
      subtasks: [{ viewerCan: { update: true, delete: true } }],
      comments: [{ viewerCan: { update: false, delete: false } }],
    });
    const asAdmin = (await ok(p.admin.client, VC, { id: t.id })).task;
    expect(asAdmin).toEqual({
      viewerCan: { update: true, delete: true },
      subtasks: [{ viewerCan: { update: true, delete: true } }],
      comments: [{ viewerCan: { update: false, delete: true } }],
    });
  });

  it("on an admin's own task: a manager may read but not change it", async () => {
    const t = await create(p.admin.client);
    await ok(p.admin.client, 'mutation($t: ID!) { createSubtask(taskId: $t, input: { title: "s" }) { id } }', { t: t.id });
    await ok(p.manager.client, 'mutation($t: ID!) { addComment(taskId: $t, input: { content: "manager note" }) { id } }', { t: t.id });
    const asManager = (await ok(p.manager.client, VC, { id: t.id })).task;
    expect(asManager).toEqual({
      viewerCan: { update: false, delete: false },
      subtasks: [{ viewerCan: { update: false, delete: false } }],
      comments: [{ viewerCan: { update: true, delete: true } }],
    });
  });
});
