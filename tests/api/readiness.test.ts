import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import { startServer, usingPostgres, type TestServer } from './support/server.js';
import { Client, signedIn } from './support/client.js';
import { freePort } from './support/ports.js';
import { wsUrl } from './support/ws.js';
import { createScratchDatabase, dropScratchDatabase } from '../../api/db/scratch-database.js';

/**
 * What the server answers while Redis or PostgreSQL is unreachable: 503 with Retry-After and a message a
 * person understands (REST and GraphQL), `/readyz` 503 naming what is down while `/healthz` stays 200,
 * and everything answering again once the dependency is back, without a restart.
 */

const ME = 'query { me { id username } }';

/** A redis-server of the test's own on a fixed port (so it can come back on the same one). */
class RedisServer {
  private child: ChildProcess | null = null;
  readonly dir = mkdtempSync(path.join(os.tmpdir(), 'lwf-redis-'));
  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts it (loading the dump a previous `stop` saved) and resolves once it accepts connections. */
  async start(): Promise<void> {
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`redis-server exited (${code}):\n${output}`)));
    });
  }

  /** Saves the data (sessions survive, as with a persistent Redis) and kills the process. */
  async stop(): Promise<void> {
    const client = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    await client.connect();
    await client.save();
    client.disconnect();
    await this.kill();
  }

  /** Stops (SIGSTOP) or continues (SIGCONT) the process: connections stay open, nothing answers. */
  signal(signal: 'SIGSTOP' | 'SIGCONT'): void {
    this.child?.kill(signal);
  }

  async kill(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  async cleanup(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A TCP proxy to PostgreSQL that the test closes (refusing, live connections cut) and opens again. */
class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  /** Stops listening and cuts every connection through it. */
  close(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

/** Polls /readyz until it answers `status` (the dependency came back or was noticed gone). */
async function readyzBecomes(url: string, status: number): Promise<{ status: number; body: any }> {
  for (;;) {
    const res = await fetch(`${url}/readyz`);
    const body = await res.json();
    if (res.status === status) return { status: res.status, body };
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * How a socket upgrade with the client's cookie ends: the HTTP status of a refused upgrade, or the close
 * code of a socket that opened (4401: the page would show its sign-in screen).
 */
function upgradeOutcome(baseUrl: string, client: Client): Promise<{ status: number } | { closeCode: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(wsUrl(baseUrl), 'graphql-transport-ws', { headers: { cookie: client.cookieHeader(), origin: baseUrl } });
    ws.on('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0 });
      ws.terminate();
    });
    ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: {} })));
    ws.on('message', () => ws.close(1000));
    ws.on('close', (code) => resolve({ closeCode: code }));
    ws.on('error', () => undefined);
  });
}

/** The answer every request gets while a dependency is down: 503, Retry-After, a readable message. */
function expectUnavailable(res: { status: number; headers: Headers }, message: string | undefined): void {
  expect(res.status).toBe(503);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(message).toMatch(/cannot reach .* right now\. Try again in a moment\./);
}

describe('Redis unreachable', () => {
  let redis: RedisServer;
  let server: TestServer;
  let member: Client;

  beforeAll(async () => {
    redis = new RedisServer(await freePort());
    await redis.start();
    server = await startServer({ env: { REDIS_URL: redis.url } });
    member = await signedIn(server.url, 'user');
  });
  afterAll(async () => {
    await server?.close();
    await redis?.cleanup();
  });

  it('answers 503 with Retry-After while Redis is down, /readyz says so, and recovers when it returns', async () => {
    expect((await member.get('/api/auth/me')).status).toBe(200);
    expect(await readyzBecomes(server.url, 200)).toMatchObject({ body: { status: 'ready', database: 'up', redis: 'up' } });

    await redis.stop();

    // A signed-in REST read and write, and GraphQL over HTTP.
    const me = await member.get('/api/auth/me');
    expectUnavailable(me, me.body?.message);
    expect(me.body.code).toBe('SERVICE_UNAVAILABLE');
    const write = await member.post('/api/tasks', { title: 'While Redis is down' });
    expectUnavailable(write, write.body?.message);
    const gqlRes = await member.request('POST', '/graphql', { query: ME });
    expectUnavailable(gqlRes, gqlRes.body?.errors?.[0]?.message);
    expect(gqlRes.body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
    // A live-update socket is refused with 503 (the browser retries), never closed as an ended session.
    expect(await upgradeOutcome(server.url, member)).toEqual({ status: 503 });

    // Signing in (REST and GraphQL) needs the session store and the login limiter, both in Redis.
    const anonymous = new Client(server.url);
    const login = await anonymous.post('/api/auth/login', { username: 'manager', password: 'manager123' });
    expectUnavailable(login, login.body?.message);
    const gqlLogin = await anonymous.request('POST', '/graphql', { query: 'mutation { login(username: "manager", password: "manager123") { id } }' });
    expectUnavailable(gqlLogin, gqlLogin.body?.errors?.[0]?.message);
    expect(gqlLogin.body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');

    // Readiness names Redis; liveness stays up.
    const readyz = await readyzBecomes(server.url, 503);
    expect(readyz.body).toMatchObject({ status: 'not ready', database: 'up', redis: 'down', unreachable: ['redis'] });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    await redis.start();
    expect((await readyzBecomes(server.url, 200)).body).toMatchObject({ redis: 'up', unreachable: [] });
    const back = await member.get('/api/auth/me');
    expect(back.status).toBe(200);
    expect(back.body.username ?? back.body.user?.username).toBe('user');
    expect((await member.gql(ME)).data?.me?.username).toBe('user');
    expect(await upgradeOutcome(server.url, member)).toEqual({ closeCode: 1000 });
    expect((await member.post('/api/tasks', { title: 'After Redis came back' })).status).toBe(201);
    expect((await signedIn(server.url, 'manager')).cookieHeader()).toContain('lwf.sid=');
  });

  it('answers 503 when Redis keeps its connections but stops answering (commands time out), and recovers', async () => {
    expect((await member.get('/api/auth/me')).status).toBe(200);
    redis.signal('SIGSTOP');
    try {
      const me = await member.get('/api/auth/me');
      expectUnavailable(me, me.body?.message);
      expect((await readyzBecomes(server.url, 503)).body).toMatchObject({ redis: 'down', unreachable: ['redis'] });
    } finally {
      redis.signal('SIGCONT');
    }
    await readyzBecomes(server.url, 200);
    expect((await member.get('/api/auth/me')).status).toBe(200);
  });

  it('shows the database and Redis on the admin health card', async () => {
    const admin = await signedIn(server.url, 'admin');
    const res = await admin.gql('query { systemStatus { ready databaseReachable redisReachable liveUpdates } }');
    expect(res.errors).toBeUndefined();
    expect(res.data.systemStatus).toEqual({ ready: true, databaseReachable: true, redisReachable: true, liveUpdates: 'redis' });
  });
});

describe('Redis unreachable at start', () => {
  let redis: RedisServer;
  let server: TestServer;
  beforeAll(async () => {
    redis = new RedisServer(await freePort());
  });
  afterAll(async () => {
    await server?.close();
    await redis?.cleanup();
  });

  it('starts not ready, answers 503, and becomes ready (live updates subscribed) once Redis is up', async () => {
    const prefix = `lwf-start-${process.pid}:`;
    server = await startServer({ env: { REDIS_URL: redis.url, REDIS_PREFIX: prefix } });
    expect((await readyzBecomes(server.url, 503)).body).toMatchObject({ database: 'up', redis: 'down', unreachable: ['redis'] });
    const login = await new Client(server.url).post('/api/auth/login', { username: 'user', password: 'user123' });
    expectUnavailable(login, login.body?.message);

    await redis.start();
    await readyzBecomes(server.url, 200);
    const member = await signedIn(server.url, 'user');
    expect((await member.gql(ME)).data?.me?.username).toBe('user');
    // The live-update channels were subscribed once Redis answered (the SUBSCRIBEs waited for it).
    const probe = new Redis(redis.url);
    try {
      for (;;) {
        const channels = (await probe.pubsub('CHANNELS', `${prefix}*`)) as string[];
        if (channels.length > 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      probe.disconnect();
    }
  });
});

describe('without Redis', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.close());

  it('is ready when the database answers, and says Redis is not used', async () => {
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', database: 'up', redis: 'not used', unreachable: [] });
    const admin = await signedIn(server.url, 'admin');
    const status = await admin.gql('query { systemStatus { ready databaseReachable redisReachable } }');
    expect(status.data.systemStatus).toEqual({ ready: true, databaseReachable: true, redisReachable: null });
  });
});

describe.runIf(usingPostgres())('PostgreSQL unreachable mid-run', () => {
  let proxy: TcpProxy;
  let server: TestServer;
  let databaseUrl: string;
  let member: Client;

  beforeAll(async () => {
    databaseUrl = await createScratchDatabase(process.env.DATABASE_URL!, 'lwf_ready');
    const direct = new URL(databaseUrl);
    proxy = new TcpProxy(await freePort(), { host: direct.hostname, port: Number(direct.port || 5432) });
    await proxy.open();
    const proxied = new URL(databaseUrl);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    server = await startServer({ databaseUrl: proxied.toString() });
    member = await signedIn(server.url, 'user');
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    if (databaseUrl) await dropScratchDatabase(process.env.DATABASE_URL!, databaseUrl);
  });

  it('answers 503 with Retry-After while the database is down, /readyz says so, and recovers when it returns', async () => {
    expect((await member.get('/api/tasks')).status).toBe(200);
    expect((await readyzBecomes(server.url, 200)).body).toMatchObject({ database: 'up', redis: 'not used' });

    await proxy.close();

    const tasks = await member.get('/api/tasks');
    expectUnavailable(tasks, tasks.body?.message);
    const write = await member.post('/api/tasks', { title: 'While the database is down' });
    expectUnavailable(write, write.body?.message);
    const gqlRes = await member.request('POST', '/graphql', { query: ME });
    expectUnavailable(gqlRes, gqlRes.body?.errors?.[0]?.message);
    expect(gqlRes.body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
    const login = await new Client(server.url).post('/api/auth/login', { username: 'manager', password: 'manager123' });
    expectUnavailable(login, login.body?.message);

    const readyz = await readyzBecomes(server.url, 503);
    expect(readyz.body).toMatchObject({ status: 'not ready', database: 'down', unreachable: ['database'] });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    await proxy.open();
    await readyzBecomes(server.url, 200);
    expect((await member.get('/api/tasks')).status).toBe(200);
    expect((await member.gql(ME)).data?.me?.username).toBe('user');
    expect((await member.post('/api/tasks', { title: 'After the database came back' })).status).toBe(201);
  });
});
