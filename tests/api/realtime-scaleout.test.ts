import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerPair, type ServerPair, type TestServer } from './support/server.js';
import { signedIn, type Client } from './support/client.js';
import { openSocket, untilLive, type Socket } from './support/ws.js';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const EVENT = 'subscription { boardEvents { seq kind taskId task { id title assignedToId } } }';
type Data = { boardEvents: { seq: number; kind: string; taskId: string; task: { id: string; title: string } | null } };

describe.skipIf(!DATABASE_URL || !REDIS_URL)('scale-out: two servers on one PostgreSQL database and one Redis', () => {
  let pair: ServerPair | undefined;
  let a: TestServer;
  let b: TestServer;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    pair = await startServerPair(DATABASE_URL!, REDIS_URL!, 'scaleout');
    ({ a, b } = pair);
  });

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.dispose().catch(() => {})));
    await pair?.close();
  });

  /** A socket on `server` carrying the cookie `client` got from wherever it signed in. */
  const socketOn = (server: TestServer, client: Client) => {
    const s = openSocket(server.url, { cookie: client.cookieHeader() });
    sockets.push(s);
    return s;
  };

  async function live(server: TestServer, client: Client, prober: Client) {
    const sub = socketOn(server, client).subscribe<Data>(EVENT);
    await untilLive(
      sub,
      async () => (await prober.post('/api/tasks', { title: `probe ${Math.random()}` })).body.id,
      (d, id) => d.boardEvents.taskId === id,
    );
    return sub;
  }

  it('shares sign-ins: a session made on A works on B (REST and GraphQL)', async () => {
    const onA = await signedIn(a.url, 'manager');
    const me = await fetch(`${b.url}/api/auth/me`, { headers: { cookie: onA.cookieHeader() } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as any).username).toBe('manager');
    const gql = await fetch(`${b.url}/graphql`, {
      method: 'POST',
      headers: { cookie: onA.cookieHeader(), 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ me { username } }' }),
    });
    expect(((await gql.json()) as any).data.me.username).toBe('manager');
  });

  it('delivers a change made through REST on A to a subscriber on B within a second', async () => {
    const admin = await signedIn(a.url, 'admin');
    const sub = await live(b, admin, admin);
    const started = Date.now();
    const res = await admin.post('/api/tasks', { title: 'Made on A' });
    expect(res.status).toBe(201);
    const event = await sub.waitFor((d) => d.boardEvents.taskId === res.body.id, 1_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(event.boardEvents).toMatchObject({ kind: 'TASK_CREATED', task: { title: 'Made on A' } });
  });

  it('and from B to A, still filtered by each subscriber’s permissions', async () => {
    const member = await signedIn(b.url, 'user');
    const admin = await signedIn(b.url, 'admin');
    const sub = await live(a, member, member);
    const hidden = (await admin.post('/api/tasks', { title: 'Admin only', assignedToId: null })).body.id;
    const mine = await admin.gql('mutation($i: TaskInput!) { createTask(input: $i) { id } }', {
      i: { title: 'For user', assignedToId: (await member.get('/api/auth/me')).body.id },
    });
    const id = mine.data.createTask.id;
    await sub.waitFor((d) => d.boardEvents.taskId === id, 1_000);
    expect(sub.events.some((d) => d.boardEvents.taskId === hidden)).toBe(false);
  });

  it('logout on A closes the socket opened on B with that session (4401)', async () => {
    const user = await signedIn(a.url, 'user');
    const s = socketOn(b, user);
    const sub = s.subscribe<Data>(EVENT);
    await untilLive(
      sub,
      async () => (await user.post('/api/tasks', { title: `probe ${Math.random()}` })).body.id,
      (d, id) => d.boardEvents.taskId === id,
    );
    expect((await user.post('/api/auth/logout')).status).toBe(200);
    expect(await s.closed).toBe(4401);
  });

  it('catch-up on B includes changes made on A', async () => {
    const admin = await signedIn(a.url, 'admin');
    const head = (await admin.gql('{ taskChanges(since: 0, first: 0) { latestSeq } }')).data.taskChanges.latestSeq;
    const id = (await admin.post('/api/tasks', { title: 'Missed on B' })).body.id;
    const onB = await fetch(`${b.url}/graphql`, {
      method: 'POST',
      headers: { cookie: admin.cookieHeader(), 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ taskChanges(since: ${head}) { events { kind taskId } } }` }),
    });
    expect(((await onB.json()) as any).data.taskChanges.events).toEqual([{ kind: 'TASK_CREATED', taskId: id }]);
  });
});
