import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, usingPostgres, type TestServer } from './support/server.js';
import { Client, signedIn } from './support/client.js';

let server: TestServer;
let admin: Client;

const STATUS = `query { systemStatus { ready database liveUpdates checkedAt } }`;

beforeAll(async () => {
  server = await startServer();
  admin = await signedIn(server.url, 'admin');
});
afterAll(() => server?.close());

describe('systemStatus (the admin health card)', () => {
  it('answers ready with the database kind and live-update mode for admins', async () => {
    const res = await admin.gql(STATUS);
    expect(res.errors).toBeUndefined();
    expect(res.data.systemStatus).toMatchObject({ ready: true, database: usingPostgres() ? 'postgresql' : 'sqlite', liveUpdates: 'in-process' });
    expect(Number.isNaN(Date.parse(res.data.systemStatus.checkedAt))).toBe(false);
  });

  it('refuses members and managers (FORBIDDEN) and the signed-out (UNAUTHENTICATED)', async () => {
    for (const who of ['user', 'manager'] as const) {
      const res = await (await signedIn(server.url, who)).gql(STATUS);
      expect(res.data).toBeNull();
      expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    const anonymous = await new Client(server.url).gql(STATUS);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it.runIf(!!process.env.REDIS_URL)('names redis when live updates fan out through Redis', async () => {
    const scaled = await startServer({ env: { REDIS_URL: process.env.REDIS_URL ?? '' } });
    try {
      const res = await (await signedIn(scaled.url, 'admin')).gql(STATUS);
      expect(res.data.systemStatus).toMatchObject({ ready: true, liveUpdates: 'redis' });
    } finally {
      await scaled.close();
    }
  });
});
