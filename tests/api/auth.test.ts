import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { Client, signedIn } from './support/client.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ env: { LOGIN_LIMIT_PER_USER: '5' } });
});
afterAll(() => server?.close());

describe('sign-in over REST', () => {
  it('signs in each demo account, answers me, and logs out', async () => {
    for (const [username, role] of [
      ['admin', 'admin'],
      ['manager', 'manager'],
      ['user', 'member'],
    ] as const) {
      const c = new Client(server.url);
      const login = await c.post('/api/auth/login', { username, password: `${username}123` });
      expect(login.status).toBe(200);
      expect(login.body).toMatchObject({ username, role });
      expect(login.body).not.toHaveProperty('passwordHash');
      expect(login.headers.getSetCookie().join(';')).toMatch(/lwf\.sid=.*HttpOnly.*SameSite=Lax/i);
      expect((await c.get('/api/auth/me')).body.username).toBe(username);
      expect((await c.post('/api/auth/logout')).status).toBe(200);
      expect((await c.get('/api/auth/me')).status).toBe(401);
    }
  });

  it('refuses blank fields and wrong passwords with a readable message', async () => {
    const c = new Client(server.url);
    const blank = await c.post('/api/auth/login', { username: '  ', password: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Please fill in all fields');
    const wrong = await c.post('/api/auth/login', { username: 'manager', password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid username or password');
    expect((await c.get('/api/auth/me')).status).toBe(401);
  });

  it('the session cookie is destroyed on the server at logout', async () => {
    const c = await signedIn(server.url, 'user');
    const cookie = c.cookieHeader();
    await c.post('/api/auth/logout');
    const replay = await fetch(`${server.url}/api/auth/me`, { headers: { cookie } });
    expect(replay.status).toBe(401);
  });

  it('rate limits repeated failures for one username with 429', async () => {
    const c = new Client(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await c.post('/api/auth/login', { username: 'admin', password: `wrong-${i}` })).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[6]).toBe(429);
    const limited = await c.post('/api/auth/login', { username: 'admin', password: 'admin123' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Too many sign-in attempts/);
  });

  it('answers 401 on protected routes without a session', async () => {
    const c = new Client(server.url);
    const res = await c.get('/api/tasks');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Please sign in first');
  });
});

describe('sign-in over GraphQL', () => {
  it('login, me and logout', async () => {
    const c = new Client(server.url);
    expect((await c.gql('{ me { username } }')).data).toEqual({ me: null });
    const login = await c.gql('mutation { login(username: "manager", password: "manager123") { username role } }');
    expect(login.data).toEqual({ login: { username: 'manager', role: 'manager' } });
    expect((await c.gql('{ me { username } }')).data).toEqual({ me: { username: 'manager' } });
    expect((await c.gql('mutation { logout }')).data).toEqual({ logout: true });
    expect((await c.gql('{ me { username } }')).data).toEqual({ me: null });
  });

  it('a wrong password is UNAUTHENTICATED', async () => {
    const c = new Client(server.url);
    const res = await c.gql('mutation { login(username: "user", password: "wrong-password") { id } }');
    expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('sessions served from the in-process cache', () => {
  const sessionReads = () => server.queries.log().filter((sql) => /[`"]sessions[`"]/.test(sql));

  it('a signed-in request reads no session from the database, and logout still ends the session at once', async () => {
    const c = await signedIn(server.url, 'user');
    const cookie = c.cookieHeader();
    expect((await c.get('/api/auth/me')).status).toBe(200);
    server.queries.reset();
    expect((await c.get('/api/auth/me')).status).toBe(200);
    expect(sessionReads()).toEqual([]);

    expect((await c.post('/api/auth/logout')).status).toBe(200);
    const replay = await fetch(`${server.url}/api/auth/me`, { headers: { cookie } });
    expect(replay.status).toBe(401);
  });

  it('ending every session of a user (deactivation) refuses each cached session', async () => {
    const first = await signedIn(server.url, 'manager');
    const second = await signedIn(server.url, 'manager');
    const userId = (await first.get('/api/auth/me')).body.id as string;
    expect((await second.get('/api/auth/me')).status).toBe(200);
    await server.app.runtime.sessions.destroyUserSessions(userId);
    expect((await first.get('/api/auth/me')).status).toBe(401);
    expect((await second.get('/api/auth/me')).status).toBe(401);
  });
});
