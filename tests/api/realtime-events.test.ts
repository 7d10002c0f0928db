import { describe, expect, it } from 'vitest';
import { Client } from './support/client.js';
import { untilLive } from './support/ws.js';
import { createContext } from '../../api/common/context.js';
import { publishStagedEvents, stageTaskEvent, taskReaders } from '../../api/realtime/task-events.js';
import { pruneTaskEvents } from '../../api/realtime/board.service.js';
import { TaskEvent } from '../../api/realtime/task-event.entity.js';
import { Subtask } from '../../api/modules/subtask/subtask.entity.js';
import { TaskComment } from '../../api/modules/comment/comment.entity.js';
import { Task } from '../../api/modules/task/task.entity.js';
import type { BoardEventKind } from '../../api/realtime/topics.js';
import { isShareable } from '../../api/realtime/shared-execution.js';
import { SERVER_MODULES } from '../../api/modules/index.js';
import { buildAppSchema } from '../../api/graphql/schema.js';
import { parse } from 'graphql';
import {
  EVENT,
  admin,
  createTask,
  ids,
  liveSubscription,
  manager,
  member,
  nextEvent,
  server,
  socketFor,
  useBoardServer,
  type Data,
  type Ev,
} from './support/board-events.js';

useBoardServer();

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
      taskId,
      subtask: { title: 'Part 1' },
      subtaskCount: { total: 1, done: 0 },
      actorId: ids.user,
    });
    expect((await member.patch(`/api/subtasks/${s1.body.id}`, { status: 'Done' })).status).toBe(200);
    expect(await nextEvent(sub, (e) => e.kind === 'SUBTASK_UPDATED' && e.entityId === s1.body.id)).toMatchObject({ subtaskCount: { total: 1, done: 1 } });

    const c = await member.post(`/api/tasks/${taskId}/comments`, { content: 'On it' });
    expect(c.status).toBe(201);
    expect(await nextEvent(sub, (e) => e.kind === 'COMMENT_CREATED' && e.entityId === c.body.id)).toMatchObject({
      comment: { content: 'On it' },
      commentCount: 1,
    });
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
    type Shared = {
      boardEvents: { kind: string; taskId: string; task: { viewerCan: { update: boolean } } | null; comment: { viewerCan: { delete: boolean } } | null };
    };
    const subs = [socketFor(admin).subscribe<Shared>(query), socketFor(manager).subscribe<Shared>(query)];
    for (const sub of subs)
      await untilLive(
        sub,
        () => createTask(admin, { title: 'probe' }),
        (d, id) => d.boardEvents.taskId === id,
      );
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
    const old = Object.assign(new TaskEvent(), {
      kind: 'TASK_UPDATED',
      taskId: '00000000-0000-4000-8000-000000000000',
      readers: [],
      createdAt: new Date(Date.now() - 8 * 86_400_000),
    });
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
