import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, startServerPair, usingPostgres, type ServerPair, type TestServer } from './support/server.js';
import { Client, signedIn } from './support/client.js';
import { newTask, people, type DemoName, type Person } from './support/task-helpers.js';
import { openSocket, type Socket, type Subscription } from './support/ws.js';

/** Entries live this long without a heartbeat here (PRESENCE_TTL_MS), so expiry is seen quickly; the helpers renew 4 times per ttl. */
const TTL_MS = 1_500;
const WAIT_MS = 10_000;

const TASK_PRESENCE = `subscription ($taskId: ID!, $clientId: String!) {
  taskPresence(taskId: $taskId, clientId: $clientId) { taskId viewers { user { id firstName } editing since } }
}`;
const BOARD_PRESENCE = 'subscription { boardPresence { taskId viewers { user { id } editing } } }';
const ANNOUNCE =
  'mutation ($taskId: ID!, $clientId: String!, $editing: Boolean!) { announcePresence(taskId: $taskId, clientId: $clientId, editing: $editing) }';

type Viewers = { user: { id: string }; editing: boolean }[];
type TaskData = { taskPresence: { taskId: string; viewers: Viewers } };
type BoardData = { boardPresence: { taskId: string; viewers: Viewers } };

const newClientId = () => randomBytes(8).toString('hex');
const sockets: Socket[] = [];
const timers: NodeJS.Timeout[] = [];

function socketOn(server: TestServer, client: Client): Socket {
  const s = openSocket(server.url, { cookie: client.cookieHeader() });
  sockets.push(s);
  return s;
}

/** Who the subscriber sees, as `id` or `id:editing`. */
const seen = (viewers: Viewers) => viewers.map((v) => (v.editing ? `${v.user.id}:editing` : v.user.id)).sort();
const same = (a: string[], b: string[]) => JSON.stringify(a) === JSON.stringify([...b].sort());

/** Waits for the subscription's next event (or the end of the wait that started at `started`). */
async function nextOf<T>(sub: Subscription<T>, started: number): Promise<void> {
  const count = sub.events.length;
  const left = Math.max(1, WAIT_MS - (Date.now() - started));
  await sub.waitFor((d) => sub.events.indexOf(d) >= count, left).catch(() => {});
}

/** Waits until the subscriber's newest list of the task is `expected`. */
async function untilSees(sub: Subscription<TaskData>, expected: string[]): Promise<void> {
  const started = Date.now();
  for (;;) {
    const last = sub.events.at(-1);
    if (last && same(seen(last.taskPresence.viewers), expected)) return;
    if (Date.now() - started > WAIT_MS) throw new Error(`Expected ${JSON.stringify(expected)}, got ${JSON.stringify(sub.results)}`);
    await nextOf(sub, started);
  }
}

/** Waits until the board subscriber's newest list of `taskId` is `expected`. */
async function untilBoardSees(sub: Subscription<BoardData>, taskId: string, expected: string[]): Promise<void> {
  const started = Date.now();
  for (;;) {
    const last = sub.events.filter((d) => d.boardPresence.taskId === taskId).at(-1);
    if (same(seen(last?.boardPresence.viewers ?? []), expected) && (last || expected.length === 0)) return;
    if (Date.now() - started > WAIT_MS) throw new Error(`Expected ${JSON.stringify(expected)} on ${taskId}, got ${JSON.stringify(sub.results)}`);
    await nextOf(sub, started);
  }
}

async function announce(client: Client, taskId: string, clientId: string, editing: boolean) {
  return client.gql<{ announcePresence: boolean }>(ANNOUNCE, { taskId, clientId, editing });
}

/** Opens the task as the web client does: subscribes and renews with heartbeats; `editing()` is read at each renewal. */
function open(server: TestServer, client: Client, taskId: string, editing: () => boolean = () => false) {
  const clientId = newClientId();
  const socket = socketOn(server, client);
  const sub = socket.subscribe<TaskData>(TASK_PRESENCE, { taskId, clientId });
  const timer = setInterval(() => void announce(client, taskId, clientId, editing()).catch(() => {}), TTL_MS / 4);
  timers.push(timer);
  return { socket, sub, clientId, stop: () => clearInterval(timer) };
}

/** The error code a refused subscription ended with. */
async function refusedCode(sub: Subscription<unknown>): Promise<unknown> {
  const ended = await sub.done;
  const fromResult = sub.results.find((r) => r.errors)?.errors?.[0]?.extensions?.code;
  if (fromResult) return fromResult;
  return Array.isArray(ended) ? (ended[0] as { extensions?: { code?: string } })?.extensions?.code : undefined;
}

afterAll(async () => {
  for (const t of timers) clearInterval(t);
  await Promise.all(sockets.map((s) => s.dispose().catch(() => {})));
});

describe('who is here now (one server)', () => {
  let server: TestServer;
  let p: Record<DemoName, Person>;
  /** A second member: reads only their own tasks. */
  let mia: Person;

  beforeAll(async () => {
    const redis: Record<string, string> = usingPostgres() && process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {};
    server = await startServer({ env: { PRESENCE_TTL_MS: String(TTL_MS), ...redis } });
    p = await people(server);
    const created = await p.admin.client.post('/api/users', {
      username: 'mia',
      email: 'mia@example.com',
      firstName: 'Mia',
      lastName: 'Member',
      role: 'member',
      password: 'mia-pass-123',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    mia = { client: await signedIn(server.url, 'mia', 'mia-pass-123'), id: created.body.id, username: 'mia' };
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a second reader sees the first and their editing flag; the board shows them on the card', async () => {
    const task = await newTask(p.user.client, { title: 'Open together', assignedToId: p.user.id });
    const board = socketOn(server, p.manager.client).subscribe<BoardData>(BOARD_PRESENCE);
    const maya = open(server, p.manager.client, task.id);
    await untilSees(maya.sub, []);
    let editing = false;
    const uri = open(server, p.user.client, task.id, () => editing);
    await untilSees(uri.sub, [p.manager.id]);
    await untilSees(maya.sub, [p.user.id]);
    await untilBoardSees(board, task.id, [p.user.id]);

    editing = true;
    expect((await announce(p.user.client, task.id, uri.clientId, true)).data?.announcePresence).toBe(true);
    await untilSees(maya.sub, [`${p.user.id}:editing`]);
    await untilBoardSees(board, task.id, [`${p.user.id}:editing`]);
    editing = false;
    await announce(p.user.client, task.id, uri.clientId, false);
    await untilSees(maya.sub, [p.user.id]);

    // Closing the view (unsubscribing) drops it at once, for the task and the board.
    uri.stop();
    uri.sub.unsubscribe();
    await untilSees(maya.sub, []);
    await untilBoardSees(board, task.id, []);
    maya.stop();
  });

  it('a non-reader cannot subscribe or announce (NOT_FOUND, as for a missing task) and the board never shows the task', async () => {
    const task = await newTask(p.user.client, { title: 'Not for Mia', assignedToId: p.user.id });
    const board = socketOn(server, mia.client).subscribe<BoardData>(BOARD_PRESENCE);
    const uri = open(server, p.user.client, task.id);

    const refused = socketOn(server, mia.client).subscribe(TASK_PRESENCE, { taskId: task.id, clientId: newClientId() });
    expect(await refusedCode(refused)).toBe('NOT_FOUND');
    const missing = socketOn(server, mia.client).subscribe(TASK_PRESENCE, { taskId: '00000000-0000-4000-8000-000000000000', clientId: newClientId() });
    expect(await refusedCode(missing)).toBe('NOT_FOUND');
    const announced = await announce(mia.client, task.id, newClientId(), true);
    expect(announced.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(announced.errors?.[0]?.message).toBe((await announce(mia.client, '00000000-0000-4000-8000-000000000000', newClientId(), true)).errors?.[0]?.message);

    // Mia's own task, opened by Uri's manager, reaches her board after anything about Uri's task would have.
    const own = await newTask(mia.client, { title: 'Mia alone' });
    const maya = open(server, p.manager.client, own.id);
    await untilBoardSees(board, own.id, [p.manager.id]);
    expect(board.events.some((d) => d.boardPresence.taskId === task.id)).toBe(false);
    uri.stop();
    maya.stop();
  });

  it('a reader who loses access stops receiving, and leaves the others’ lists', async () => {
    const task = await newTask(p.admin.client, { title: 'Handed over', assignedToId: p.user.id });
    const admin = open(server, p.admin.client, task.id);
    const uri = open(server, p.user.client, task.id);
    await untilSees(admin.sub, [p.user.id]);
    await untilSees(uri.sub, [p.admin.id]);
    const moved = await p.admin.client.patch(`/api/tasks/${task.id}`, { assignedToId: mia.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await uri.sub.done;
    uri.stop();
    await untilSees(admin.sub, []);
    expect((await announce(p.user.client, task.id, uri.clientId, false)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    admin.stop();
  });

  it('a dropped socket drops the view at once; a view that stops renewing expires', async () => {
    const task = await newTask(p.user.client, { title: 'Come and go', assignedToId: p.user.id });
    const maya = open(server, p.manager.client, task.id);
    const uri = open(server, p.user.client, task.id);
    await untilSees(maya.sub, [p.user.id]);
    uri.stop();
    await uri.socket.dispose();
    await untilSees(maya.sub, []);

    // Announced over HTTP only (a tab whose socket never came back): gone within the ttl without renewals.
    expect((await announce(p.admin.client, task.id, newClientId(), false)).data?.announcePresence).toBe(true);
    await untilSees(maya.sub, [p.admin.id]);
    await untilSees(maya.sub, []);
    maya.stop();
  });

  it('refuses a malformed view id', async () => {
    const task = await newTask(p.user.client, { title: 'Bad id' });
    const res = await announce(p.user.client, task.id, 'x', false);
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;

describe.skipIf(!usingPostgres() || !DATABASE_URL || !REDIS_URL)('who is here now across two server processes (Redis)', () => {
  let pair: ServerPair | undefined;

  beforeAll(async () => {
    pair = await startServerPair(DATABASE_URL!, REDIS_URL!, 'presence', { env: { PRESENCE_TTL_MS: String(TTL_MS) } });
  });
  afterAll(async () => {
    await pair?.close();
  });

  it('a view on A is seen on B, with its editing flag, its leave and its expiry', async () => {
    const { a, b } = pair!;
    const user = await signedIn(a.url, 'user');
    const manager = await signedIn(b.url, 'manager');
    const admin = await signedIn(a.url, 'admin');
    const userId = (await user.get('/api/auth/me')).body.id as string;
    const managerId = (await manager.get('/api/auth/me')).body.id as string;
    const adminId = (await admin.get('/api/auth/me')).body.id as string;
    const task = await newTask(user, { title: 'Two processes', assignedToId: userId });

    const board = socketOn(b, manager).subscribe<BoardData>(BOARD_PRESENCE);
    const maya = open(b, manager, task.id);
    let editing = false;
    const uri = open(a, user, task.id, () => editing);
    await untilSees(uri.sub, [managerId]);
    await untilSees(maya.sub, [userId]);
    await untilBoardSees(board, task.id, [userId]);

    editing = true;
    await announce(user, task.id, uri.clientId, true);
    await untilSees(maya.sub, [`${userId}:editing`]);

    uri.stop();
    await uri.socket.dispose();
    await untilSees(maya.sub, []);
    await untilBoardSees(board, task.id, []);

    // Announced on A only, never renewed: B drops it when it expires.
    await announce(admin, task.id, newClientId(), false);
    await untilSees(maya.sub, [adminId]);
    await untilSees(maya.sub, []);
    maya.stop();
  });
});
