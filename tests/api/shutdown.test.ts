import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from './support/client.js';
import { openSocket, untilLive } from './support/ws.js';
import { usingPostgres } from './support/server.js';
import { createScratchDatabase, dropScratchDatabase } from '../../api/db/scratch-database.js';
import { startChildServer, type ChildServer } from './support/child-server.js';

describe('graceful shutdown of the real process (SIGTERM)', () => {
  let server: ChildServer;
  let child: ChildProcess;
  let url: string;
  let databaseUrl: string | null = null;
  let exited: ChildServer['exited'];
  const output = () => server.output();

  beforeAll(async () => {
    const env: Record<string, string> = {
      // Production, as deployed: Apollo's own signal handlers (on outside NODE_ENV=test) once made this hang.
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      SESSION_SECRET: 'shutdown-test-secret-long-enough-for-anything',
    };
    // On the PostgreSQL run, shut down the scale-out configuration (PostgreSQL + Redis) instead.
    if (usingPostgres()) {
      databaseUrl = await createScratchDatabase(process.env.DATABASE_URL!, 'lwf_shutdown');
      env.DATABASE_URL = databaseUrl;
      if (process.env.REDIS_URL) {
        env.REDIS_URL = process.env.REDIS_URL;
        env.REDIS_PREFIX = `lwf-shutdown-${randomBytes(4).toString('hex')}:`;
      }
    }
    server = await startChildServer(env);
    ({ child, url, exited } = server);
  }, 60_000);

  afterAll(async () => {
    await server?.cleanup();
    if (databaseUrl) await dropScratchDatabase(process.env.DATABASE_URL!, databaseUrl);
  });

  it('finishes the request in flight, closes sockets with 1012, refuses new work and exits 0', async () => {
    const admin = await signedIn(url, 'admin');
    const socket = openSocket(url, { cookie: admin.cookieHeader() });
    const sub = socket.subscribe<{ boardEvents: { taskId: string } }>('subscription { boardEvents { taskId } }');
    await untilLive(
      sub,
      async () => (await admin.post('/api/tasks', { title: `probe ${Math.random()}` })).body.id,
      (d, id) => d.boardEvents.taskId === id,
    );

    // A request in flight: the server has read its headers (it answers 'Expect: 100-continue') and is
    // waiting for the body, which is sent only once the shutdown is under way (the sockets are closed).
    const body = JSON.stringify({ title: 'Sent while stopping' });
    const req = http.request(`${url}/api/tasks`, {
      method: 'POST',
      headers: {
        cookie: admin.cookieHeader(),
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        origin: url,
        expect: '100-continue',
      },
    });
    const headersRead = new Promise<void>((resolve) => req.once('continue', resolve));
    const slow = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
    });
    req.flushHeaders();
    await headersRead;

    child.kill('SIGTERM');
    expect(await socket.closed).toBe(1012);
    req.end(body);

    const finished = await slow;
    expect(finished.status).toBe(201);
    expect(JSON.parse(finished.body).title).toBe('Sent while stopping');

    const { code, signal } = await exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(output()).toMatch(/SIGTERM received/);
    expect(output()).not.toMatch(/ERROR/);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  }, 60_000);
});
