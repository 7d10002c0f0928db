import { afterAll, describe, expect, it } from 'vitest';
import { signedIn, type Client } from './support/client.js';
import { openSocket, probeUpgrade, wsUrl } from './support/ws.js';
import { createContext } from '../../api/common/context.js';
import { endUserSessions } from '../../api/auth/auth.service.js';
import { subscribeShared } from '../../api/realtime/shared-execution.js';
import { SERVER_MODULES } from '../../api/modules/index.js';
import { buildAppSchema } from '../../api/graphql/schema.js';
import { parse, type ExecutionResult } from 'graphql';
import WebSocket from 'ws';
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
  setManager,
  socketFor,
  sockets,
  useBoardServer,
} from './support/board-events.js';

useBoardServer();

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
    const stream = (await subscribeShared({
      schema: await buildAppSchema(SERVER_MODULES),
      document: parse(EVENT),
      contextValue: ctx,
    })) as AsyncIterableIterator<ExecutionResult>;
    await createTask(admin, { title: 'Not for the member', assignedToId: ids.admin });
    const mine = await createTask(manager, { title: 'Pulled', assignedToId: ids.user });
    const first = await stream.next();
    expect(first.value?.data).toMatchObject({ boardEvents: { kind: 'TASK_CREATED', taskId: mine, task: { title: 'Pulled', viewerCan: { update: true } } } });
    expect(await stream.return?.()).toEqual({ done: true, value: undefined });
    expect(await stream.next()).toEqual({ done: true, value: undefined });
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
    expect(String(((await tooMany.done) as { message?: string }[])[0]?.message ?? (await tooMany.done))).toMatch(/Aliases limit of 30 exceeded/);

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
    // Its sessions ended: the suite's manager signs in again for whatever runs after.
    setManager(await signedIn(server.url, 'manager'));
  });
});
