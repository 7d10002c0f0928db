import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, startServerPair, usingPostgres, type TestServer } from './support/server.js';
import { people, newTask, type Person } from './support/task-helpers.js';
import { ALL_EVENTS, DELIVERY_ENV, Receiver, SECRET, deliveries, register, until, verify } from './support/webhook-receiver.js';
import { createScratchDatabase, dropScratchDatabase } from '../../api/db/scratch-database.js';
import { WebhookEvent } from '../../api/modules/webhook/webhook.entity.js';

// Webhook delivery: what is sent and signed, retries and timeouts, a restart, two server processes.
// What is queued, the address guard and who may register: webhooks-admin.test.ts.

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
    // The task as GET /api/tasks/{id} serves it, less the fields REST reads from other tables (docs/API.md, Webhooks).
    const { descriptionMentions, timeSpentMinutes, ...stored } = (await user.client.get(`/api/tasks/${task.id}`)).body;
    expect({ descriptionMentions, timeSpentMinutes }).toEqual({ descriptionMentions: [], timeSpentMinutes: 0 });
    expect(updated.body.task).toEqual(stored);
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
    const created = await admin.client.gql('mutation($input: WebhookInput!) { createWebhook(input: $input) { id url events enabled } }', {
      input: { url: receiver.url('/gql'), events: ['task.updated', 'task.created'], secret: SECRET },
    });
    expect(created.errors).toBeUndefined();
    const hook = created.data.createWebhook;
    expect(hook).toMatchObject({ url: receiver.url('/gql'), events: ['task.created', 'task.updated'], enabled: true });
    await newTask(user.client, { title: 'Over GraphQL' });
    const list = await until('a GraphQL delivery', async () => {
      const r = await admin.client.gql(
        'query($id: ID!) { webhooks { id } webhookDeliveries(webhookId: $id) { id event status statusCode attempt durationMs error } }',
        { id: hook.id },
      );
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
      expect(
        received
          .filter((r) => r.body.event === 'task.updated')
          .every((r) => JSON.stringify(r.body.changes) === JSON.stringify({ priority: { from: 'medium', to: 'high' } })),
      ).toBe(true);
    } finally {
      await pair.close();
      await receiver.close();
    }
  }, 120_000);
});
