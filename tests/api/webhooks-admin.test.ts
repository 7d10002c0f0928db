import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { people, newTask, type Person } from './support/task-helpers.js';
import { DELIVERY_ENV, Receiver, SECRET, deliveries, register, until } from './support/webhook-receiver.js';
import { Webhook } from '../../api/modules/webhook/webhook.entity.js';

// Webhook administration: which events are queued for the enabled webhooks, the guard on addresses,
// permissions and input. Delivery itself: webhooks-delivery.test.ts.

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
      tx.create(Webhook, {
        url: receiver.url('/in-transaction'),
        secret: SECRET,
        events: ['task.deleted'],
        enabled: true,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
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
    const hook = em.create(Webhook, {
      url: `http://localhost:${receiver.port}/rebound`,
      secret: SECRET,
      events: ['task.created'],
      enabled: true,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
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
