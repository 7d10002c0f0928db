import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { startServer, startServerPair, usingPostgres, type TestServer } from './support/server.js';
import { Client, signedIn } from './support/client.js';
import { openSocket, untilLive, type Socket } from './support/ws.js';
import { people, newTask, expectRefused, type Person } from './support/task-helpers.js';
import { freePort } from './support/ports.js';
import { EVENT_LOG_LOCK } from '../../api/realtime/event-log-ordering.js';

/** A local SMTP sink: every message received, with its envelope recipients and decoded body. */
interface Mail {
  to: string[];
  body: string;
}
async function startSmtpSink(): Promise<{ url: string; mails: Mail[]; close(): Promise<void> }> {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        // Quoted-printable soft breaks and escapes, so the link can be matched as written.
        const body = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server as unknown as { server: { address(): AddressInfo } }).server.address().port;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const list = async (p: Person, query = '') => {
  const res = await p.client.get(`/api/notifications${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    items: { id: string; kind: string; taskId: string; message: string; read: boolean; createdAt: string }[];
    totalCount: number;
    unreadCount: number;
  };
};
const ofTask = async (p: Person, taskId: string) => (await list(p)).items.filter((n) => n.taskId === taskId);
const setPrefs = async (p: Person, preferences: unknown[]) => {
  const res = await p.client.put('/api/notifications/preferences', { preferences });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

const ADDED = 'subscription { notificationAdded { id kind taskId taskTitle message read createdAt } }';
type Added = { notificationAdded: { id: string; kind: string; taskId: string; taskTitle: string; message: string; read: boolean } };

describe('notifications', () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let admin: Person;
  let manager: Person;
  let user: Person;
  let fixedNow: Date | null = null;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await startServer({
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://planner.test', REMINDER_INTERVAL_SECONDS: '3600' },
      clock: () => fixedNow ?? new Date(),
    });
    ({ admin, manager, user } = await people(server));
  });

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.dispose().catch(() => {})));
    await server?.close();
    await smtp?.close();
  });

  it('assigned: a task created for someone else, or reassigned to them, notifies them and never the actor', async () => {
    const task = await newTask(manager.client, { title: 'Prepare the board deck', assignedToId: user.id });
    const [n] = await ofTask(user, task.id);
    expect(n).toMatchObject({ kind: 'assigned', taskId: task.id, read: false });
    expect(n.message).toMatch(/assigned you "Prepare the board deck"/);
    expect(await ofTask(manager, task.id)).toEqual([]);

    const own = await newTask(manager.client, { title: 'My own work' });
    expect(await ofTask(manager, own.id)).toEqual([]);
    const res = await manager.client.patch(`/api/tasks/${own.id}`, { assignedToId: user.id });
    expect(res.status).toBe(200);
    expect((await ofTask(user, own.id)).map((x) => x.kind)).toEqual(['assigned']);
    // A change that keeps the assignee notifies nobody again.
    await manager.client.patch(`/api/tasks/${own.id}`, { title: 'My own work, renamed' });
    expect((await ofTask(user, own.id)).length).toBe(1);
  });

  it('assigned: a subtask assigned to someone else notifies them', async () => {
    const task = await newTask(manager.client, { title: 'Parent for subtask' });
    const res = await manager.client.post(`/api/tasks/${task.id}/subtasks`, { title: 'Collect figures', assignedToId: user.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [n] = await ofTask(user, task.id);
    expect(n.kind).toBe('assigned');
    expect(n.message).toMatch(/subtask "Collect figures" of "Parent for subtask"/);
  });

  it('commented: the creator and the assignee hear of a comment, the author does not', async () => {
    const task = await newTask(manager.client, { title: 'Discuss scope', assignedToId: user.id });
    const res = await user.client.post(`/api/tasks/${task.id}/comments`, { content: 'Looks good to me' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await ofTask(manager, task.id)).map((x) => x.kind)).toEqual(['commented']);
    expect((await ofTask(user, task.id)).map((x) => x.kind)).toEqual(['assigned']);
    await manager.client.post(`/api/tasks/${task.id}/comments`, { content: 'Thanks' });
    expect((await ofTask(user, task.id)).map((x) => x.kind)).toEqual(['commented', 'assigned']);
    expect((await ofTask(manager, task.id)).length).toBe(1);
  });

  it('attached: the assignee hears of a file someone else adds, in the app and by email (a kind of its own to turn off)', async () => {
    const task = await newTask(manager.client, { title: 'Collect the receipts', assignedToId: user.id });
    const form = new FormData();
    form.append('file', new Blob(['receipt']), 'receipt.txt');
    const res = await fetch(`${server.url}/api/tasks/${task.id}/attachments`, {
      method: 'POST',
      body: form,
      headers: { cookie: manager.client.cookieHeader() },
    });
    expect(res.status).toBe(201);
    const [n] = (await ofTask(user, task.id)).filter((x) => x.kind === 'attached');
    expect(n?.message).toMatch(/attached "receipt.txt" to "Collect the receipts"/);
    await server.app.notifications.mailIdle();
    const mails = smtp.mails.filter((m) => m.body.includes(`http://planner.test/?task=${task.id}`));
    const mail = mails.find((m) => m.body.includes('Maya Manager attached "receipt.txt" to "Collect the receipts"'));
    expect(mail?.to).toEqual(['user@example.com']);
    const prefs = await setPrefs(user, []);
    expect(prefs.preferences).toContainEqual({ kind: 'attached', inApp: true, email: true });
  });

  it('completed: the creator hears when someone else completes their task; nobody hears of their own work', async () => {
    const task = await newTask(manager.client, { title: 'Ship the release', assignedToId: user.id });
    const done = await user.client.patch(`/api/tasks/${task.id}`, { status: 'Done' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const [n] = await ofTask(manager, task.id);
    expect(n.kind).toBe('completed');
    expect(n.message).toMatch(/completed "Ship the release"/);

    const before = (await list(user)).totalCount;
    const own = await newTask(user.client, { title: 'Solo work' });
    await user.client.post(`/api/tasks/${own.id}/comments`, { content: 'Note to self' });
    await user.client.patch(`/api/tasks/${own.id}`, { status: 'Done' });
    expect((await list(user)).totalCount).toBe(before);
  });

  it('reads and marks only your own notifications (REST and GraphQL)', async () => {
    const a = await newTask(manager.client, { title: 'Mark A', assignedToId: user.id });
    const b = await newTask(manager.client, { title: 'Mark B', assignedToId: user.id });
    const mine = await newTask(user.client, { title: 'For the manager', assignedToId: user.id });
    await user.client.post(`/api/tasks/${mine.id}/comments`, { content: 'x' }); // no one else involved: nothing
    const [na] = await ofTask(user, a.id);
    const [nb] = await ofTask(user, b.id);

    // Someone else's id: 404 and nothing changes.
    const refused = await manager.client.post('/api/notifications/read', { ids: [na.id] });
    expectRefused(refused, 404);
    expect((await ofTask(user, a.id))[0].read).toBe(false);
    expectRefused(await user.client.post('/api/notifications/read', { ids: ['not-an-id'] }), 400);

    const marked = await user.client.post('/api/notifications/read', { ids: [na.id] });
    expect(marked.status).toBe(200);
    expect((await ofTask(user, a.id))[0].read).toBe(true);
    expect((await list(user, '?unread=true')).items.map((n) => n.id)).toContain(nb.id);
    expect((await list(user, '?unread=true')).items.map((n) => n.id)).not.toContain(na.id);

    const gql = await user.client.gql(
      '{ notifications(first: 2) { totalCount unreadCount nodes { id kind read taskTitle } pageInfo { hasNextPage endCursor } } }',
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data.notifications.nodes[0]).toMatchObject({ id: nb.id, taskTitle: 'Mark B', read: false });
    expect(gql.data.notifications.pageInfo.hasNextPage).toBe(true);

    const all = await user.client.gql('mutation { markNotificationsRead }');
    expect(all.data).toEqual({ markNotificationsRead: 0 });
    expect((await list(user)).unreadCount).toBe(0);
    // The manager's own stay unread.
    const managerUnread = await manager.client.gql('{ notifications { unreadCount } }');
    expect(managerUnread.data.notifications.unreadCount).toBeGreaterThan(0);
    expect((await new Client(server.url).get('/api/notifications')).status).toBe(401);
  });

  it('delivers notificationAdded live to the recipient only', async () => {
    const userSocket = openSocket(server.url, { cookie: user.client.cookieHeader() });
    const managerSocket = openSocket(server.url, { cookie: manager.client.cookieHeader() });
    sockets.push(userSocket, managerSocket);
    const forUser = userSocket.subscribe<Added>(ADDED);
    const forManager = managerSocket.subscribe<Added>(ADDED);
    const probe = (to: Person) => async () => (await newTask(admin.client, { title: `probe ${Math.random()}`, assignedToId: to.id })).id;
    await untilLive(forUser, probe(user), (d, id) => d.notificationAdded.taskId === id);
    await untilLive(forManager, probe(manager), (d, id) => d.notificationAdded.taskId === id);

    const task = await newTask(admin.client, { title: 'Live one', assignedToId: user.id });
    const got = await forUser.waitFor((d) => d.notificationAdded.taskId === task.id);
    expect(got.notificationAdded).toMatchObject({ kind: 'assigned', taskTitle: 'Live one', read: false });
    // A later notification of the manager's arrives, and nothing of the user's came before it.
    const later = await newTask(admin.client, { title: 'For the manager', assignedToId: manager.id });
    await forManager.waitFor((d) => d.notificationAdded.taskId === later.id);
    const managerIds = new Set((await list(manager)).items.map((n) => n.id));
    expect(forManager.events.every((e) => managerIds.has(e.notificationAdded.id))).toBe(true);
    expect(forManager.events.some((e) => e.notificationAdded.taskId === task.id)).toBe(false);
    expect(forUser.events.every((e) => !managerIds.has(e.notificationAdded.id))).toBe(true);
  });

  it('includeLatest starts the stream with the newest notification (a client checks the count it loaded)', async () => {
    const newest = await newTask(admin.client, { title: 'Newest before subscribing', assignedToId: user.id });
    const socket = openSocket(server.url, { cookie: user.client.cookieHeader() });
    sockets.push(socket);
    const sub = socket.subscribe<Added>('subscription { notificationAdded(includeLatest: true) { id taskId kind } }');
    const first = await sub.waitFor(() => true, 10_000);
    expect(first.notificationAdded.taskId).toBe(newest.id);
    const later = await newTask(admin.client, { title: 'After subscribing', assignedToId: user.id });
    await sub.waitFor((d) => d.notificationAdded.taskId === later.id);
    expect(sub.events.map((e) => e.notificationAdded.taskId)).toEqual([newest.id, later.id]);
  });

  it('honours preferences: in-app off stores and pushes nothing; email follows its own switch', async () => {
    const prefs = await user.client.gql('{ notificationPreferences { emailAvailable timeZone preferences { kind inApp email } } }');
    expect(prefs.data.notificationPreferences).toMatchObject({ emailAvailable: true, timeZone: 'UTC' });
    expect(prefs.data.notificationPreferences.preferences).toContainEqual({ kind: 'assigned', inApp: true, email: true });
    expectRefused(await user.client.put('/api/notifications/preferences', { preferences: [{ kind: 'nonsense', inApp: false }] }), 400);
    expectRefused(await user.client.put('/api/notifications/preferences', { preferences: [{ kind: 'assigned', inApp: 'no' }] }), 400);

    // Email on: the assignee gets a mail with the link to the task.
    const mailed = await newTask(manager.client, { title: 'Mail me', assignedToId: user.id });
    await server.app.notifications.mailIdle();
    const mail = smtp.mails.find((m) => m.body.includes(`http://planner.test/?task=${mailed.id}`));
    expect(mail?.to).toEqual(['user@example.com']);
    expect(mail?.body).toMatch(/assigned you "Mail me"/);
    expect(mail?.body).toMatch(/text\/html/);

    // In-app off, email off: nothing at all (and nothing pushed to a live subscriber).
    const socket = openSocket(server.url, { cookie: user.client.cookieHeader() });
    sockets.push(socket);
    const sub = socket.subscribe<Added>(ADDED);
    await untilLive(
      sub,
      async () => (await newTask(manager.client, { title: `probe ${Math.random()}`, assignedToId: user.id })).id,
      (d, id) => d.notificationAdded.taskId === id,
    );
    const updated = await user.client.gql(
      'mutation { updateNotificationPreferences(preferences: [{ kind: "assigned", inApp: false, email: false }]) { preferences { kind inApp email } } }',
    );
    expect(updated.data.updateNotificationPreferences.preferences).toContainEqual({ kind: 'assigned', inApp: false, email: false });
    const silent = await newTask(manager.client, { title: 'Silent', assignedToId: user.id });
    // A comment on the same task still notifies (another kind), and arrives after anything the assignment pushed.
    await manager.client.post(`/api/tasks/${silent.id}/comments`, { content: 'ping' });
    await sub.waitFor((d) => d.notificationAdded.taskId === silent.id && d.notificationAdded.kind === 'commented');
    expect((await ofTask(user, silent.id)).map((n) => n.kind)).toEqual(['commented']);
    expect(sub.events.filter((e) => e.notificationAdded.taskId === silent.id).map((e) => e.notificationAdded.kind)).toEqual(['commented']);
    await server.app.notifications.mailIdle();
    expect(smtp.mails.some((m) => m.body.includes(`?task=${silent.id}`) && /assigned you/.test(m.body))).toBe(false);

    // In-app off, email on: mailed but not listed.
    await setPrefs(user, [{ kind: 'assigned', email: true }]);
    const mailOnly = await newTask(manager.client, { title: 'Mail only', assignedToId: user.id });
    await server.app.notifications.mailIdle();
    expect(smtp.mails.some((m) => m.body.includes(`?task=${mailOnly.id}`))).toBe(true);
    expect(await ofTask(user, mailOnly.id)).toEqual([]);

    // In-app on, email off: listed but not mailed.
    await setPrefs(user, [{ kind: 'assigned', inApp: true, email: false }]);
    const listedOnly = await newTask(manager.client, { title: 'Listed only', assignedToId: user.id });
    await server.app.notifications.mailIdle();
    expect((await ofTask(user, listedOnly.id)).length).toBe(1);
    expect(smtp.mails.some((m) => m.body.includes(`?task=${listedOnly.id}`))).toBe(false);
    await setPrefs(user, [{ kind: 'assigned', inApp: true, email: true }]);
  });

  it("a new user's first requests, arriving together, all read their preferences (one settings row, no unique-key error)", async () => {
    const created = await admin.client.post('/api/users', {
      username: 'prefs-race',
      email: 'prefs-race@example.com',
      password: 'prefs-race123',
      role: 'member',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const fresh = await signedIn(server.url, 'prefs-race');
    const reads = await Promise.all(Array.from({ length: 6 }, () => fresh.get('/api/notifications/preferences')));
    expect(reads.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    // The row the race created keeps later changes, and a read from another zone changes only the zone.
    const off = await fresh.put('/api/notifications/preferences', { preferences: [{ kind: 'assigned', inApp: false }] });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const elsewhere = new Client(server.url, { 'x-time-zone': 'Europe/Berlin' });
    await elsewhere.login('prefs-race');
    const after = await elsewhere.get('/api/notifications/preferences');
    expect(after.body).toMatchObject({ timeZone: 'Europe/Berlin' });
    expect(after.body.preferences).toContainEqual({ kind: 'assigned', inApp: false, email: true });
  });

  it("due and overdue reminders fire once per task and day, in the assignee's time zone", async () => {
    const task = await newTask(manager.client, { title: 'File the taxes', assignedToId: user.id, dueDate: '2031-03-10' });
    const other = await newTask(manager.client, { title: 'Not due yet', assignedToId: user.id, dueDate: '2031-03-12' });
    fixedNow = new Date('2031-03-10T08:00:00Z');
    try {
      await Promise.all([server.app.notifications.runReminderRound(), server.app.notifications.runReminderRound()]);
      await server.app.notifications.runReminderRound();
      expect((await ofTask(user, task.id)).map((n) => n.kind)).toEqual(['due', 'assigned']);
      expect((await ofTask(user, task.id))[0].message).toBe('"File the taxes" is due today');
      expect((await ofTask(user, other.id)).map((n) => n.kind)).toEqual(['assigned']);
      expect(await ofTask(manager, task.id)).toEqual([]);

      // The next day: overdue once; a finished task gets nothing.
      fixedNow = new Date('2031-03-11T08:00:00Z');
      await server.app.notifications.runReminderRound();
      await server.app.notifications.runReminderRound();
      expect((await ofTask(user, task.id)).map((n) => n.kind)).toEqual(['overdue', 'due', 'assigned']);
      await manager.client.patch(`/api/tasks/${other.id}`, { status: 'Done' });
      fixedNow = new Date('2031-03-12T08:00:00Z');
      await server.app.notifications.runReminderRound();
      expect((await ofTask(user, other.id)).map((n) => n.kind)).toEqual(['assigned']);
    } finally {
      fixedNow = null;
    }
  });

  it.skipIf(!usingPostgres())('a reminder round is not skipped while a board change is being written (their locks differ)', async () => {
    const task = await newTask(manager.client, { title: 'Due while someone writes', assignedToId: user.id, dueDate: '2031-04-10' });
    fixedNow = new Date('2031-04-10T08:00:00Z');
    try {
      await server.app.runtime.orm.em.fork().transactional(async (tx) => {
        // What a write of board events holds until it commits.
        await tx.getConnection().execute('select pg_advisory_xact_lock(?)', [EVENT_LOG_LOCK], 'get', tx.getTransactionContext());
        await server.app.notifications.runReminderRound();
      });
      expect((await ofTask(user, task.id)).map((n) => n.kind)).toContain('due');
    } finally {
      fixedNow = null;
    }
  });

  it('an SMTP failure never fails the change (retried and logged in the background)', async () => {
    const deadPort = await freePort();
    const broken = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${deadPort}`, REMINDER_INTERVAL_SECONDS: '3600' } });
    try {
      const { manager: m, user: u } = await people(broken);
      const task = await newTask(m.client, { title: 'Mail will fail', assignedToId: u.id });
      expect((await ofTask(u, task.id)).map((n) => n.kind)).toEqual(['assigned']);
      await broken.app.notifications.mailIdle();
    } finally {
      await broken.close();
    }
  });
});

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;

describe.skipIf(!DATABASE_URL || !REDIS_URL || process.env.TEST_DB !== 'postgres')('notifications with two server processes (PostgreSQL + Redis)', () => {
  it('runs a due reminder once across both processes and after a restart, and delivers live across processes', async () => {
    // A fixed clock: everything made in the same instant, so the kinds are compared without their order.
    let now = new Date('2032-06-01T09:00:00Z');
    const clock = () => now;
    const pair = await startServerPair(DATABASE_URL!, REDIS_URL!, 'notify', { clock, env: { REMINDER_INTERVAL_SECONDS: '1' } });
    let restarted: TestServer | null = null;
    const sockets: Socket[] = [];
    try {
      const { a, b } = pair;
      const { manager, user: userOnA } = await people(a);
      const { user } = await people(b);

      // Live across processes: the subscriber is on B, the change is made on A.
      const socket = openSocket(b.url, { cookie: user.client.cookieHeader() });
      sockets.push(socket);
      const sub = socket.subscribe<Added>(ADDED);
      await untilLive(
        sub,
        async () => (await newTask(manager.client, { title: `probe ${Math.random()}`, assignedToId: user.id })).id,
        (d, id) => d.notificationAdded.taskId === id,
      );

      const task = await newTask(manager.client, { title: 'Due on both', assignedToId: user.id, dueDate: '2032-06-01' });
      // The schedulers of both processes (every second) make the reminder; it is pushed to B's subscriber.
      await sub.waitFor((d) => d.notificationAdded.taskId === task.id && d.notificationAdded.kind === 'due', 15_000);
      await Promise.all([a.app.notifications.runReminderRound(), b.app.notifications.runReminderRound(), a.app.notifications.runReminderRound()]);
      expect((await ofTask(userOnA, task.id)).map((n) => n.kind).sort()).toEqual(['assigned', 'due']);

      // A restart (a new process on the same database and Redis) makes no duplicate.
      await b.close();
      restarted = await startServer({
        databaseUrl: a.databaseUrl,
        clock,
        env: { REDIS_URL: REDIS_URL!, REDIS_PREFIX: a.app.runtime.config.redisPrefix, REMINDER_INTERVAL_SECONDS: '1' },
      });
      await restarted.app.notifications.runReminderRound();
      expect((await ofTask(userOnA, task.id)).map((n) => n.kind).sort()).toEqual(['assigned', 'due']);
      expect(sub.events.filter((e) => e.notificationAdded.taskId === task.id && e.notificationAdded.kind === 'due').length).toBe(1);

      now = new Date('2032-06-02T09:00:00Z');
      await Promise.all([a.app.notifications.runReminderRound(), restarted.app.notifications.runReminderRound()]);
      expect((await ofTask(userOnA, task.id)).map((n) => n.kind).sort()).toEqual(['assigned', 'due', 'overdue']);
    } finally {
      await Promise.all(sockets.map((s) => s.dispose().catch(() => {})));
      await restarted?.close();
      await pair.close();
    }
  }, 60_000);
});
