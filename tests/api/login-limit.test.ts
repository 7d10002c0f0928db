import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { Client } from './support/client.js';

const REDIS_URL = process.env.REDIS_URL;
const PER_USER = 10;

/** `count` wrong-password logins for `username`, all sent at once (each from its own client). */
async function parallelWrongLogins(urls: string[], username: string, count: number): Promise<number[]> {
  const attempts = Array.from({ length: count }, (_, i) =>
    new Client(urls[i % urls.length]).post('/api/auth/login', { username, password: `wrong-password-${i}` }),
  );
  return (await Promise.all(attempts)).map((r) => r.status);
}

const tally = (statuses: number[]) => ({
  checked: statuses.filter((s) => s === 401).length,
  limited: statuses.filter((s) => s === 429).length,
  other: statuses.filter((s) => s !== 401 && s !== 429),
});

/**
 * A 401 is only ever answered after the password was checked, a 429 always before: so the number of
 * 401s is the number of password checks.
 */
function expectAtMostTheLimitChecked(statuses: number[]) {
  const { checked, limited, other } = tally(statuses);
  expect(other).toEqual([]);
  expect(checked).toBe(PER_USER);
  expect(limited).toBe(statuses.length - PER_USER);
}

describe('login limit on one server (in-memory limiter)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { LOGIN_LIMIT_PER_USER: String(PER_USER), LOGIN_LIMIT_PER_IP: '1000' } });
  });
  afterAll(() => server?.close());

  it('60 parallel wrong passwords for one username: only the first 10 are checked, the rest answer 429', async () => {
    expectAtMostTheLimitChecked(await parallelWrongLogins([server.url], 'admin', 60));
    const limited = await new Client(server.url).post('/api/auth/login', { username: 'admin', password: 'admin123' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('Too many sign-in attempts. Please wait a few minutes and try again.');
  });

  it('a correct password clears the username’s failures (per username, case-insensitive)', async () => {
    const c = new Client(server.url);
    for (let i = 0; i < PER_USER - 1; i++) expect((await c.post('/api/auth/login', { username: 'USER', password: `wrong-${i}` })).status).toBe(401);
    expect((await c.post('/api/auth/login', { username: 'user', password: 'user123' })).status).toBe(200);
    expectAtMostTheLimitChecked(await parallelWrongLogins([server.url], 'User', 15));
  });
});

describe('login limit per IP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { LOGIN_LIMIT_PER_USER: '100', LOGIN_LIMIT_PER_IP: '5' } });
  });
  afterAll(() => server?.close());

  it('counts every attempt from one address, whatever the username, and answers 429 past the limit', async () => {
    const attempts = ['admin', 'manager', 'user', 'nobody', 'admin', 'manager', 'user', 'nobody'].map((username) =>
      new Client(server.url).post('/api/auth/login', { username, password: 'wrong-password' }),
    );
    const statuses = (await Promise.all(attempts)).map((r) => r.status);
    expect(tally(statuses)).toEqual({ checked: 5, limited: 3, other: [] });
    expect((await new Client(server.url).post('/api/auth/login', { username: 'admin', password: 'admin123' })).status).toBe(429);
  });
});

describe('login limit per request: a login aliased many times in one GraphQL request', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { LOGIN_LIMIT_PER_IP: '5' } });
  });
  afterAll(() => server?.close());

  it('counts as many attempts as it has aliases', async () => {
    const logins = (n: number) =>
      `mutation { ${Array.from({ length: n }, (_, i) => `a${i}: login(username: "admin", password: "admin123") { id }`).join(' ')} }`;
    const first = await new Client(server.url).gql(logins(3));
    expect(first.errors).toBeUndefined();
    expect(Object.keys(first.data)).toHaveLength(3);
    // Attempts 4 and 5 pass, the 6th is refused (and, login being non-null, ends the mutation).
    const second = await new Client(server.url).gql(logins(3));
    expect(second.errors?.map((e) => [e.path, e.extensions?.code])).toEqual([[['a2'], 'RATE_LIMITED']]);
  });
});

describe.skipIf(!REDIS_URL)('login limit shared through Redis by two servers', () => {
  const prefix = `lwf-test-rl-${randomBytes(4).toString('hex')}:`;
  let a: TestServer;
  let b: TestServer;
  let redis: Redis;
  beforeAll(async () => {
    const env = { REDIS_URL: REDIS_URL!, REDIS_PREFIX: prefix, LOGIN_LIMIT_PER_USER: String(PER_USER), LOGIN_LIMIT_PER_IP: '1000' };
    [a, b] = await Promise.all([startServer({ env }), startServer({ env })]);
    redis = new Redis(REDIS_URL!);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
  });

  it('60 parallel wrong passwords spread over both servers: only 10 are checked in all', async () => {
    expectAtMostTheLimitChecked(await parallelWrongLogins([a.url, b.url], 'admin', 60));
    for (const server of [a, b]) expect((await new Client(server.url).post('/api/auth/login', { username: 'admin', password: 'admin123' })).status).toBe(429);
    // The counters live under the deployment's prefix.
    expect(await redis.exists(`${prefix}rl:user:admin`, `${prefix}rl:ip:127.0.0.1`)).toBe(2);
  });

  it('a correct password on one server clears the failures counted by the other', async () => {
    const onA = new Client(a.url);
    for (let i = 0; i < PER_USER - 1; i++) expect((await onA.post('/api/auth/login', { username: 'manager', password: `wrong-${i}` })).status).toBe(401);
    expect((await new Client(b.url).post('/api/auth/login', { username: 'manager', password: 'manager123' })).status).toBe(200);
    expectAtMostTheLimitChecked(await parallelWrongLogins([a.url, b.url], 'manager', 12));
  });
});
