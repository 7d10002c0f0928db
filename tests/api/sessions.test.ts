/**
 * Sessions you can see (issue 40, item 4) over real HTTP: the viewer's sessions with browser, system,
 * address and times; revoking one (its cookie answers 401 and its socket closes) or all the others; an
 * admin signing a person out everywhere; the security events admins read. On SQLite the sessions live
 * in the database; on PostgreSQL with Redis at hand, in Redis.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, usingPostgres, type TestServer } from './support/server.js';
import { Client, signedIn } from './support/client.js';
import { codeOf, ok } from './support/gql.js';
import { openSocket, untilLive, type Socket } from './support/ws.js';

const REDIS_URL = process.env.REDIS_URL;
const SESSION_ENV: Record<string, string> = usingPostgres() && REDIS_URL ? { REDIS_URL } : {};

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const MY_SESSIONS = 'query { mySessions { id current browser os userAgent ip signedInAt lastSeenAt } }';
const REVOKE = 'mutation($id: ID!) { revokeSession(id: $id) }';
const REVOKE_OTHERS = 'mutation { revokeOtherSessions }';
const SIGN_OUT_EVERYWHERE = 'mutation($userId: ID!) { signOutUserEverywhere(userId: $userId) }';
const EVENTS = `query($first: Int, $after: String, $userId: ID) {
  securityEvents(first: $first, after: $after, userId: $userId) {
    totalCount pageInfo { hasNextPage endCursor }
    nodes { id kind description userId userName actorName ip userAgent device createdAt }
  }
}`;
const EVENT = 'subscription { boardEvents { seq kind taskId } }';

interface SessionRow {
  id: string;
  current: boolean;
  browser: string;
  os: string;
  userAgent: string;
  ip: string | null;
  signedInAt: string | null;
  lastSeenAt: string | null;
}

let server: TestServer;
let admin: Client;
let shift = 0;
const sockets: Socket[] = [];
let counter = 0;

interface Person {
  id: string;
  username: string;
  password: string;
}

async function newPerson(prefix: string): Promise<Person> {
  const username = `${prefix}${counter++}`;
  const password = `${username}-pass-1`;
  const res = await admin.post('/api/users', { username, email: `${username}@example.com`, password });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id, username, password };
}

/** A client with its own cookie jar, signed in as `p` from a browser that says `userAgent`. */
async function browser(p: Person, userAgent: string): Promise<Client> {
  const client = new Client(server.url, { 'user-agent': userAgent });
  await client.login(p.username, p.password);
  return client;
}

const meStatus = async (cookie: string) => (await fetch(`${server.url}/api/auth/me`, { headers: { cookie } })).status;

/** A socket with the client's cookie and a live boardEvents subscription. */
async function liveSocket(client: Client): Promise<Socket> {
  const socket = openSocket(server.url, { cookie: client.cookieHeader() });
  sockets.push(socket);
  const sub = socket.subscribe(EVENT);
  await untilLive(
    sub,
    async () => {
      const res = await client.post('/api/tasks', { title: `probe ${Math.random()}` });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as string;
    },
    (d: { boardEvents: { taskId: string } }, id) => d.boardEvents.taskId === id,
  );
  return socket;
}

const sessionsOf = async (client: Client): Promise<SessionRow[]> => (await ok(client, MY_SESSIONS)).mySessions;

beforeAll(async () => {
  server = await startServer({ env: { ...SESSION_ENV, LOGIN_LIMIT_PER_IP: '10000' }, clock: () => new Date(Date.now() + shift) });
  admin = await signedIn(server.url, 'admin');
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.dispose().catch(() => {})));
  await server?.close();
});

describe('my sessions', () => {
  it('lists both browsers, this one marked, with browser, system, address and times; never the session id', async () => {
    const p = await newPerson('list');
    const laptop = await browser(p, FIREFOX);
    const phone = await browser(p, IPHONE);
    const list = await sessionsOf(laptop);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ current: true, browser: 'Firefox 133', os: 'Windows', userAgent: FIREFOX });
    expect(list[1]).toMatchObject({ current: false, browser: 'Safari 18', os: 'iOS' });
    for (const row of list) {
      expect(row.ip).toMatch(/127\.0\.0\.1|::1/);
      expect(Date.parse(row.signedInAt!)).toBeGreaterThan(Date.now() - 60_000);
      expect(row.lastSeenAt).toBeTruthy();
      // The cookie carries the session id (signed): the listed id is not in it.
      for (const c of [laptop, phone]) expect(decodeURIComponent(c.cookieHeader())).not.toContain(row.id);
    }
    // The phone sees the same two, itself marked.
    const fromPhone = await sessionsOf(phone);
    expect(fromPhone.map((r) => [r.id, r.current])).toEqual([
      [list[1].id, true],
      [list[0].id, false],
    ]);
    // REST answers the same list.
    const rest = await laptop.get('/api/auth/sessions');
    expect(rest.status).toBe(200);
    expect(rest.body.map((r: SessionRow) => r.id)).toEqual(list.map((r) => r.id));
  });

  it('records when a session was last seen, at most once a minute', async () => {
    const p = await newPerson('seen');
    const laptop = await browser(p, FIREFOX);
    const phone = await browser(p, IPHONE);
    const before = (await sessionsOf(laptop)).find((r) => !r.current)!;
    shift += 5 * 60_000;
    expect((await phone.get('/api/auth/me')).status).toBe(200);
    const after = (await sessionsOf(laptop)).find((r) => !r.current)!;
    expect(Date.parse(after.lastSeenAt!) - Date.parse(before.lastSeenAt!)).toBeGreaterThanOrEqual(5 * 60_000 - 1000);
    expect(after.signedInAt).toBe(before.signedInAt);
  });

  it('revoking the other session: its cookie answers 401 and its socket closes; this one stays', async () => {
    const p = await newPerson('revoke');
    const laptop = await browser(p, FIREFOX);
    const phone = await browser(p, IPHONE);
    const phoneCookie = phone.cookieHeader();
    const phoneSocket = await liveSocket(phone);
    const laptopSocket = await liveSocket(laptop);
    const other = (await sessionsOf(laptop)).find((r) => !r.current)!;

    expect((await ok(laptop, REVOKE, { id: other.id })).revokeSession).toBe(true);
    expect(await meStatus(phoneCookie)).toBe(401);
    expect(await phoneSocket.closed).toBe(4401);
    expect(await meStatus(laptop.cookieHeader())).toBe(200);
    expect((await sessionsOf(laptop)).map((r) => r.current)).toEqual([true]);
    // The laptop's own socket still delivers.
    await liveSocket(laptop);
    void laptopSocket;
    // Again: that session is gone.
    expect(await codeOf(laptop, REVOKE, { id: other.id })).toBe('NOT_FOUND');
  });

  it('refuses bad ids, the current session, and someone else’s session, changing nothing', async () => {
    const p = await newPerson('bad');
    const q = await newPerson('bystander');
    const mine = await browser(p, FIREFOX);
    const theirs = await browser(q, CHROME_MAC);
    const [current] = await sessionsOf(mine);
    const [theirSession] = await sessionsOf(theirs);

    const badId = await mine.gql(REVOKE, { id: 'not a session' });
    expect(badId.errors?.[0]).toMatchObject({ message: 'Invalid session id', extensions: { code: 'BAD_USER_INPUT' } });
    const self = await mine.gql(REVOKE, { id: current.id });
    expect(self.errors?.[0]).toMatchObject({ message: 'This is the session you are using: sign out instead', extensions: { code: 'BAD_USER_INPUT' } });
    expect(await codeOf(mine, REVOKE, { id: theirSession.id })).toBe('NOT_FOUND');
    expect(await codeOf(mine, REVOKE, { id: 'A'.repeat(32) })).toBe('NOT_FOUND');
    const rest = await mine.delete(`/api/auth/sessions/${theirSession.id}`);
    expect(rest.status).toBe(404);
    expect(rest.body.message).toBe('Session not found');
    expect((await mine.delete('/api/auth/sessions/x')).status).toBe(400);

    expect(await meStatus(mine.cookieHeader())).toBe(200);
    expect(await meStatus(theirs.cookieHeader())).toBe(200);
    // Signed out: 401.
    expect(await codeOf(new Client(server.url), MY_SESSIONS)).toBe('UNAUTHENTICATED');
    expect((await new Client(server.url).get('/api/auth/sessions')).status).toBe(401);
    // An API token is not a person at the keyboard.
    const token = (await mine.post('/api/tokens', { name: 'script' })).body.token as string;
    const script = new Client(server.url, { authorization: `Bearer ${token}` });
    expect(await codeOf(script, MY_SESSIONS)).toBe('FORBIDDEN');
    expect(await codeOf(script, REVOKE_OTHERS)).toBe('FORBIDDEN');
  });

  it('signs out everywhere else (GraphQL and REST): the others answer 401, this one stays', async () => {
    const p = await newPerson('others');
    const laptop = await browser(p, FIREFOX);
    const phone = await browser(p, IPHONE);
    const tablet = await browser(p, CHROME_MAC);
    const phoneSocket = await liveSocket(phone);
    expect((await ok(laptop, REVOKE_OTHERS)).revokeOtherSessions).toBe(2);
    expect(await meStatus(phone.cookieHeader())).toBe(401);
    expect(await meStatus(tablet.cookieHeader())).toBe(401);
    expect(await phoneSocket.closed).toBe(4401);
    expect(await meStatus(laptop.cookieHeader())).toBe(200);

    const again = await browser(p, IPHONE);
    const rest = await laptop.post('/api/auth/sessions/revoke-others');
    expect(rest.body).toEqual({ ok: true, revoked: 1 });
    expect(await meStatus(again.cookieHeader())).toBe(401);
    expect((await sessionsOf(laptop)).length).toBe(1);
  });
});

describe('admins sign a person out everywhere', () => {
  it('ends every session and closes their sockets; API tokens keep working', async () => {
    const p = await newPerson('everywhere');
    const laptop = await browser(p, FIREFOX);
    const phone = await browser(p, IPHONE);
    const socket = await liveSocket(phone);
    const token = (await laptop.post('/api/tokens', { name: 'CI' })).body.token as string;

    expect((await ok(admin, SIGN_OUT_EVERYWHERE, { userId: p.id })).signOutUserEverywhere).toBe(2);
    expect(await meStatus(laptop.cookieHeader())).toBe(401);
    expect(await meStatus(phone.cookieHeader())).toBe(401);
    expect(await socket.closed).toBe(4401);
    expect((await new Client(server.url, { authorization: `Bearer ${token}` }).get('/api/auth/me')).status).toBe(200);
    expect(await meStatus(admin.cookieHeader())).toBe(200);

    const back = await browser(p, FIREFOX);
    const rest = await admin.post(`/api/users/${p.id}/sign-out-everywhere`);
    expect(rest.body).toEqual({ ok: true, revoked: 1 });
    expect(await meStatus(back.cookieHeader())).toBe(401);
  });

  it('refuses members (403 / FORBIDDEN) and unknown people (404), changing nothing', async () => {
    const p = await newPerson('victim');
    const m = await newPerson('member');
    const victim = await browser(p, FIREFOX);
    const member = await browser(m, CHROME_MAC);
    expect(await codeOf(member, SIGN_OUT_EVERYWHERE, { userId: p.id })).toBe('FORBIDDEN');
    expect((await member.post(`/api/users/${p.id}/sign-out-everywhere`)).status).toBe(403);
    expect(await meStatus(victim.cookieHeader())).toBe(200);
    expect(await codeOf(admin, SIGN_OUT_EVERYWHERE, { userId: '00000000-0000-4000-8000-000000000000' })).toBe('NOT_FOUND');
    const missing = await admin.post('/api/users/nobody/sign-out-everywhere');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('User not found');
  });
});

describe('security events', () => {
  it('records sign-ins, refused sign-ins, sign-outs and revocations with the address and browser, newest first', async () => {
    const p = await newPerson('events');
    const wrong = await new Client(server.url, { 'user-agent': CHROME_MAC }).post('/api/auth/login', { username: p.username, password: 'not-it-at-all' });
    expect(wrong.status).toBe(401);
    const unknown = await new Client(server.url).post('/api/auth/login', { username: `ghost${counter++}`, password: 'whatever-1' });
    expect(unknown.status).toBe(401);
    const laptop = await browser(p, FIREFOX);
    const phone = await browser(p, IPHONE);
    const other = (await sessionsOf(laptop)).find((r) => !r.current)!;
    await ok(laptop, REVOKE, { id: other.id });
    expect((await laptop.post('/api/auth/logout')).status).toBe(200);
    void phone;

    const { securityEvents } = await ok(admin, EVENTS, { userId: p.id, first: 50 });
    const kinds = securityEvents.nodes.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(['sign-out', 'session-revoked', 'sign-in', 'sign-in', 'sign-in-failed']);
    const [signOut, revoked, , signIn, failed] = securityEvents.nodes;
    expect(failed).toMatchObject({ description: 'Sign-in refused: wrong username or password', userId: p.id, device: 'Chrome 131 on macOS' });
    expect(failed.ip).toMatch(/127\.0\.0\.1|::1/);
    expect(signIn).toMatchObject({ description: 'Signed in: password', device: 'Firefox 133 on Windows', userAgent: FIREFOX, actorName: null });
    expect(revoked.description).toBe('Signed out a session: Safari 18 on iOS, ' + other.ip);
    expect(signOut.userName).toBe(p.username);
    const times = securityEvents.nodes.map((e: { createdAt: string }) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    // The unknown username is kept as typed.
    const all = await ok(admin, EVENTS, { first: 200 });
    expect(
      all.securityEvents.nodes.some(
        (e: { kind: string; userId: string | null; userName: string }) => e.kind === 'sign-in-failed' && e.userId === null && e.userName.startsWith('ghost'),
      ),
    ).toBe(true);
  });

  it('records an admin’s sign-out of someone else with the admin as the actor', async () => {
    const p = await newPerson('acted');
    await browser(p, FIREFOX);
    await ok(admin, SIGN_OUT_EVERYWHERE, { userId: p.id });
    const [latest] = (await ok(admin, EVENTS, { userId: p.id, first: 1 })).securityEvents.nodes;
    expect(latest).toMatchObject({ kind: 'signed-out-everywhere', description: 'Signed out everywhere: 1 session', actorName: expect.any(String) });
  });

  it('pages newest first (GraphQL cursor, REST limit/offset) and is for admins only', async () => {
    const page1 = (await ok(admin, EVENTS, { first: 2 })).securityEvents;
    expect(page1.nodes).toHaveLength(2);
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const page2 = (await ok(admin, EVENTS, { first: 2, after: page1.pageInfo.endCursor })).securityEvents;
    expect(page2.nodes[0].id).not.toBe(page1.nodes[1].id);
    const all = (await ok(admin, EVENTS, { first: 4 })).securityEvents.nodes.map((e: { id: string }) => e.id);
    expect([...page1.nodes, ...page2.nodes].map((e: { id: string }) => e.id)).toEqual(all);

    const rest = await admin.get('/api/security-events?limit=2&offset=2');
    expect(rest.status).toBe(200);
    expect(rest.body.map((e: { id: string }) => e.id)).toEqual(all.slice(2, 4));
    expect(Number(rest.headers.get('x-total-count'))).toBeGreaterThanOrEqual(4);
    expect((await admin.get('/api/security-events?limit=500')).status).toBe(400);
    expect(await codeOf(admin, EVENTS, { first: 0 })).toBe('BAD_USER_INPUT');

    const member = await signedIn(server.url, 'user');
    expect(await codeOf(member, EVENTS, {})).toBe('FORBIDDEN');
    expect((await member.get('/api/security-events')).status).toBe(403);
    expect((await new Client(server.url).get('/api/security-events')).status).toBe(401);
  });
});
