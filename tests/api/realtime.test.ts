import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, usingPostgres, type TestServer } from './support/server.js';
import { Client, signedIn } from './support/client.js';
import { openSocket, probeUpgrade, untilLive, wsUrl, type Socket, type Subscription } from './support/ws.js';
import { createContext } from '../../api/common/context.js';
import { publishStagedEvents, stageTaskEvent, taskReaders } from '../../api/realtime/task-events.js';
import { pruneTaskEvents } from '../../api/realtime/board.service.js';
import { endUserSessions } from '../../api/auth/auth.service.js';
import { TaskEvent } from '../../api/realtime/task-event.entity.js';
import { Subtask } from '../../api/modules/subtask/subtask.entity.js';
import { TaskComment } from '../../api/modules/comment/comment.entity.js';
import { Task } from '../../api/modules/task/task.entity.js';
import type { BoardEventKind } from '../../api/realtime/topics.js';
import { isShareable, subscribeShared } from '../../api/realtime/shared-execution.js';
import { SERVER_MODULES } from '../../api/modules/index.js';
import { buildAppSchema } from '../../api/graphql/schema.js';
import { parse, type ExecutionResult } from 'graphql';
import WebSocket from 'ws';

const EVENT = `
  subscription Board($taskId: ID) {
    boardEvents(taskId: $taskId) {
      seq kind taskId entityId actorId at
      task { id title column assignedToId viewerCan { update delete } assignedTo { username } }
      subtask { id title status }
      comment { id content }
      subtaskCount { total done }
      commentCount
    }
  }`;

interface Ev {
  seq: number;
  kind: string;
  taskId: string;
  entityId: string | null;
  actorId: string | null;
  at: string;
  task: { id: string; title: string; column: string; assignedToId: string | null; viewerCan: { update: boolean }; assignedTo: { username: string } | null } | null;
  subtask: { id: string; title: string; status: string } | null;
  comment: { id: string; content: string } | null;
  subtaskCount: { total: number; done: number } | null;
  commentCount: number | null;
}
type Data = { boardEvents: Ev };

let server: TestServer;
let admin: Client;
let manager: Client;
let member: Client;
const ids: Record<string, string> = {};
const sockets: Socket[] = [];

function socketFor(client: Client, options: { timeZone?: string } = {}): Socket {
  const s = openSocket(server.url, { cookie: client.cookieHeader(), ...options });
  sockets.push(s);
  return s;
}

async function createTask(client: Client, fields: Record<string, unknown>): Promise<string> {
  const res = await client.post('/api/tasks', fields);
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

/** Subscribes and waits until the subscription is live (a probe task the subscriber can read arrives). */
async function liveSubscription(client: Client, socket: Socket, variables?: Record<string, unknown>): Promise<Subscription<Data>> {
  const sub = socket.subscribe<Data>(EVENT, variables);
  const probeTitles = new Set<string>();
  await untilLive(
    sub,
    async () => {
      const title = `probe ${Math.random()}`;
      probeTitles.add(title);
      return createTask(client, { title });
    },
    (d, id) => d.boardEvents.taskId === id,
  );
  return sub;
}

/** Stages and publishes a subtask or comment event through the same code the services use. */
async function publishChildEvent(kind: BoardEventKind, taskId: string, write: (ctx: Awaited<ReturnType<typeof createContext>>) => Promise<string>) {
  const ctx = await createContext(server.app.runtime, { userId: ids.admin });
  const entityId = await write(ctx);
  const task = await ctx.em.findOneOrFail(Task, { id: taskId });
  const event = stageTaskEvent(ctx, kind, taskId, taskReaders(task), entityId);
  await ctx.em.flush();
  publishStagedEvents(ctx, [event]);
  return entityId;
}

const nextEvent = (sub: Subscription<Data>, match: (e: Ev) => boolean, timeoutMs?: number) =>
  sub.waitFor((d) => match(d.boardEvents), timeoutMs).then((d) => d.boardEvents);

beforeAll(async () => {
  // On the PostgreSQL run with Redis available, the same suite exercises the Redis hub and session store.
  server = await startServer(usingPostgres() && process.env.REDIS_URL ? { env: { REDIS_URL: process.env.REDIS_URL } } : {});
  admin = await signedIn(server.url, 'admin');
  manager = await signedIn(server.url, 'manager');
  member = await signedIn(server.url, 'user');
  for (const [name, c] of Object.entries({ admin, manager, user: member })) ids[name] = (await c.get('/api/auth/me')).body.id;
});

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.dispose().catch(() => {})));
  await server?.close();
});

describe('board events over graphql-ws', () => {
  it('pushes task created, updated, moved and deleted made through GraphQL', async () => {
    const sub = await liveSubscription(admin, socketFor(admin));
    const created = await manager.gql('mutation($i: TaskInput!) { createTask(input: $i) { id } }', { i: { title: 'GQL task', assignedToId: ids.user } });
    const id = created.data.createTask.id as string;
    const c = await nextEvent(sub, (e) => e.taskId === id && e.kind === 'TASK_CREATED');
    expect(c.task).toMatchObject({ id, title: 'GQL task', assignedToId: ids.user, assignedTo: { username: 'user' }, viewerCan: { update: true } });
    expect(c.actorId).toBe(ids.manager);
    expect(c.seq).toBeGreaterThan(0);
    expect(new Date(c.at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(c.subtaskCount).toEqual({ total: 0, done: 0 });
    expect(c.commentCount).toBe(0);

    await manager.gql('mutation($id: ID!, $i: TaskInput!) { updateTask(id: $id, input: $i) { id } }', { id, i: { title: 'GQL task renamed' } });
    const u = await nextEvent(sub, (e) => e.taskId === id && e.kind === 'TASK_UPDATED');
    expect(u.task?.title).toBe('GQL task renamed');
    expect(u.seq).toBeGreaterThan(c.seq);

    await manager.gql('mutation($i: MoveTaskInput!) { moveTask(input: $i) { id } }', { i: { taskId: id, column: 'TODAY' } });
    const m = await nextEvent(sub, (e) => e.taskId === id && e.kind === 'TASK_MOVED');
    expect(m.task?.column).toBe('TODAY');

    await manager.gql('mutation($id: ID!) { deleteTask(id: $id) }', { id });
    const d = await nextEvent(sub, (e) => e.taskId === id && e.kind === 'TASK_DELETED');
    expect(d.task).toBeNull();
  });

  it('pushes the same events for changes made through REST, including bulk deletes', async () => {
    const sub = await liveSubscription(manager, socketFor(manager));
    const id = await createTask(admin, { title: 'REST task', assignedToId: ids.user });
    expect((await nextEvent(sub, (e) => e.taskId === id && e.kind === 'TASK_CREATED')).task?.title).toBe('REST task');

    await admin.patch(`/api/tasks/${id}`, { description: 'more' });
    await nextEvent(sub, (e) => e.taskId === id && e.kind === 'TASK_UPDATED');
    await admin.patch(`/api/tasks/${id}`, { column: 'completed' });
    expect((await nextEvent(sub, (e) => e.taskId === id && e.kind === 'TASK_MOVED')).task?.column).toBe('COMPLETED');
    await admin.delete(`/api/tasks/${id}`);
    await nextEvent(sub, (e) => e.taskId === id && e.kind === 'TASK_DELETED');

    const a = await createTask(admin, { title: 'bulk a' });
    const b = await createTask(admin, { title: 'bulk b' });
    await admin.gql('mutation($ids: [ID!]!) { deleteTasks(ids: $ids) }', { ids: [a, b] });
    await nextEvent(sub, (e) => e.taskId === a && e.kind === 'TASK_DELETED');
    await nextEvent(sub, (e) => e.taskId === b && e.kind === 'TASK_DELETED');
    const c2 = await createTask(admin, { title: 'bulk c' });
    expect((await admin.post('/api/tasks/bulk-delete', { ids: [c2] })).status).toBe(200);
    await nextEvent(sub, (e) => e.taskId === c2 && e.kind === 'TASK_DELETED');
  });

  it('pushes subtask and comment events with the subtask, comment and the task counts', async () => {
    const sub = await liveSubscription(admin, socketFor(admin));
    const taskId = await createTask(admin, { title: 'Parent' });
    const subtaskId = await publishChildEvent('SUBTASK_CREATED', taskId, async (ctx) => {
      const s = Object.assign(new Subtask(), { taskId, title: 'Step 1' });
      ctx.em.persist(s);
      return s.id;
    });
    const sc = await nextEvent(sub, (e) => e.kind === 'SUBTASK_CREATED' && e.entityId === subtaskId);
    expect(sc).toMatchObject({ taskId, subtask: { id: subtaskId, title: 'Step 1', status: 'Not Started' }, subtaskCount: { total: 1, done: 0 } });

    await publishChildEvent('SUBTASK_UPDATED', taskId, async (ctx) => {
      const s = await ctx.em.findOneOrFail(Subtask, { id: subtaskId });
      s.status = 'Done';
      return s.id;
    });
    const su = await nextEvent(sub, (e) => e.kind === 'SUBTASK_UPDATED' && e.entityId === subtaskId);
    expect(su).toMatchObject({ subtask: { status: 'Done' }, subtaskCount: { total: 1, done: 1 } });

    await publishChildEvent('SUBTASK_DELETED', taskId, async (ctx) => {
      ctx.em.remove(await ctx.em.findOneOrFail(Subtask, { id: subtaskId }));
      return subtaskId;
    });
    const sd = await nextEvent(sub, (e) => e.kind === 'SUBTASK_DELETED' && e.entityId === subtaskId);
    expect(sd).toMatchObject({ subtask: null, subtaskCount: { total: 0, done: 0 } });

    const commentId = await publishChildEvent('COMMENT_CREATED', taskId, async (ctx) => {
      const c = Object.assign(new TaskComment(), { taskId, userId: ids.admin, content: 'Looks good' });
      ctx.em.persist(c);
      return c.id;
    });
    const cc = await nextEvent(sub, (e) => e.kind === 'COMMENT_CREATED' && e.entityId === commentId);
    expect(cc).toMatchObject({ comment: { id: commentId, content: 'Looks good' }, commentCount: 1 });

    await publishChildEvent('COMMENT_DELETED', taskId, async (ctx) => {
      ctx.em.remove(await ctx.em.findOneOrFail(TaskComment, { id: commentId }));
      return commentId;
    });
    const cd = await nextEvent(sub, (e) => e.kind === 'COMMENT_DELETED' && e.entityId === commentId);
    expect(cd).toMatchObject({ comment: null, commentCount: 0 });
  });

  it('pushes subtask and comment changes made through their REST routes', async () => {
    const sub = await liveSubscription(admin, socketFor(admin));
    const taskId = await createTask(manager, { title: 'With parts', assignedToId: ids.user });
    const s1 = await member.post(`/api/tasks/${taskId}/subtasks`, { title: 'Part 1' });
    expect(s1.status).toBe(201);
    expect(await nextEvent(sub, (e) => e.kind === 'SUBTASK_CREATED' && e.entityId === s1.body.id)).toMatchObject({
      taskId, subtask: { title: 'Part 1' }, subtaskCount: { total: 1, done: 0 }, actorId: ids.user,
    });
    expect((await member.patch(`/api/subtasks/${s1.body.id}`, { status: 'Done' })).status).toBe(200);
    expect(await nextEvent(sub, (e) => e.kind === 'SUBTASK_UPDATED' && e.entityId === s1.body.id)).toMatchObject({ subtaskCount: { total: 1, done: 1 } });

    const c = await member.post(`/api/tasks/${taskId}/comments`, { content: 'On it' });
    expect(c.status).toBe(201);
    expect(await nextEvent(sub, (e) => e.kind === 'COMMENT_CREATED' && e.entityId === c.body.id)).toMatchObject({ comment: { content: 'On it' }, commentCount: 1 });
    expect((await member.delete(`/api/task-comments/${c.body.id}`)).status).toBe(200);
    expect(await nextEvent(sub, (e) => e.kind === 'COMMENT_DELETED' && e.entityId === c.body.id)).toMatchObject({ comment: null, commentCount: 0 });

    const s2 = await member.post(`/api/tasks/${taskId}/subtasks`, { title: 'Part 2' });
    expect((await member.delete(`/api/subtasks/${s2.body.id}`)).status).toBe(200);
    await nextEvent(sub, (e) => e.kind === 'SUBTASK_DELETED' && e.entityId === s2.body.id);

    const promoted = await member.post(`/api/subtasks/${s1.body.id}/promote`);
    expect(promoted.status).toBe(201);
    await nextEvent(sub, (e) => e.kind === 'SUBTASK_DELETED' && e.entityId === s1.body.id);
    expect(await nextEvent(sub, (e) => e.kind === 'TASK_CREATED' && e.taskId === promoted.body.id)).toMatchObject({ task: { title: 'Part 1' } });
  });

  it('shares one execution per viewer class without mixing up viewers’ rights', async () => {
    const query = 'subscription { boardEvents { kind taskId task { id viewerCan { update } } comment { id viewerCan { delete } } } }';
    type Shared = { boardEvents: { kind: string; taskId: string; task: { viewerCan: { update: boolean } } | null; comment: { viewerCan: { delete: boolean } } | null } };
    const subs = [socketFor(admin).subscribe<Shared>(query), socketFor(manager).subscribe<Shared>(query)];
    for (const sub of subs) await untilLive(sub, () => createTask(admin, { title: 'probe' }), (d, id) => d.boardEvents.taskId === id);
    const [adminSub, managerSub] = subs;

    // Task.viewerCan: the admin may change an admin's task, the manager may only read it.
    const adminsTask = await createTask(admin, { title: "Admin's", assignedToId: ids.admin });
    const match = (d: Shared) => d.boardEvents.taskId === adminsTask;
    expect((await adminSub.waitFor(match)).boardEvents.task?.viewerCan.update).toBe(true);
    expect((await managerSub.waitFor(match)).boardEvents.task?.viewerCan.update).toBe(false);

    // Both may change this task (same fingerprint), but only the admin may delete the member's comment:
    // TaskComment.viewerCan is not a reviewed field, so the answer is computed per user.
    const teamTask = await createTask(manager, { title: 'Team', assignedToId: ids.user });
    const comment = (await member.post(`/api/tasks/${teamTask}/comments`, { content: 'mine' })).body.id as string;
    const isComment = (d: Shared) => d.boardEvents.kind === 'COMMENT_CREATED' && d.boardEvents.taskId === teamTask;
    const forAdmin = (await adminSub.waitFor(isComment)).boardEvents;
    const forManager = (await managerSub.waitFor(isComment)).boardEvents;
    expect(comment).toBeTruthy();
    expect([forAdmin.task?.viewerCan.update, forManager.task?.viewerCan.update]).toEqual([true, true]);
    expect([forAdmin.comment?.viewerCan.delete, forManager.comment?.viewerCan.delete]).toEqual([true, false]);
  });

  it('shares executions only for operations whose fields cannot depend on the viewer beyond the fingerprint', async () => {
    const schema = await buildAppSchema(SERVER_MODULES);
    expect(isShareable(schema, parse(EVENT))).toBe(true);
    expect(isShareable(schema, parse('subscription { boardEvents { comment { viewerCan { delete } } } }'))).toBe(false);
    expect(isShareable(schema, parse('subscription { boardEvents { task { comments { id } } } }'))).toBe(false);
    expect(isShareable(schema, parse('subscription { boardEvents { task { assignedTo { manager { id } } } } }'))).toBe(false);
  });

  it('filters by taskId when asked', async () => {
    const watched = await createTask(admin, { title: 'Watched' });
    const sub = socketFor(admin).subscribe<Data>(EVENT, { taskId: watched });
    await untilLive(
      sub,
      async () => {
        await admin.patch(`/api/tasks/${watched}`, { description: `probe ${Math.random()}` });
        return watched;
      },
      (d, id) => d.boardEvents.taskId === id,
    );
    const other = await createTask(admin, { title: 'Not watched' });
    await admin.patch(`/api/tasks/${watched}`, { title: 'Watched, renamed' });
    await nextEvent(sub, (e) => e.task?.title === 'Watched, renamed');
    expect(sub.events.some((d) => d.boardEvents.taskId === other)).toBe(false);
  });

  it('derives the column in the time zone the socket announced', async () => {
    const sub = await liveSubscription(admin, socketFor(admin, { timeZone: 'Pacific/Kiritimati' }));
    const id = await createTask(admin, { title: 'Zoned', column: 'today' });
    const e = await nextEvent(sub, (x) => x.taskId === id);
    expect(e.task?.column).toBe('TODAY');
  });
});

describe('the socket protocol of board events (written by the fan-out, not graphql-ws)', () => {
  type Message = { id?: string; type: string; payload?: any };

  /** A raw graphql-transport-ws connection that records every message, and any that is not valid JSON. */
  async function rawSocket(client: Client) {
    const ws = new WebSocket(wsUrl(server.url), 'graphql-transport-ws', { headers: { cookie: client.cookieHeader(), origin: server.url } });
    const messages: Message[] = [];
    const invalid: string[] = [];
    ws.on('message', (data) => {
      try {
        messages.push(JSON.parse(String(data)));
      } catch {
        invalid.push(String(data));
      }
    });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const send = (m: Message) => ws.send(JSON.stringify(m));
    send({ type: 'connection_init' });
    await until(() => messages.some((m) => m.type === 'connection_ack'));
    rawSockets.push(ws);
    return { messages, invalid, send };
  }

  const rawSockets: WebSocket[] = [];
  afterAll(() => rawSockets.forEach((ws) => ws.terminate()));

  async function until(done: () => boolean, timeoutMs = 3_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  const nexts = (messages: Message[], id: string, taskId?: string) =>
    messages.filter((m) => m.type === 'next' && m.id === id && (!taskId || m.payload?.data?.boardEvents?.taskId === taskId));

  /** Makes probe changes (a task of the member's, which everyone sees) until each subscription has received one. */
  async function untilLiveRaw(sockets: { messages: Message[] }[], subIds: string[]): Promise<void> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const probe = await createTask(admin, { title: 'raw probe', assignedToId: ids.user });
      try {
        await until(() => sockets.every((s) => subIds.every((id) => nexts(s.messages, id, probe).length > 0)), 250);
        return;
      } catch {
        /* not live yet */
      }
    }
    throw new Error('never live');
  }

  it('sends valid JSON next messages, each with its own subscription id, and none after complete', async () => {
    const s = await rawSocket(admin);
    const full = 'subscription { boardEvents { kind taskId task { title } } }';
    const idsOnly = 'subscription { boardEvents { taskId } }';
    const odd = 'quote " backslash \\ </script> \u2028 end';
    s.send({ id: 'a', type: 'subscribe', payload: { query: full } });
    s.send({ id: odd, type: 'subscribe', payload: { query: full } });
    s.send({ id: 'b', type: 'subscribe', payload: { query: idsOnly } });
    await untilLiveRaw([s], ['a', odd, 'b']);

    const task = await createTask(admin, { title: 'Raw 1' });
    await until(() => [odd, 'a', 'b'].every((id) => nexts(s.messages, id, task).length > 0));
    const expected = { data: { boardEvents: { kind: 'TASK_CREATED', taskId: task, task: { title: 'Raw 1' } } } };
    expect(nexts(s.messages, 'a', task).map((m) => m.payload)).toEqual([expected]);
    expect(nexts(s.messages, odd, task).map((m) => m.payload)).toEqual([expected]);
    expect(nexts(s.messages, 'b', task).map((m) => m.payload)).toEqual([{ data: { boardEvents: { taskId: task } } }]);

    // After a client complete nothing more arrives for that id, also once the id is reused.
    s.send({ id: 'a', type: 'complete' });
    const quiet = await createTask(admin, { title: 'Raw 2' });
    await until(() => nexts(s.messages, odd, quiet).length > 0);
    const completedAt = s.messages.length;
    s.send({ id: 'a', type: 'subscribe', payload: { query: idsOnly } });
    await untilLiveRaw([s], ['a']);
    const last = await createTask(admin, { title: 'Raw 3' });
    await until(() => [odd, 'a', 'b'].every((id) => nexts(s.messages, id, last).length > 0));

    expect(nexts(s.messages, 'a', quiet)).toEqual([]);
    const reused = nexts(s.messages.slice(completedAt), 'a');
    expect(reused.every((m) => Object.keys(m.payload.data.boardEvents).join() === 'taskId')).toBe(true);
    expect(nexts(s.messages, 'a', last)).toHaveLength(1);
    expect(s.invalid).toEqual([]);
    expect(s.messages.filter((m) => m.type !== 'connection_ack' && m.type !== 'next')).toEqual([]);
  });

  it('gives subscribers with different rights on one server their own payloads', async () => {
    const query = 'subscription { boardEvents { kind taskId task { title viewerCan { update } } } }';
    const [a, m] = [await rawSocket(admin), await rawSocket(member)];
    a.send({ id: '1', type: 'subscribe', payload: { query } });
    m.send({ id: '1', type: 'subscribe', payload: { query } });
    await untilLiveRaw([a, m], ['1']);
    const mine = await createTask(manager, { title: 'For the member', assignedToId: ids.user });
    await until(() => nexts(m.messages, '1', mine).length > 0);
    expect((await manager.patch(`/api/tasks/${mine}`, { assignedToId: ids.manager })).status).toBe(200);
    await until(() => nexts(m.messages, '1', mine).length > 1 && nexts(a.messages, '1', mine).length > 1);
    expect(nexts(a.messages, '1', mine).map((x) => x.payload.data.boardEvents.kind)).toEqual(['TASK_CREATED', 'TASK_UPDATED']);
    expect(nexts(m.messages, '1', mine).map((x) => x.payload.data.boardEvents)).toEqual([
      { kind: 'TASK_CREATED', taskId: mine, task: { title: 'For the member', viewerCan: { update: true } } },
      { kind: 'TASK_REMOVED', taskId: mine, task: null },
    ]);
  });

  it('serves board events as execution results to a subscriber without a socket', async () => {
    await liveSubscription(member, socketFor(member)); // the process's fan-out is listening
    const ctx = await createContext(server.app.runtime, { userId: ids.user });
    const stream = (await subscribeShared({ schema: await buildAppSchema(SERVER_MODULES), document: parse(EVENT), contextValue: ctx })) as AsyncIterableIterator<ExecutionResult>;
    await createTask(admin, { title: 'Not for the member', assignedToId: ids.admin });
    const mine = await createTask(manager, { title: 'Pulled', assignedToId: ids.user });
    const first = await stream.next();
    expect(first.value?.data).toMatchObject({ boardEvents: { kind: 'TASK_CREATED', taskId: mine, task: { title: 'Pulled', viewerCan: { update: true } } } });
    expect(await stream.return?.()).toEqual({ done: true, value: undefined });
    expect(await stream.next()).toEqual({ done: true, value: undefined });
  });
});

describe('what a member sees', () => {
  it('gets nothing for tasks it cannot read, and a removal when a task is reassigned away', async () => {
    const sub = await liveSubscription(member, socketFor(member));
    const secret = await createTask(admin, { title: 'Admin only', assignedToId: ids.admin });
    await admin.patch(`/api/tasks/${secret}`, { title: 'Admin only, renamed' });
    await admin.patch(`/api/tasks/${secret}`, { column: 'today' });
    const secretChild = await publishChildEvent('COMMENT_CREATED', secret, async (ctx) => {
      const c = Object.assign(new TaskComment(), { taskId: secret, userId: ids.admin, content: 'hidden' });
      ctx.em.persist(c);
      return c.id;
    });
    await admin.delete(`/api/tasks/${secret}`);

    const mine = await createTask(manager, { title: 'For the member', assignedToId: ids.user });
    const created = await nextEvent(sub, (e) => e.taskId === mine);
    expect(created).toMatchObject({ kind: 'TASK_CREATED', task: { title: 'For the member', viewerCan: { update: true } } });

    await manager.patch(`/api/tasks/${mine}`, { assignedToId: ids.manager });
    const removed = await nextEvent(sub, (e) => e.taskId === mine && e.kind !== 'TASK_CREATED');
    expect(removed).toMatchObject({ kind: 'TASK_REMOVED', task: null, subtask: null, comment: null, subtaskCount: null, commentCount: null });

    // Further changes to the task it no longer reads do not reach it; a readable change does, in order.
    await manager.patch(`/api/tasks/${mine}`, { title: 'Now the manager’s' });
    const marker = await createTask(member, { title: 'marker' });
    await nextEvent(sub, (e) => e.taskId === marker);
    const seen = sub.events.map((d) => d.boardEvents);
    expect(seen.some((e) => e.taskId === secret || e.entityId === secretChild)).toBe(false);
    expect(seen.filter((e) => e.taskId === mine).map((e) => e.kind)).toEqual(['TASK_CREATED', 'TASK_REMOVED']);
  });

  it('gets a deletion of a task it could read', async () => {
    const sub = await liveSubscription(member, socketFor(member));
    const id = await createTask(manager, { title: 'Doomed', assignedToId: ids.user });
    await nextEvent(sub, (e) => e.taskId === id);
    await manager.delete(`/api/tasks/${id}`);
    expect(await nextEvent(sub, (e) => e.taskId === id && e.kind === 'TASK_DELETED')).toMatchObject({ task: null });
  });
});

describe('socket security', () => {
  it('refuses anonymous sockets (without a cookie the upgrade waits for a token in connection_init, then 4401)', async () => {
    expect(await probeUpgrade(server.url, { origin: server.url })).toEqual({ closeCode: 4401 });
    const anon = openSocket(server.url);
    sockets.push(anon);
    const sub = anon.subscribe(EVENT);
    await sub.done;
    expect(sub.events).toEqual([]);
  });

  it('refuses a foreign Origin at the upgrade with 403, even with a valid session', async () => {
    expect(await probeUpgrade(server.url, { origin: 'https://evil.example', cookie: admin.cookieHeader() })).toEqual({ status: 403 });
    expect(await probeUpgrade(server.url, { origin: 'null', cookie: admin.cookieHeader() })).toEqual({ status: 403 });
  });

  it('closes a socket with an unknown or forged session cookie with 4401 (session ended), before graphql-ws', async () => {
    expect(await probeUpgrade(server.url, { origin: server.url, cookie: 'lwf.sid=s%3Aforged.signature' })).toEqual({ closeCode: 4401 });
  });

  it('applies depth, alias and cost limits and serves only subscriptions over the socket', async () => {
    const s = socketFor(admin);
    const aliases = Array.from({ length: 40 }, (_, i) => `a${i}: seq`).join(' ');
    const tooMany = s.subscribe(`subscription { boardEvents { ${aliases} } }`);
    expect(String(((await tooMany.done) as { message?: string }[])[0]?.message ?? await tooMany.done)).toMatch(/Aliases limit of 30 exceeded/);

    const query = s.subscribe('query { me { username } }');
    expect(JSON.stringify(await query.done)).toMatch(/Only subscriptions are served over the WebSocket/);

    const mutation = s.subscribe('mutation { logout }');
    expect(JSON.stringify(await mutation.done)).toMatch(/Only subscriptions/);
    expect((await admin.get('/api/auth/me')).status).toBe(200);

    const invalid = s.subscribe('subscription { boardEvents { nope } }');
    expect(JSON.stringify(await invalid.done)).toMatch(/Cannot query field .*nope/);
  });

  it('closes the sockets of the session that logged out (4401), not the user’s other sessions', async () => {
    const first = await signedIn(server.url, 'user');
    const second = await signedIn(server.url, 'user');
    const s1 = socketFor(first);
    const s2 = socketFor(second);
    await liveSubscription(first, s1);
    const sub2 = await liveSubscription(second, s2);
    expect((await first.post('/api/auth/logout')).status).toBe(200);
    expect(await s1.closed).toBe(4401);
    const id = await createTask(second, { title: 'still live' });
    await nextEvent(sub2, (e) => e.taskId === id);

    expect((await second.gql('mutation { logout }')).data).toEqual({ logout: true });
    expect(await s2.closed).toBe(4401);
    // The ended session cannot open a new socket: it is told why (4401), as the page must show its sign-in screen.
    expect(await probeUpgrade(server.url, { origin: server.url, cookie: second.cookieHeader() || 'lwf.sid=none' })).toEqual({ closeCode: 4401 });
  });

  it('closes a socket whose session ended between its upgrade and connection_init with 4401', async () => {
    const c = await signedIn(server.url, 'user');
    const ws = new WebSocket(wsUrl(server.url), 'graphql-transport-ws', { headers: { cookie: c.cookieHeader(), origin: server.url } });
    const closed = new Promise<number>((resolve) => ws.once('close', resolve));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    expect((await c.post('/api/auth/logout')).status).toBe(200);
    ws.send(JSON.stringify({ type: 'connection_init' }));
    expect(await closed).toBe(4401);
  });

  it('closes every socket of a user who is deactivated or deleted (endUserSessions)', async () => {
    const c = await signedIn(server.url, 'manager');
    const s = socketFor(c);
    await liveSubscription(c, s);
    const ctx = await createContext(server.app.runtime, { userId: ids.admin });
    await endUserSessions(ctx, ids.manager, 'deactivated');
    expect(await s.closed).toBe(4401);
    expect((await c.get('/api/auth/me')).status).toBe(401);
    manager = await signedIn(server.url, 'manager');
  });
});

describe('catch-up with taskChanges(since)', () => {
  const CHANGES = `query($since: Int!, $first: Int) { taskChanges(since: $since, first: $first) {
    latestSeq nextSince hasMore resetRequired events { seq kind taskId task { id title } } } }`;

  it('returns exactly the changes after since that the viewer may see', async () => {
    const head = await member.gql(CHANGES, { since: 0, first: 0 });
    expect(head.errors).toBeUndefined();
    const since = head.data.taskChanges.latestSeq as number;
    expect(head.data.taskChanges.events).toEqual([]);
    expect(since).toBeGreaterThan(0);

    // What happens while the member's connection is down:
    const visible = await createTask(manager, { title: 'Missed 1', assignedToId: ids.user });
    const hidden = await createTask(admin, { title: 'Not for the member' });
    await manager.patch(`/api/tasks/${visible}`, { title: 'Missed 1, renamed' });
    const leaving = await createTask(manager, { title: 'Leaving', assignedToId: ids.user });
    await manager.patch(`/api/tasks/${leaving}`, { assignedToId: ids.manager });
    const gone = await createTask(member, { title: 'Gone' });
    await member.delete(`/api/tasks/${gone}`);

    const res = await member.gql(CHANGES, { since });
    expect(res.errors).toBeUndefined();
    const changes = res.data.taskChanges;
    expect(changes.resetRequired).toBe(false);
    expect(changes.hasMore).toBe(false);
    expect(changes.events.map((e: Ev) => [e.kind, e.taskId, e.task?.title ?? null])).toEqual([
      ['TASK_CREATED', visible, 'Missed 1, renamed'],
      ['TASK_UPDATED', visible, 'Missed 1, renamed'],
      ['TASK_REMOVED', leaving, null],
      ['TASK_REMOVED', leaving, null],
      ['TASK_CREATED', gone, null],
      ['TASK_DELETED', gone, null],
    ]);
    expect(changes.events.some((e: Ev) => e.taskId === hidden)).toBe(false);
    expect(changes.latestSeq).toBe(changes.events.at(-1).seq);

    // The admin sees every change, and can page through them.
    const all = await admin.gql(CHANGES, { since });
    expect(all.data.taskChanges.events).toHaveLength(7);
    const page1 = await admin.gql(CHANGES, { since, first: 4 });
    expect(page1.data.taskChanges).toMatchObject({ hasMore: true });
    expect(page1.data.taskChanges.events).toHaveLength(4);
    const page2 = await admin.gql(CHANGES, { since: page1.data.taskChanges.nextSince, first: 4 });
    expect(page2.data.taskChanges.hasMore).toBe(false);
    expect([...page1.data.taskChanges.events, ...page2.data.taskChanges.events]).toEqual(all.data.taskChanges.events);
  });

  it('validates its arguments and requires a session', async () => {
    expect((await member.gql(CHANGES, { since: -1 })).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect((await member.gql(CHANGES, { since: 0, first: 501 })).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect((await new Client(server.url).gql(CHANGES, { since: 0 })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const ahead = await member.gql(CHANGES, { since: 10_000_000 });
    expect(ahead.data.taskChanges.resetRequired).toBe(true);
  });

  it('prunes events older than 7 days but keeps the newest, and tells clients that fell behind to refetch', async () => {
    const em = server.app.runtime.orm.em.fork();
    const old = Object.assign(new TaskEvent(), { kind: 'TASK_UPDATED', taskId: '00000000-0000-4000-8000-000000000000', readers: [], createdAt: new Date(Date.now() - 8 * 86_400_000) });
    await em.persistAndFlush(old);
    const latest = (await admin.gql(CHANGES, { since: 0, first: 0 })).data.taskChanges.latestSeq as number;
    // Everything so far is "old" when the clock is 8 days ahead: all but the newest row go.
    const pruned = await pruneTaskEvents(server.app.runtime.orm, new Date(Date.now() + 8 * 86_400_000));
    expect(pruned).toBeGreaterThan(1);
    const after = await admin.gql(CHANGES, { since: 1 });
    expect(after.data.taskChanges).toMatchObject({ resetRequired: true, latestSeq: latest });
    expect(after.data.taskChanges.events.map((e: Ev) => e.seq)).toEqual([latest]);
    const fresh = await admin.gql(CHANGES, { since: latest });
    expect(fresh.data.taskChanges).toMatchObject({ resetRequired: false, events: [] });
    const id = await createTask(admin, { title: 'after pruning' });
    const next = await admin.gql(CHANGES, { since: latest });
    expect(next.data.taskChanges.events.map((e: Ev) => e.taskId)).toEqual([id]);
    expect(next.data.taskChanges.latestSeq).toBeGreaterThan(latest);
  });
});
