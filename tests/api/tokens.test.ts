import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, startServerPair, type ServerPair, type TestServer } from './support/server.js';
import { Client, signedIn } from './support/client.js';
import { openSocket, probeUpgrade, untilLive, type Socket } from './support/ws.js';

const EVENT = 'subscription { boardEvents { seq kind taskId } }';
type Data = { boardEvents: { seq: number; kind: string; taskId: string } };

/** A client that sends `Authorization: Bearer <token>` and no cookie (like curl or a CI job). */
const withToken = (url: string, token: string, headers: Record<string, string> = {}) => new Client(url, { authorization: `Bearer ${token}`, ...headers });

/** A graphql-ws socket authenticated by a token in connectionParams (no cookie). */
function tokenSocket(url: string, token: string, sockets: Socket[], origin?: string | null): Socket {
  const s = openSocket(url, { connectionParams: { authorization: `Bearer ${token}` }, origin });
  sockets.push(s);
  return s;
}

/** Waits until the socket's board subscription receives events (a task created by `prober`). */
async function liveOn(s: Socket, prober: Client, assignedToId?: string) {
  const sub = s.subscribe<Data>(EVENT);
  await untilLive(
    sub,
    async () => (await prober.post('/api/tasks', { title: `probe ${Math.random()}`, assignedToId })).body.id,
    (d, id) => d.boardEvents.taskId === id,
  );
  return sub;
}

async function newToken(c: Client, name = 'CI job'): Promise<{ id: string; token: string }> {
  const res = await c.post('/api/tokens', { name });
  expect(res.status).toBe(201);
  return res.body;
}

describe('personal API tokens', () => {
  let server: TestServer;
  let admin: Client;
  let member: Client;
  let ids: Record<string, string>;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    server = await startServer();
    [admin, member] = await Promise.all([signedIn(server.url, 'admin'), signedIn(server.url, 'user')]);
    ids = Object.fromEntries((await admin.get('/api/users')).body.map((u: any) => [u.username, u.id]));
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.dispose().catch(() => {})));
    await server?.close();
  });

  it('creates a token shown once, lists it without the secret, and authenticates REST with it', async () => {
    const res = await member.post('/api/tokens', { name: '  Deploy bot  ' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['createdAt', 'id', 'name', 'token']);
    expect(res.body.name).toBe('Deploy bot');
    expect(res.body.token).toMatch(/^lwf_[A-Za-z0-9_-]{43}$/);

    const list = await member.get('/api/tokens');
    expect(list.status).toBe(200);
    const listed = list.body.find((t: any) => t.id === res.body.id);
    expect(listed).toEqual({ id: res.body.id, name: 'Deploy bot', createdAt: res.body.createdAt, lastUsedAt: null });
    expect(JSON.stringify(list.body)).not.toContain(res.body.token);

    const bot = withToken(server.url, res.body.token);
    const me = await bot.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.username).toBe('user');
    expect(me.headers.get('set-cookie')).toBeNull(); // no session is made for a token request
    // With the owner's permissions: a member sees the admin-only user list refused, as with a session.
    expect((await bot.get('/api/users')).status).toBe((await member.get('/api/users')).status);
    const created = await bot.post('/api/tasks', { title: 'From a script' });
    expect(created.status).toBe(201);
    expect(created.body.createdById).toBe(ids.user);

    // lastUsedAt is recorded (once a minute at most, without delaying the request).
    await expect.poll(async () => (await member.get('/api/tokens')).body.find((t: any) => t.id === res.body.id).lastUsedAt).not.toBeNull();
  });

  it('is not blocked by the Origin guard or Apollo’s CSRF prevention (no cookie, no CSRF)', async () => {
    const { token } = await newToken(member);
    const foreign = withToken(server.url, token, { origin: 'https://ci.example' });
    expect((await foreign.post('/api/tasks', { title: 'Cross-origin script' })).status).toBe(201);
    const viaGql = await foreign.gql('mutation { createTask(input: { title: "GraphQL script" }) { id createdById } }');
    expect(viaGql.errors).toBeUndefined();
    expect(viaGql.data.createTask.createdById).toBe(ids.user);
    // A GET query (which Apollo's CSRF prevention refuses without a preflight header) works with a token.
    const get = await fetch(`${server.url}/graphql?query=${encodeURIComponent('{ me { username } }')}`, { headers: { authorization: `Bearer ${token}` } });
    expect(get.status).toBe(200);
    expect(((await get.json()) as any).data.me.username).toBe('user');
    // The same cross-site request with the session cookie is still refused.
    expect(
      (
        await new Client(server.url, { origin: 'https://evil.example', cookie: member.cookieHeader() }).request(
          'POST',
          '/api/tasks',
          { title: 'x' },
          { cookie: member.cookieHeader() },
        )
      ).status,
    ).toBe(403);
  });

  it('authenticates GraphQL over HTTP with the owner’s permissions', async () => {
    const { token } = await newToken(admin, 'Admin script');
    const bot = withToken(server.url, token);
    const res = await bot.gql('{ me { username role } apiTokens { name } users { username } }');
    expect(res.errors).toBeUndefined();
    expect(res.data.me).toEqual({ username: 'admin', role: 'admin' });
    expect(res.data.apiTokens.map((t: any) => t.name)).toContain('Admin script');
  });

  it('answers 401 at once to an unknown, malformed or revoked token (REST JSON, GraphQL UNAUTHENTICATED)', async () => {
    for (const bad of ['lwf_' + 'x'.repeat(43), 'not-a-token', '']) {
      const rest = await withToken(server.url, bad).get('/api/tasks');
      expect(rest.status).toBe(401);
      expect(rest.body).toMatchObject({ code: 'UNAUTHENTICATED', message: 'The API token is invalid or has been revoked' });
      const gql = await withToken(server.url, bad).gql('{ me { username } }');
      expect(gql.status).toBe(401);
      expect(gql.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    }
    // A bad token is not rescued by a valid session cookie sent alongside it.
    const both = await new Client(server.url, { authorization: 'Bearer lwf_nope' }).request('GET', '/api/auth/me', undefined, {
      cookie: member.cookieHeader(),
    });
    expect(both.status).toBe(401);

    const { id, token } = await newToken(member, 'Short-lived');
    const bot = withToken(server.url, token);
    expect((await bot.get('/api/auth/me')).status).toBe(200);
    expect((await member.delete(`/api/tokens/${id}`)).body).toEqual({ id });
    expect((await bot.get('/api/auth/me')).status).toBe(401);
    expect((await bot.gql('{ me { username } }')).status).toBe(401);
    expect((await member.get('/api/tokens')).body.map((t: any) => t.id)).not.toContain(id);
  });

  it('revokes over GraphQL; another user’s token is NOT_FOUND (404) and keeps working', async () => {
    const mine = await newToken(admin, 'Admin own');
    expect((await member.delete(`/api/tokens/${mine.id}`)).status).toBe(404);
    expect((await member.gql('mutation($id: ID!) { revokeApiToken(id: $id) }', { id: mine.id })).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await member.delete('/api/tokens/not-an-id')).status).toBe(404);
    expect((await withToken(server.url, mine.token).get('/api/auth/me')).status).toBe(200);

    const created = await admin.gql('mutation { createApiToken(name: "Via GraphQL") { id name token createdAt } }');
    expect(created.errors).toBeUndefined();
    expect(created.data.createApiToken.token).toMatch(/^lwf_/);
    const revoked = await admin.gql('mutation($id: ID!) { revokeApiToken(id: $id) }', { id: created.data.createApiToken.id });
    expect(revoked.data).toEqual({ revokeApiToken: created.data.createApiToken.id });
    expect((await withToken(server.url, created.data.createApiToken.token).get('/api/auth/me')).status).toBe(401);
  });

  it('cannot create tokens or change a password with a token (403 / FORBIDDEN)', async () => {
    const { token, id } = await newToken(admin, 'Automation');
    const bot = withToken(server.url, token);
    const rest = await bot.post('/api/tokens', { name: 'Offspring' });
    expect(rest.status).toBe(403);
    expect(rest.body.message).toMatch(/An API token cannot create API tokens/);
    const gql = await bot.gql('mutation { createApiToken(name: "Offspring") { token } }');
    expect(gql.errors?.[0].extensions?.code).toBe('FORBIDDEN');

    const password = await bot.patch(`/api/users/${ids.user}`, { password: 'taken-over-123' });
    expect(password.status).toBe(403);
    expect(password.body.message).toMatch(/An API token cannot change a password/);
    const viaGql = await bot.gql('mutation($id: ID!) { updateUser(id: $id, input: { password: "taken-over-123" }) { id } }', { id: ids.user });
    expect(viaGql.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await new Client(server.url).post('/api/auth/login', { username: 'user', password: 'taken-over-123' })).status).toBe(401);
    // Other changes with the owner's rights still work; the token may list and revoke itself.
    expect((await bot.patch(`/api/users/${ids.user}`, { firstName: 'Uma' })).status).toBe(200);
    expect((await bot.get('/api/tokens')).body.map((t: any) => t.id)).toContain(id);
    expect((await bot.delete(`/api/tokens/${id}`)).status).toBe(200);
    expect((await bot.get('/api/tokens')).status).toBe(401);
  });

  it('validates the name and limits a user to 50 tokens, with clear messages', async () => {
    const c = await signedIn(server.url, 'manager');
    for (const [name, message] of [
      [undefined, 'Token name is required'],
      ['   ', 'Token name is required'],
      [42, 'Token name is required'],
      ['x'.repeat(101), 'Token name must be at most 100 characters'],
      ['bad\u0000name', 'Token name contains a character that is not allowed'],
    ] as const) {
      const res = await c.post('/api/tokens', name === undefined ? {} : { name });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await c.gql('mutation { createApiToken(name: "") { id } }')).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect((await c.post('/api/tokens', { name: 'x'.repeat(100) })).status).toBe(201);
    for (let i = 1; i < 50; i++) expect((await c.post('/api/tokens', { name: `t${i}` })).status).toBe(201);
    const over = await c.post('/api/tokens', { name: 'one too many' });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('You can have at most 50 API tokens: revoke one you no longer use first');
    expect((await c.get('/api/tokens')).body).toHaveLength(50);
    expect((await c.get('/api/tokens')).status).toBe(200);
    expect((await new Client(server.url).post('/api/tokens', { name: 'anon' })).status).toBe(401);
  });

  it('authenticates graphql-ws by connectionParams and by an upgrade header; revocation closes that socket only', async () => {
    const first = await newToken(member, 'Socket A');
    const second = await newToken(member, 'Socket B');
    // A token socket needs no cookie and may come from any origin.
    const sa = tokenSocket(server.url, first.token, sockets, 'https://dashboard.example');
    const sb = openSocket(server.url, { headers: { authorization: `Bearer ${second.token}` } });
    sockets.push(sb);
    await liveOn(sa, member);
    const subB = await liveOn(sb, member);

    expect((await member.delete(`/api/tokens/${first.id}`)).status).toBe(200);
    expect(await sa.closed).toBe(4401);
    // The other token's socket stays live.
    const id = (await member.post('/api/tasks', { title: 'still live' })).body.id;
    await subB.waitFor((d) => d.boardEvents.taskId === id);
    // A revoked token cannot open a new socket either way.
    expect(await probeUpgrade(server.url, { authorization: `Bearer ${first.token}` })).toEqual({ status: 401 });
    const again = tokenSocket(server.url, first.token, sockets);
    const refused = again.subscribe(EVENT);
    await refused.done;
    expect(await again.closed).toBe(4401);
  });

  it('closes a socket with an unknown token (4401) and one without any credential (4401 too)', async () => {
    const s = tokenSocket(server.url, 'lwf_unknown', sockets);
    await s.subscribe(EVENT).done;
    expect(await s.closed).toBe(4401);
    expect(await probeUpgrade(server.url, { authorization: 'Bearer lwf_unknown' })).toEqual({ status: 401 });
    expect(await probeUpgrade(server.url, { origin: server.url })).toEqual({ closeCode: 4401 });
  });

  it('kills the tokens (and token sockets) of a deactivated or deleted user', async () => {
    const created = await admin.post('/api/users', { username: 'tokenuser', email: 'tokenuser@example.com', password: 'tokenuser123', role: 'member' });
    expect(created.status).toBe(201);
    const person = await signedIn(server.url, 'tokenuser', 'tokenuser123');
    const { token } = await newToken(person, 'Mine');
    const s = tokenSocket(server.url, token, sockets);
    await liveOn(s, admin, created.body.id);

    expect((await admin.patch(`/api/users/${created.body.id}`, { isActive: false })).status).toBe(200);
    expect(await s.closed).toBe(4401);
    expect((await withToken(server.url, token).get('/api/auth/me')).status).toBe(401);
    // Reactivation does not bring the token back.
    expect((await admin.patch(`/api/users/${created.body.id}`, { isActive: true })).status).toBe(200);
    expect((await withToken(server.url, token).get('/api/auth/me')).status).toBe(401);

    const again = await signedIn(server.url, 'tokenuser', 'tokenuser123');
    const next = await newToken(again, 'Second');
    expect((await admin.delete(`/api/users/${created.body.id}`)).status).toBe(200);
    expect((await withToken(server.url, next.token).get('/api/auth/me')).status).toBe(401);
  });
});

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;

describe.skipIf(!DATABASE_URL || !REDIS_URL || process.env.TEST_DB !== 'postgres')('personal API tokens across two processes (PostgreSQL + Redis)', () => {
  let pair: ServerPair | undefined;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    pair = await startServerPair(DATABASE_URL!, REDIS_URL!, 'tokens');
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.dispose().catch(() => {})));
    await pair?.close();
  });

  it('a token made on A works on B; revoking it on A closes its socket on B and refuses it on B', async () => {
    const { a, b } = pair!;
    const onA = await signedIn(a.url, 'manager');
    const { id, token } = await newToken(onA, 'Scale-out');
    expect((await withToken(b.url, token).get('/api/auth/me')).body.username).toBe('manager');
    const s = tokenSocket(b.url, token, sockets);
    await liveOn(s, onA);
    expect((await onA.delete(`/api/tokens/${id}`)).status).toBe(200);
    expect(await s.closed).toBe(4401);
    expect((await withToken(b.url, token).get('/api/auth/me')).status).toBe(401);
  });
});
