import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, startServerPair, usingPostgres, type ServerPair, type TestServer } from './support/server.js';
import { Client, signedIn } from './support/client.js';
import { openSocket, untilLive, type Socket, type Subscription } from './support/ws.js';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
/** On PostgreSQL with Redis at hand, sessions live in Redis (RedisSessionStore); otherwise in the database. */
const SESSION_ENV: Record<string, string> = usingPostgres() && REDIS_URL ? { REDIS_URL } : {};
const PER_USER = 3;

const EVENT = 'subscription { boardEvents { seq kind taskId } }';
type Data = { boardEvents: { seq: number; kind: string; taskId: string } };
const CHANGE_PASSWORD = `mutation($input: ChangePasswordInput!) {
  changePassword(input: $input) { apiTokens { id name createdAt lastUsedAt } }
}`;

let server: TestServer;
let admin: Client;
const sockets: Socket[] = [];
let counter = 0;

interface Person {
  id: string;
  username: string;
  password: string;
}

/** A new member with a password (unique per test, so per-username limits never meet). */
async function newPerson(prefix: string, by: Client = admin): Promise<Person> {
  const username = `${prefix}${counter++}`;
  const password = `${username}-pass-1`;
  const res = await by.post('/api/users', { username, email: `${username}@example.com`, password });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id, username, password };
}

/** A socket on `target` with `client`'s session cookie and a live boardEvents subscription. */
async function liveSocket(client: Client, target: TestServer = server): Promise<{ socket: Socket; sub: Subscription<Data> }> {
  const socket = openSocket(target.url, { cookie: client.cookieHeader() });
  sockets.push(socket);
  const sub = socket.subscribe<Data>(EVENT);
  await untilLive(
    sub,
    () => probe(client),
    (d, id) => d.boardEvents.taskId === id,
  );
  return { socket, sub };
}

/** Creates a task as `client` (who sees it): its id. */
async function probe(client: Client): Promise<string> {
  const res = await client.post('/api/tasks', { title: `probe ${Math.random()}` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** The status of GET /api/auth/me with a cookie captured earlier (not through the client, whose jar may have changed). */
const meWith = async (target: TestServer, cookie: string) => (await fetch(`${target.url}/api/auth/me`, { headers: { cookie } })).status;

const loginStatus = async (username: string, password: string, target: TestServer = server) =>
  (await new Client(target.url).post('/api/auth/login', { username, password })).status;

beforeAll(async () => {
  server = await startServer({ env: { ...SESSION_ENV, LOGIN_LIMIT_PER_USER: String(PER_USER), LOGIN_LIMIT_PER_IP: '10000' } });
  admin = await signedIn(server.url, 'admin');
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.dispose().catch(() => {})));
  await server?.close();
});

describe('an admin resets a password', () => {
  it('ends every session of the user and closes their sockets; their API token keeps working (REST)', async () => {
    const p = await newPerson('reset');
    const first = await signedIn(server.url, p.username, p.password);
    const second = await signedIn(server.url, p.username, p.password);
    const token = (await first.post('/api/tokens', { name: 'CI' })).body.token as string;
    const { socket } = await liveSocket(first);
    const tokenSocket = openSocket(server.url, { connectionParams: { authorization: `Bearer ${token}` } });
    sockets.push(tokenSocket);
    const tokenSub = tokenSocket.subscribe<Data>(EVENT);
    await untilLive(
      tokenSub,
      () => probe(first),
      (d, id) => d.boardEvents.taskId === id,
    );
    const cookies = [first.cookieHeader(), second.cookieHeader()];
    expect(await meWith(server, cookies[0])).toBe(200);

    const res = await admin.patch(`/api/users/${p.id}`, { password: 'brand-new-pass' });
    expect(res.status).toBe(200);

    expect(await meWith(server, cookies[0])).toBe(401);
    expect(await meWith(server, cookies[1])).toBe(401);
    expect(await socket.closed).toBe(4401);
    expect(await loginStatus(p.username, p.password)).toBe(401);
    expect(await loginStatus(p.username, 'brand-new-pass')).toBe(200);
    // The token was not revoked: it still answers, and its socket still delivers.
    const script = new Client(server.url, { authorization: `Bearer ${token}` });
    expect((await script.get('/api/auth/me')).status).toBe(200);
    const later = await probe(script);
    await tokenSub.waitFor((d) => d.boardEvents.taskId === later);
    // The admin's own session was not touched.
    expect((await admin.get('/api/auth/me')).status).toBe(200);
  });

  it('GraphQL updateUser with a password ends the sessions too', async () => {
    const p = await newPerson('gqlreset');
    const session = await signedIn(server.url, p.username, p.password);
    const cookie = session.cookieHeader();
    const res = await admin.gql('mutation($id: ID!, $input: UserInput!) { updateUser(id: $id, input: $input) { id } }', {
      id: p.id,
      input: { password: 'another-pass-2' },
    });
    expect(res.errors).toBeUndefined();
    expect(await meWith(server, cookie)).toBe(401);
    expect(await loginStatus(p.username, 'another-pass-2')).toBe(200);
  });

  it('an admin resetting their own password through the user form keeps their current session and ends the others', async () => {
    const boss = await newPerson('boss');
    expect((await admin.patch(`/api/users/${boss.id}`, { role: 'admin' })).status).toBe(200);
    const here = await signedIn(server.url, boss.username, boss.password);
    const elsewhere = await signedIn(server.url, boss.username, boss.password);
    const cookie = elsewhere.cookieHeader();
    expect((await here.patch(`/api/users/${boss.id}`, { password: 'boss-new-pass' })).status).toBe(200);
    expect((await here.get('/api/auth/me')).status).toBe(200);
    expect(await meWith(server, cookie)).toBe(401);
  });

  it('a member or manager cannot reset another person’s password: 403, and nothing changes', async () => {
    const p = await newPerson('victim');
    const session = await signedIn(server.url, p.username, p.password);
    const member = await signedIn(server.url, 'user');
    const manager = await signedIn(server.url, 'manager');
    for (const caller of [member, manager]) {
      const rest = await caller.patch(`/api/users/${p.id}`, { password: 'taken-over-1' });
      expect(rest.status).toBe(403);
      const gql = await caller.gql('mutation($id: ID!, $input: UserInput!) { updateUser(id: $id, input: $input) { id } }', {
        id: p.id,
        input: { password: 'taken-over-1' },
      });
      expect(gql.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    expect((await session.get('/api/auth/me')).status).toBe(200);
    expect(await loginStatus(p.username, 'taken-over-1')).toBe(401);
    expect(await loginStatus(p.username, p.password)).toBe(200);
  });
});

describe('people change their own password', () => {
  it('REST: keeps the current session and socket, ends the other session and its socket, lists the API tokens', async () => {
    const p = await newPerson('self');
    const here = await signedIn(server.url, p.username, p.password);
    const other = await signedIn(server.url, p.username, p.password);
    const created = (await here.post('/api/tokens', { name: 'Deploy script' })).body;
    const mine = await liveSocket(here);
    const theirs = await liveSocket(other);
    const otherCookie = other.cookieHeader();

    const res = await here.post('/api/auth/password', { currentPassword: p.password, newPassword: 'self-new-pass-9' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.apiTokens).toEqual([{ id: created.id, name: 'Deploy script', createdAt: created.createdAt, lastUsedAt: null }]);
    expect(JSON.stringify(res.body)).not.toMatch(/lwf_|tokenHash|passwordHash/);

    expect((await here.get('/api/auth/me')).status).toBe(200);
    expect(await meWith(server, otherCookie)).toBe(401);
    expect(await theirs.socket.closed).toBe(4401);
    // The current session's socket is still open and delivering.
    const after = await probe(here);
    await mine.sub.waitFor((d) => d.boardEvents.taskId === after);
    expect(await loginStatus(p.username, p.password)).toBe(401);
    expect(await loginStatus(p.username, 'self-new-pass-9')).toBe(200);
  });

  it('GraphQL changePassword does the same', async () => {
    const p = await newPerson('gqlself');
    const here = await signedIn(server.url, p.username, p.password);
    const other = await signedIn(server.url, p.username, p.password);
    const otherCookie = other.cookieHeader();
    const res = await here.gql(CHANGE_PASSWORD, { input: { currentPassword: p.password, newPassword: 'gql-new-pass-1' } });
    expect(res.errors).toBeUndefined();
    expect(res.data.changePassword).toEqual({ apiTokens: [] });
    expect((await here.gql('{ me { username } }')).data.me.username).toBe(p.username);
    expect(await meWith(server, otherCookie)).toBe(401);
    expect(await loginStatus(p.username, 'gql-new-pass-1')).toBe(200);

    const wrong = await here.gql(CHANGE_PASSWORD, { input: { currentPassword: 'not-my-password', newPassword: 'gql-new-pass-2' } });
    expect(wrong.errors?.[0]).toMatchObject({
      message: 'Your current password is not correct',
      extensions: { code: 'BAD_USER_INPUT', field: 'currentPassword' },
    });
  });

  it('a wrong current password is refused with a clear message and changes nothing; past the sign-in limit it answers 429', async () => {
    const p = await newPerson('wrong');
    const here = await signedIn(server.url, p.username, p.password);
    const other = await signedIn(server.url, p.username, p.password);
    for (let i = 0; i < PER_USER; i++) {
      const res = await here.post('/api/auth/password', { currentPassword: `guess-${i}-wrong`, newPassword: 'never-set-pass' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT', message: 'Your current password is not correct', field: 'currentPassword' });
    }
    // The limit is the sign-in's: even the right password is not checked now, and sign-in is limited too.
    const limited = await here.post('/api/auth/password', { currentPassword: p.password, newPassword: 'never-set-pass' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('Too many sign-in attempts. Please wait a few minutes and try again.');
    expect(await loginStatus(p.username, p.password)).toBe(429);
    expect((await here.get('/api/auth/me')).status).toBe(200);
    expect((await other.get('/api/auth/me')).status).toBe(200);
  });

  it('a new password that breaks the rules is refused before the current one is checked, and nothing changes', async () => {
    const p = await newPerson('rules');
    const here = await signedIn(server.url, p.username, p.password);
    const other = await signedIn(server.url, p.username, p.password);
    const cases: [unknown, string, string][] = [
      [{ currentPassword: p.password, newPassword: 'short' }, 'newPassword', 'New password must be at least 8 characters'],
      [{ currentPassword: p.password, newPassword: 'x'.repeat(129) }, 'newPassword', 'New password must be at most 128 characters'],
      [{ currentPassword: p.password, newPassword: '          ' }, 'newPassword', 'New password cannot be only spaces'],
      [{ currentPassword: p.password, newPassword: 'bad\u0000password' }, 'newPassword', 'New password contains a character that is not allowed'],
      [{ currentPassword: p.password, newPassword: 42 }, 'newPassword', 'Enter a new password'],
      [{ currentPassword: p.password }, 'newPassword', 'Enter a new password'],
      [{ newPassword: 'fine-new-pass' }, 'currentPassword', 'Enter your current password'],
      [{ currentPassword: p.password, newPassword: p.password }, 'newPassword', 'The new password must be different from your current one'],
    ];
    // More refusals than the limit: none of them took an attempt (the right password still works below).
    for (const [body, field, message] of [...cases, ...cases]) {
      const res = await here.post('/api/auth/password', body);
      expect(res.status, message).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT', field, message });
    }
    expect((await here.post('/api/auth/password', 'null')).status).toBe(400);
    expect((await other.get('/api/auth/me')).status).toBe(200);
    expect(await loginStatus(p.username, p.password)).toBe(200);
  });

  it('needs a signed-in person at the keyboard: anonymous 401, an API token 403', async () => {
    const p = await newPerson('token');
    const here = await signedIn(server.url, p.username, p.password);
    const token = (await here.post('/api/tokens', { name: 'Script' })).body.token as string;
    const body = { currentPassword: p.password, newPassword: 'by-token-pass' };
    expect((await new Client(server.url).post('/api/auth/password', body)).status).toBe(401);
    const byToken = await new Client(server.url, { authorization: `Bearer ${token}` }).post('/api/auth/password', body);
    expect(byToken.status).toBe(403);
    expect(await loginStatus(p.username, p.password)).toBe(200);
  });
});

describe.skipIf(!usingPostgres() || !DATABASE_URL || !REDIS_URL)('scale-out: two servers sharing Redis', () => {
  let pair: ServerPair | undefined;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    pair = await startServerPair(DATABASE_URL!, REDIS_URL!, 'password');
    ({ a, b } = pair);
  });
  afterAll(() => pair?.close());

  it('a reset on A ends the session made on B and closes its socket on B; a change on A ends B’s other session', async () => {
    const adminA = await signedIn(a.url, 'admin');
    const p = await newPerson('scale', adminA);
    const onB = await signedIn(b.url, p.username, p.password);
    const cookie = onB.cookieHeader();
    const { socket } = await liveSocket(onB, b);
    expect((await adminA.patch(`/api/users/${p.id}`, { password: 'scale-new-pass' })).status).toBe(200);
    expect(await meWith(a, cookie)).toBe(401);
    expect(await meWith(b, cookie)).toBe(401);
    expect(await socket.closed).toBe(4401);

    const here = await signedIn(a.url, p.username, 'scale-new-pass');
    const there = await signedIn(b.url, p.username, 'scale-new-pass');
    const theirs = await liveSocket(there, b);
    const res = await here.post('/api/auth/password', { currentPassword: 'scale-new-pass', newPassword: 'scale-newer-pass' });
    expect(res.status).toBe(200);
    expect(await theirs.socket.closed).toBe(4401);
    expect(await meWith(b, there.cookieHeader())).toBe(401);
    expect(await meWith(b, here.cookieHeader())).toBe(200);
  });
});
