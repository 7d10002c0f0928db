import http from 'node:http';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, startServerPair, usingPostgres, type TestServer } from './support/server.js';
import { people, newTask, type Person } from './support/task-helpers.js';
import { createScratchDatabase, dropScratchDatabase } from '../../api/db/scratch-database.js';
import { Webhook, WebhookEvent } from '../../api/modules/webhook/webhook.entity.js';

/** What a receiver answers a request with: a status, or 'hang' (never answers). */
type Answer = number | 'hang';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: any;
}

/** A webhook receiver on 127.0.0.1: records every request and answers from a per-path script (then 200). */
class Receiver {
  readonly received: Received[] = [];
  private readonly scripts = new Map<string, Answer[]>();
  private readonly hanging = new Set<http.ServerResponse>();
  private server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      this.received.push({ path, headers: req.headers, raw, body: JSON.parse(raw) });
      const answer = this.scripts.get(path)?.shift() ?? 200;
      if (answer === 'hang') this.hanging.add(res);
      else res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer >= 300 ? 'receiver says no' : 'ok');
    });
  });
  port = 0;

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
    return this;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** The answers to the next requests to `path`. */
  script(path: string, ...answers: Answer[]): void {
    this.scripts.set(path, answers);
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Polls until `check` returns a value that is not undefined/false (20 s at most). */
async function until<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value as T;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const SECRET = 'a-test-secret-of-some-length';
const ALL_EVENTS = ['task.created', 'task.updated', 'task.deleted', 'comment.created', 'subtask.created', 'subtask.updated', 'subtask.deleted'];
/** Short retries and timeouts (WEBHOOK_TIMEOUT_MS is the test knob for the 10 s default), private receivers allowed. */
const DELIVERY_ENV = { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_MS: '20', WEBHOOK_TIMEOUT_MS: '1000' };

const verify = (secret: string, r: Received): boolean => {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(r.raw).digest('hex')}`);
  const given = Buffer.from(String(r.headers['x-lwf-signature'] ?? ''));
  return given.length === expected.length && timingSafeEqual(given, expected);
};

async function register(admin: Person, url: string, events = ALL_EVENTS, secret = SECRET): Promise<any> {
  const res = await admin.client.post('/api/webhooks', { url, events, secret });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const deliveries = async (admin: Person, hookId: string): Promise<any[]> => {
  const res = await admin.client.get(`/api/webhooks/${hookId}/deliveries`);
  expect(res.status).toBe(200);
  return res.body;
};

describe('webhooks: delivery', () => {
  let server: TestServer;
  let receiver: Receiver;
  let admin: Person;
  let user: Person;

  beforeAll(async () => {
    [server, receiver] = await Promise.all([startServer({ env: DELIVERY_ENV }), new Receiver().start()]);
    ({ admin, user } = await people(server));
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  it('signs each delivery and sends exactly the changed fields, with the task in its REST shape', async () => {
    const hook = await register(admin, receiver.url('/signed'), ['task.created', 'task.updated']);
    expect(hook).not.toHaveProperty('secret');
    const task = await newTask(user.client, { title: 'Signed', priority: 'low' });
    const created = await until('task.created', () => receiver.at('/signed').find((r) => r.body.event === 'task.created' && r.body.task?.id === task.id));
    expect(verify(SECRET, created)).toBe(true);
    expect(verify('another-secret-entirely', created)).toBe(false);
    expect(created.headers['content-type']).toBe('application/json');
    expect(created.headers['x-lwf-event']).toBe('task.created');
    expect(created.body).toMatchObject({ event: 'task.created', actor: { id: user.id, username: 'user' }, task: { id: task.id, title: 'Signed' } });
    expect(created.body.changes.title).toEqual({ from: null, to: 'Signed' });

    const patched = await user.client.patch(`/api/tasks/${task.id}`, { title: 'Signed and sealed', priority: 'high', description: task.description });
    expect(patched.status).toBe(200);
    const updated = await until('task.updated', () => receiver.at('/signed').find((r) => r.body.event === 'task.updated' && r.body.task?.id === task.id));
    expect(verify(SECRET, updated)).toBe(true);
    expect(updated.body.changes).toEqual({ title: { from: 'Signed', to: 'Signed and sealed' }, priority: { from: 'low', to: 'high' } });
    // The task as GET /api/tasks/{id} serves it.
    const rest = (await user.client.get(`/api/tasks/${task.id}`)).body;
    expect(updated.body.task).toEqual(rest);
    expect(Date.parse(updated.body.occurredAt)).not.toBeNaN();

    const list = await until('both delivered', async () => {
      const all = await deliveries(admin, hook.id);
      return all.length === 2 && all.every((d) => d.status === 'succeeded') && all;
    });
    expect(list[0]).toMatchObject({ event: 'task.updated', status: 'succeeded', statusCode: 200, attempt: 1, error: null });
    expect(list[0].durationMs).toBeGreaterThanOrEqual(0);
    expect(updated.headers['x-lwf-delivery']).toBe(list[0].id);
    expect(updated.body.id).toBe(list[0].eventId);
  });

  it('sends every event kind to the webhooks subscribed to it', async () => {
    const hook = await register(admin, receiver.url('/all'));
    const onlyComments = await register(admin, receiver.url('/comments'), ['comment.created']);
    const task = await newTask(user.client, { title: 'Every kind' });
    expect((await user.client.patch(`/api/tasks/${task.id}`, { status: 'In Progress' })).status).toBe(200);
    const subtask = (await user.client.post(`/api/tasks/${task.id}/subtasks`, { title: 'Step' })).body;
    expect((await user.client.patch(`/api/subtasks/${subtask.id}`, { title: 'Step one' })).status).toBe(200);
    expect((await user.client.delete(`/api/subtasks/${subtask.id}`)).status).toBe(200);
    expect((await user.client.post(`/api/tasks/${task.id}/comments`, { content: 'Looks good' })).status).toBe(201);
    expect((await user.client.delete(`/api/tasks/${task.id}`)).status).toBe(200);
    const events = await until('seven events', () => {
      const mine = receiver.at('/all').filter((r) => r.body.task?.id === task.id);
      return mine.length === 7 && mine;
    });
    expect(events.map((r) => r.body.event).sort()).toEqual([...ALL_EVENTS].sort());
    const byEvent = Object.fromEntries(events.map((r) => [r.body.event, r.body]));
    expect(byEvent['subtask.updated'].changes).toEqual({ title: { from: 'Step', to: 'Step one' } });
    expect(byEvent['subtask.created'].subtask).toMatchObject({ id: subtask.id, title: 'Step' });
    expect(byEvent['comment.created'].comment).toMatchObject({ content: 'Looks good' });
    expect(byEvent['task.deleted'].changes.title).toEqual({ from: 'Every kind', to: null });
    const comments = await until('the comment', () => receiver.at('/comments').length === 1 && receiver.at('/comments'));
    expect(comments[0].body.event).toBe('comment.created');
    expect(await deliveries(admin, onlyComments.id)).toHaveLength(1);
    expect(await until('7 deliveries', async () => (await deliveries(admin, hook.id)).length === 7)).toBe(true);
  });

  it('retries after a 500 and records the attempts', async () => {
    receiver.script('/flaky', 500, 200);
    const hook = await register(admin, receiver.url('/flaky'), ['task.created']);
    const task = await newTask(user.client, { title: 'Retry me' });
    const done = await until('delivered on the second attempt', async () => {
      const [d] = await deliveries(admin, hook.id);
      return d?.status === 'succeeded' && d;
    });
    expect(done).toMatchObject({ attempt: 2, statusCode: 200, error: null, event: 'task.created' });
    const tries = receiver.at('/flaky');
    expect(tries).toHaveLength(2);
    // The same delivery, byte for byte: same id, same body, same signature.
    expect(tries[1].headers['x-lwf-delivery']).toBe(tries[0].headers['x-lwf-delivery']);
    expect(tries[1].raw).toBe(tries[0].raw);
    expect(tries[0].body.task.id).toBe(task.id);
  });

  it('counts a timeout as a failure, gives up after 6 attempts, and redelivers by hand', async () => {
    receiver.script('/slow', 'hang', 'hang', 'hang', 'hang', 'hang', 'hang');
    const hook = await register(admin, receiver.url('/slow'), ['task.created']);
    await newTask(user.client, { title: 'Too slow' });
    const failed = await until('failed after 6 attempts', async () => {
      const [d] = await deliveries(admin, hook.id);
      return d?.status === 'failed' && d;
    });
    expect(failed).toMatchObject({ attempt: 6, statusCode: null });
    expect(failed.error).toMatch(/^Timed out after 1000 ms/);
    expect(receiver.at('/slow')).toHaveLength(6);

    // Redeliver: the receiver answers now.
    const again = await admin.client.post(`/api/webhooks/${hook.id}/deliveries/${failed.id}/redeliver`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: failed.id, status: 'pending' });
    const done = await until('redelivered', async () => {
      const [d] = await deliveries(admin, hook.id);
      return d?.status === 'succeeded' && d;
    });
    expect(done).toMatchObject({ id: failed.id, attempt: 1, statusCode: 200 });
    expect(receiver.at('/slow')).toHaveLength(7);
    // Only failed deliveries can be redelivered.
    const twice = await admin.client.post(`/api/webhooks/${hook.id}/deliveries/${failed.id}/redeliver`);
    expect(twice.status).toBe(400);
    expect(twice.body.message).toMatch(/only failed deliveries/);
  });

  it('sends nothing for a disabled webhook or for a refused change', async () => {
    const hook = await register(admin, receiver.url('/quiet'), ['task.created', 'task.updated']);
    const off = await admin.client.patch(`/api/webhooks/${hook.id}`, { enabled: false });
    expect(off.body).toMatchObject({ enabled: false });
    await newTask(user.client, { title: 'Nobody listens' });
    // A refused change (bad input) queues nothing either.
    const task = await newTask(admin.client, { title: 'Refused later' });
    expect((await admin.client.patch(`/api/tasks/${task.id}`, { title: '' })).status).toBe(400);
    // The worker has processed those events (while the webhook was off) before it is switched on again.
    await until('the outbox drained', async () => (await server.app.runtime.orm.em.fork().count(WebhookEvent)) === 0);
    expect((await admin.client.patch(`/api/webhooks/${hook.id}`, { enabled: true })).body.enabled).toBe(true);
    const marker = await newTask(user.client, { title: 'Marker' });
    const got = await until('the marker', () => receiver.at('/quiet').find((r) => r.body.task?.id === marker.id));
    expect(got.body.event).toBe('task.created');
    // Deliveries are made when the event is processed: the disabled webhook's events were not queued for it.
    expect(receiver.at('/quiet').map((r) => r.body.task.title)).toEqual(['Marker']);
  });

  it('GraphQL: create, list, update, deliveries, delete', async () => {
    const created = await admin.client.gql(
      'mutation($input: WebhookInput!) { createWebhook(input: $input) { id url events enabled } }',
      { input: { url: receiver.url('/gql'), events: ['task.updated', 'task.created'], secret: SECRET } },
    );
    expect(created.errors).toBeUndefined();
    const hook = created.data.createWebhook;
    expect(hook).toMatchObject({ url: receiver.url('/gql'), events: ['task.created', 'task.updated'], enabled: true });
    await newTask(user.client, { title: 'Over GraphQL' });
    const list = await until('a GraphQL delivery', async () => {
      const r = await admin.client.gql('query($id: ID!) { webhooks { id } webhookDeliveries(webhookId: $id) { id event status statusCode attempt durationMs error } }', { id: hook.id });
      return r.data?.webhookDeliveries.length === 1 && r.data.webhookDeliveries[0].status === 'succeeded' && r.data;
    });
    expect(list.webhooks.map((w: any) => w.id)).toContain(hook.id);
    expect(list.webhookDeliveries[0]).toMatchObject({ event: 'task.created', statusCode: 200, error: null });
    const updated = await admin.client.gql('mutation($id: ID!) { updateWebhook(id: $id, input: { enabled: false }) { enabled } }', { id: hook.id });
    expect(updated.data.updateWebhook.enabled).toBe(false);
    const bad = await admin.client.gql('mutation($id: ID!) { updateWebhook(id: $id, input: { events: ["task.exploded"] }) { id } }', { id: hook.id });
    expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const deleted = await admin.client.gql('mutation($id: ID!) { deleteWebhook(id: $id) }', { id: hook.id });
    expect(deleted.data.deleteWebhook).toBe(hook.id);
    expect((await admin.client.get(`/api/webhooks/${hook.id}/deliveries`)).status).toBe(404);
  });
});

describe('webhooks: only the events an enabled webhook wants are queued (one server process)', () => {
  let server: TestServer;
  let receiver: Receiver;
  let admin: Person;
  const outboxInserts = () => server.queries.log().filter((sql) => /insert into .webhook_events/.test(sql)).length;
  const interest = () => server.app.runtime.webhookInterest;

  beforeAll(async () => {
    [server, receiver] = await Promise.all([startServer({ env: DELIVERY_ENV }), new Receiver().start()]);
    ({ admin } = await people(server));
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  it('queues nothing while no webhook is enabled, and what a new webhook subscribes to from then on', async () => {
    const task = await newTask(admin.client, { title: 'Before any webhook' });
    server.queries.reset();
    expect((await admin.client.patch(`/api/tasks/${task.id}`, { priority: 'high' })).status).toBe(200);
    await newTask(admin.client, { title: 'Nobody listens yet' });
    expect(outboxInserts()).toBe(0);

    const hook = await register(admin, receiver.url('/wanted'), ['task.created']);
    await until('the new webhook read', () => interest().wants('task.created') && !interest().wants('task.updated'));
    server.queries.reset();
    expect((await admin.client.patch(`/api/tasks/${task.id}`, { priority: 'low' })).status).toBe(200);
    expect(outboxInserts()).toBe(0); // task.updated: not subscribed to
    const wanted = await newTask(admin.client, { title: 'Wanted' });
    expect(outboxInserts()).toBe(1);
    await until('the wanted event', () => receiver.at('/wanted').find((r) => r.body.task?.id === wanted.id));

    expect((await admin.client.patch(`/api/webhooks/${hook.id}`, { events: ['task.created', 'task.updated'] })).status).toBe(200);
    await admin.client.patch(`/api/tasks/${task.id}`, { priority: 'medium' });
    const updated = await until('task.updated once subscribed', () => receiver.at('/wanted').find((r) => r.body.event === 'task.updated'));
    expect(updated.body.changes).toEqual({ priority: { from: 'low', to: 'medium' } });

    expect((await admin.client.patch(`/api/webhooks/${hook.id}`, { enabled: false })).status).toBe(200);
    // The enabled webhooks are read again after the change commits, after the answer: until then every
    // event is wanted (webhook.interest.ts).
    await until('the switched-off webhook read', () => !interest().wants('task.created'));
    server.queries.reset();
    await newTask(admin.client, { title: 'Switched off' });
    expect(outboxInserts()).toBe(0);
    expect((await admin.client.patch(`/api/webhooks/${hook.id}`, { enabled: true })).status).toBe(200);
    const back = await newTask(admin.client, { title: 'Switched on again' });
    await until('the event after switching on', () => receiver.at('/wanted').find((r) => r.body.task?.id === back.id));
    expect(receiver.at('/wanted').map((r) => r.body.task.title)).not.toContain('Switched off');

    expect((await admin.client.delete(`/api/webhooks/${hook.id}`)).status).toBe(200);
    await until('the deleted webhook read', () => !interest().wants('task.created'));
    server.queries.reset();
    await newTask(admin.client, { title: 'Deleted webhook' });
    expect(outboxInserts()).toBe(0);
  });

  it('wants every event from the flush of a webhook change until it has committed and been read', async () => {
    expect(interest().wants('comment.created')).toBe(false);
    const em = server.app.runtime.orm.em.fork();
    await em.transactional(async (tx) => {
      tx.create(Webhook, { url: receiver.url('/in-transaction'), secret: SECRET, events: ['task.deleted'], enabled: true, createdAt: new Date(), updatedAt: new Date() });
      await tx.flush();
      // Not committed yet: nothing can be known, so everything is queued.
      expect(interest().wants('comment.created')).toBe(true);
    });
    await until('the committed webhook read', () => !interest().wants('comment.created'));
    expect(interest().wants('task.deleted')).toBe(true);

    // A change rolled back leaves what was there.
    await expect(
      em.fork().transactional(async (tx) => {
        const hook = await tx.findOneOrFail(Webhook, { url: receiver.url('/in-transaction') });
        hook.events = ['comment.created'];
        await tx.flush();
        expect(interest().wants('comment.created')).toBe(true);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await until('the state after the rollback read', () => !interest().wants('comment.created'));
    expect(interest().wants('task.deleted')).toBe(true);
  });
});

describe.skipIf(!process.env.REDIS_URL)('webhooks: with Redis (several server processes)', () => {
  it('queues every event: another process may enable a webhook at any time, the worker decides', async () => {
    const server = await startServer({ env: { REDIS_URL: process.env.REDIS_URL! } });
    try {
      const { admin } = await people(server);
      server.queries.reset();
      await newTask(admin.client, { title: 'Queued for the worker' });
      expect(server.queries.log().filter((sql) => /insert into .webhook_events/.test(sql))).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

describe('webhooks: restart', () => {
  it('keeps a queued delivery across a restart and sends it once from the new server', async () => {
    const receiver = await new Receiver().start();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lwf-webhook-restart-'));
    const databaseUrl = usingPostgres() ? await createScratchDatabase(process.env.DATABASE_URL!, 'lwf_webhook_restart') : null;
    try {
      // The first attempt hangs: the server is stopped while it is in flight, before anything was delivered.
      receiver.script('/restart', 'hang');
      const first = await startServer({ env: DELIVERY_ENV, dataDir, databaseUrl });
      const { admin } = await people(first);
      const hook = await register(admin, receiver.url('/restart'), ['task.created']);
      const task = await newTask(admin.client, { title: 'Survives' });
      await until('the first attempt in flight', () => receiver.at('/restart').length === 1);
      await first.close();
      const [queued] = receiver.at('/restart');

      const second = await startServer({ env: DELIVERY_ENV, dataDir, databaseUrl });
      try {
        const again = await person2(second);
        const done = await until('delivered by the new server', async () => {
          const [d] = await deliveries(again, hook.id);
          return d?.status === 'succeeded' && d;
        });
        // The stopped attempt was handed back, so it did not count.
        expect(done).toMatchObject({ attempt: 1, statusCode: 200 });
        const tries = receiver.at('/restart');
        expect(tries).toHaveLength(2);
        expect(tries[1].headers['x-lwf-delivery']).toBe(queued.headers['x-lwf-delivery']);
        expect(tries[1].body).toMatchObject({ id: queued.body.id, event: 'task.created', task: { id: task.id } });
      } finally {
        await second.close();
      }
    } finally {
      await receiver.close();
      if (databaseUrl) await dropScratchDatabase(process.env.DATABASE_URL!, databaseUrl);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

const person2 = async (server: TestServer): Promise<Person> => (await people(server)).admin;

describe('webhooks: SSRF guard (WEBHOOK_ALLOW_PRIVATE unset)', () => {
  let server: TestServer;
  let receiver: Receiver;
  let admin: Person;

  beforeAll(async () => {
    [server, receiver] = await Promise.all([startServer({ env: { WEBHOOK_RETRY_BASE_MS: '20' } }), new Receiver().start()]);
    ({ admin } = await people(server));
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  it('refuses loopback, private, link-local and special-purpose addresses at registration', async () => {
    const urls = [
      'http://127.0.0.1:9/hook',
      'http://10.1.2.3/hook',
      'http://192.168.0.10/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[fe80::1]/hook',
      'http://100.64.0.1/hook',
      'http://0.0.0.0/hook',
      'http://2130706433/hook', // 127.0.0.1 written as a number
      'http://localhost/hook',
      receiver.url('/ssrf'),
    ];
    for (const url of urls) {
      const res = await admin.client.post('/api/webhooks', { url, events: ['task.created'], secret: SECRET });
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toMatch(/^URL must point to a public address: .*loopback, private, link-local or other special-purpose address/);
    }
    expect((await admin.client.get('/api/webhooks')).body).toEqual([]);
  });

  it('checks the address again when delivering (a name that now resolves to loopback is refused)', async () => {
    // Stored directly, as if the name had resolved to a public address at registration (DNS rebinding).
    const em = server.app.runtime.orm.em.fork();
    const hook = em.create(Webhook, { url: `http://localhost:${receiver.port}/rebound`, secret: SECRET, events: ['task.created'], enabled: true, createdAt: new Date(), updatedAt: new Date() });
    await em.flush();
    await newTask(admin.client, { title: 'Rebound' });
    const [d] = await until('refused', async () => {
      const list = await deliveries(admin, hook.id);
      return list[0]?.error ? list : undefined;
    });
    expect(d.error).toMatch(/^Refused: the address (127\.0\.0\.1|::1) is loopback, private, link-local or otherwise not public/);
    expect(d.statusCode).toBeNull();
    expect(receiver.received).toHaveLength(0);
  });
});

describe('webhooks: permissions and input', () => {
  let server: TestServer;
  let admin: Person;
  let manager: Person;
  let user: Person;
  let hook: any;

  beforeAll(async () => {
    server = await startServer({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    ({ admin, manager, user } = await people(server));
    hook = await register(admin, 'http://127.0.0.1:9/hook', ['task.created']);
  });
  afterAll(() => server?.close());

  it('answers 403 / FORBIDDEN to members and managers, changing nothing', async () => {
    for (const p of [manager, user]) {
      const calls = [
        p.client.get('/api/webhooks'),
        p.client.post('/api/webhooks', { url: 'http://127.0.0.1:9/x', events: ['task.created'], secret: SECRET }),
        p.client.patch(`/api/webhooks/${hook.id}`, { enabled: false }),
        p.client.delete(`/api/webhooks/${hook.id}`),
        p.client.get(`/api/webhooks/${hook.id}/deliveries`),
        p.client.post(`/api/webhooks/${hook.id}/deliveries/${hook.id}/redeliver`),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(403);
        expect(res.body.message).toBe('Only admins can manage webhooks');
      }
      const gql = await p.client.gql('{ webhooks { id } }');
      expect(gql.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      const mutation = await p.client.gql('mutation($id: ID!) { deleteWebhook(id: $id) }', { id: hook.id });
      expect(mutation.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    const list = (await admin.client.get('/api/webhooks')).body;
    expect(list).toEqual([expect.objectContaining({ id: hook.id, enabled: true, events: ['task.created'] })]);
    expect(list[0]).not.toHaveProperty('secret');
  });

  it('refuses bad input with a clear message (400), changing nothing', async () => {
    const ok = { url: 'http://127.0.0.1:9/x', events: ['task.created'], secret: SECRET };
    const cases: [unknown, RegExp][] = [
      [{ ...ok, url: '' }, /^URL is required$/],
      [{ ...ok, url: 'not a url' }, /^URL must be an absolute http:\/\/ or https:\/\/ URL$/],
      [{ ...ok, url: 'ftp://127.0.0.1/x' }, /^URL must use http:\/\/ or https:\/\/$/],
      [{ ...ok, url: 'http://me:pw@127.0.0.1/x' }, /^URL must not contain a user name or password$/],
      [{ ...ok, events: [] }, /^Events must list at least one of: task.created/],
      [{ ...ok, events: ['task.created', 'task.exploded'] }, /^Unknown event "task.exploded": events are task.created/],
      [{ ...ok, events: 'task.created' }, /^Events must list at least one/],
      [{ ...ok, secret: '' }, /^Secret is required$/],
      [{ url: ok.url, events: ok.events }, /^Secret is required$/],
      [{ ...ok, secret: 'short' }, /^Secret must be 16 to 200 characters long$/],
      [{ ...ok, secret: 'x'.repeat(201) }, /^Secret must be 16 to 200 characters long$/],
      [{ ...ok, secret: 'with spaces in the secret' }, /^Secret must be printable ASCII without spaces$/],
      [{ url: 'gopher://x', events: ['nope'], secret: 'short' }, /^Please fix 3 problems: /],
      [[], /^Expected a JSON object/],
    ];
    for (const [payload, message] of cases) {
      const res = await admin.client.post('/api/webhooks', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message, JSON.stringify(payload)).toMatch(message);
    }
    const patch = await admin.client.patch(`/api/webhooks/${hook.id}`, { enabled: 'yes' });
    expect(patch.status).toBe(400);
    expect(patch.body.message).toBe('Enabled must be true or false');
    expect((await admin.client.get('/api/webhooks/not-an-id/deliveries')).status).toBe(404);
    expect((await admin.client.post(`/api/webhooks/${hook.id}/deliveries/not-an-id/redeliver`)).status).toBe(404);
    expect((await admin.client.get('/api/webhooks')).body).toHaveLength(1);
  });

  it('deletes a webhook', async () => {
    const res = await admin.client.delete(`/api/webhooks/${hook.id}`);
    expect(res.body).toEqual({ id: hook.id });
    expect((await admin.client.get('/api/webhooks')).body).toEqual([]);
    expect((await admin.client.delete(`/api/webhooks/${hook.id}`)).status).toBe(404);
  });
});

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;

describe.skipIf(!usingPostgres() || !REDIS_URL)('webhooks: two server processes on PostgreSQL + Redis', () => {
  it('sends each event once under a burst of writes on both servers', async () => {
    const receiver = await new Receiver().start();
    // Both servers deliver (their workers share the queue).
    // (A generous timeout: a retry after a slow answer would be a second send by design, not a double claim.)
    const pair = await startServerPair(DATABASE_URL!, REDIS_URL!, 'webhooks', { env: { ...DELIVERY_ENV, WEBHOOK_TIMEOUT_MS: '10000' } });
    try {
      const [onA, onB] = [(await people(pair.a)).admin, (await people(pair.b)).admin];
      const hook = await register(onA, receiver.url('/pair'), ['task.created', 'task.updated']);
      const BURST = 30;
      const tasks = await Promise.all(Array.from({ length: BURST }, (_, i) => newTask(i % 2 ? onA.client : onB.client, { title: `Burst ${i}` })));
      await Promise.all(tasks.map((t, i) => (i % 2 ? onB : onA).client.patch(`/api/tasks/${t.id}`, { priority: 'high' })));
      const list = await until('every delivery settled', async () => {
        const all = await deliveries(onB, hook.id);
        return all.length === BURST * 2 && all.every((d) => d.status === 'succeeded') && all;
      });
      expect(list.filter((d) => d.attempt !== 1)).toEqual([]);
      const received = receiver.at('/pair');
      expect(received).toHaveLength(BURST * 2);
      expect(new Set(received.map((r) => r.body.id)).size).toBe(BURST * 2);
      expect(new Set(received.map((r) => r.headers['x-lwf-delivery'])).size).toBe(BURST * 2);
      expect(received.filter((r) => r.body.event === 'task.updated').every((r) => JSON.stringify(r.body.changes) === JSON.stringify({ priority: { from: 'medium', to: 'high' } }))).toBe(true);
    } finally {
      await pair.close();
      await receiver.close();
    }
  }, 120_000);
});
