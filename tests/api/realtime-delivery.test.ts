import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, type ExecutionResult } from 'graphql';
import { startServer, usingPostgres, type TestServer } from './support/server.js';
import { Client, signedIn } from './support/client.js';
import { openSocket, type Socket, type Subscription } from './support/ws.js';
import { startChildServer, type ChildServer } from './support/child-server.js';
import { createContext } from '../../api/common/context.js';
import { subscribeShared } from '../../api/realtime/shared-execution.js';
import { SERVER_MODULES } from '../../api/modules/index.js';
import { buildAppSchema } from '../../api/graphql/schema.js';
import { FANOUT_LIMITS, boardFanout } from '../../api/realtime/board-fanout.js';
import type { BoardEventMessage } from '../../api/realtime/topics.js';

const EVENT = `
  subscription Board($since: Int, $taskId: ID) {
    boardEvents(since: $since, taskId: $taskId) { seq kind taskId task { id title viewerCan { update } } }
  }`;
type Ev = { seq: number; kind: string; taskId: string; task: { id: string; title: string } | null };
type Data = { boardEvents: Ev };

/** Runs `work` over `items` with at most `concurrency` at once; resolves with every result in order. */
async function pool<T, R>(items: T[], concurrency: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i], i);
      }
    }),
  );
  return results;
}

/** Where the board's query says the log stands (what a screen subscribes from). */
async function boardSeq(client: Client): Promise<number> {
  const res = await client.gql<{ tasks: { latestSeq: number } }>('{ tasks(first: 1) { latestSeq totalCount } }');
  expect(res.errors).toBeUndefined();
  return res.data!.tasks.latestSeq;
}

/** Creates a task through REST; the id when the write was acknowledged (201), else null. */
async function create(client: Client, title: string): Promise<string | null> {
  try {
    const res = await client.post('/api/tasks', { title });
    return res.status === 201 ? (res.body.id as string) : null;
  } catch {
    return null; // the process was killed mid-request: not acknowledged
  }
}

/** Waits (on state: the events received) until every id in `ids` has its TASK_CREATED, or fails after `ms`. */
async function untilCreated(sub: Subscription<Data>, ids: Iterable<string>, ms = 30_000): Promise<void> {
  for (const id of ids) await sub.waitFor((d) => d.boardEvents.taskId === id && d.boardEvents.kind === 'TASK_CREATED', ms);
}

function expectInSeqOrder(events: Ev[]): void {
  const seqs = events.map((e) => e.seq);
  expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  expect(new Set(seqs).size).toBe(seqs.length);
}

describe('board events: no gap between a screen’s query and its subscription, in seq order', () => {
  let server: TestServer;
  let member: Client;
  let manager: Client;
  const sockets: Socket[] = [];
  const socketFor = (client: Client, url = server.url) => {
    const s = openSocket(url, { cookie: client.cookieHeader() });
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    server = await startServer();
    [member, manager] = await Promise.all([signedIn(server.url, 'user'), signedIn(server.url, 'manager')]);
  });

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.dispose().catch(() => {})));
    await server?.close();
  });

  it('delivers an event written between the board query and the subscription (since = latestSeq)', async () => {
    const loadedAt = await boardSeq(member);
    // A teammate's change lands after the board was read and before the subscription starts.
    const between = await create(member, 'Made between load and subscribe');
    const sub = socketFor(member).subscribe<Data>(EVENT, { since: loadedAt });
    const got = await sub.waitFor((d) => d.boardEvents.taskId === between);
    expect(got.boardEvents).toMatchObject({ kind: 'TASK_CREATED', task: { title: 'Made between load and subscribe' } });
    expect(sub.events[0].boardEvents.seq).toBeGreaterThan(loadedAt);

    const after = await create(member, 'Made after subscribing');
    await sub.waitFor((d) => d.boardEvents.taskId === after);
    expectInSeqOrder(sub.events.map((d) => d.boardEvents));
  });

  it('replays and goes live without losing or repeating an event while writes keep coming', async () => {
    const loadedAt = await boardSeq(member);
    const titles = Array.from({ length: 60 }, (_, i) => `Concurrent ${i}`);
    let sub: Subscription<Data> | null = null;
    const ids = await pool(titles, 6, async (title, i) => {
      if (i === 20) sub = socketFor(member).subscribe<Data>(EVENT, { since: loadedAt }); // mid-stream
      return create(member, title);
    });
    expect(ids.every(Boolean)).toBe(true);
    await untilCreated(sub!, ids as string[]);
    const events = sub!.events.map((d) => d.boardEvents);
    expectInSeqOrder(events);
    expect(events.filter((e) => ids.includes(e.taskId))).toHaveLength(60);
  });

  it('replays only the task’s events with taskId and since', async () => {
    const task = (await create(member, 'Watched'))!;
    const loadedAt = await boardSeq(member);
    await create(member, 'Other');
    await member.patch(`/api/tasks/${task}`, { title: 'Watched, renamed' });
    const sub = socketFor(member).subscribe<Data>(EVENT, { since: loadedAt, taskId: task });
    const got = await sub.waitFor((d) => d.boardEvents.kind === 'TASK_UPDATED');
    expect(got.boardEvents).toMatchObject({ taskId: task, task: { title: 'Watched, renamed' } });
    expect(sub.events.every((d) => d.boardEvents.taskId === task)).toBe(true);
  });

  it('replays only what the subscriber may read', async () => {
    const loadedAt = await boardSeq(member);
    const hidden = (await create(manager, 'Manager only'))!;
    const visible = (await create(member, 'Mine'))!;
    const sub = socketFor(member).subscribe<Data>(EVENT, { since: loadedAt });
    await sub.waitFor((d) => d.boardEvents.taskId === visible);
    expect(sub.events.some((d) => d.boardEvents.taskId === hidden)).toBe(false);
  });

  it('answers REFETCH first when `since` is not in the log, then goes live', async () => {
    const latest = await boardSeq(member);
    const sub = socketFor(member).subscribe<Data>(EVENT, { since: latest + 1_000 });
    const refetch = await sub.waitFor((d) => d.boardEvents.kind === 'REFETCH');
    expect(refetch.boardEvents).toMatchObject({ seq: latest, taskId: '', task: null });
    const next = await create(member, 'After the refetch');
    await sub.waitFor((d) => d.boardEvents.taskId === next);
    expect(sub.events[0].boardEvents.kind).toBe('REFETCH');
  });

  it('refuses a negative since', async () => {
    const sub = socketFor(member).subscribe<Data>(EVENT, { since: -1 });
    await sub.done;
    expect(sub.results[0]?.errors?.[0]).toMatchObject({ message: 'since must be a whole number, 0 or more', extensions: { code: 'BAD_USER_INPUT' } });
    expect(sub.events).toHaveLength(0);
  });

  it('stays up through a burst of 1,500 writes at 50 concurrent with subscribers, serving every event in order', async () => {
    const loadedAt = await boardSeq(member);
    const mine = socketFor(member).subscribe<Data>(EVENT, { since: loadedAt });
    const all = socketFor(manager).subscribe<Data>(EVENT, { since: loadedAt });
    const titles = Array.from({ length: 1_500 }, (_, i) => `Burst ${i}`);
    const ids = await pool(titles, 50, (title) => create(member, title));
    expect(ids.filter((id) => id === null)).toHaveLength(0); // every write acknowledged

    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    for (const sub of [mine, all]) {
      // Served (every event, in order) or told to catch up (RESET); never silently short.
      await sub.waitFor((d) => d.boardEvents.taskId === ids.at(-1) || d.boardEvents.kind === 'RESET', 60_000);
      const events = sub.events.map((d) => d.boardEvents);
      expectInSeqOrder(events);
      if (!events.some((e) => e.kind === 'RESET')) await untilCreated(sub, ids as string[]);
    }
  }, 180_000);

  it('resets a subscriber that lets more than the backlog limit pile up, and carries on for the others', async () => {
    const watcher = socketFor(member).subscribe<Data>(EVENT, { since: await boardSeq(member) });
    const ctx = await createContext(server.app.runtime, { userId: (await member.get('/api/auth/me')).body.id });
    // A subscriber without a socket that never reads: its queue fills.
    const stream = (await subscribeShared({
      schema: await buildAppSchema(SERVER_MODULES),
      document: parse(EVENT),
      contextValue: ctx,
    })) as AsyncIterableIterator<ExecutionResult>;
    const ids = await pool(
      Array.from({ length: FANOUT_LIMITS.MAX_BACKLOG + 20 }, (_, i) => `Pile ${i}`),
      20,
      (t) => create(member, t),
    );
    await untilCreated(watcher, ids as string[], 60_000);
    const first = await stream.next();
    expect((first.value as ExecutionResult).data).toMatchObject({ boardEvents: { kind: 'RESET', taskId: '' } });
    expect(await stream.next()).toEqual({ done: true, value: undefined });
  }, 180_000);
});

describe('board events: a process whose first event arrives after a later one', () => {
  it('fills the gap from the log instead of starting at the first event that arrives', async () => {
    const server = await startServer();
    try {
      const member = await signedIn(server.url, 'user');
      // The hub hands the fan-out its first event only when told to: as Redis does when another process
      // publishes its later event first (the scale-out test lost an event this way once).
      const hub = server.app.runtime.realtime;
      const listen = hub.onBoardEvent.bind(hub);
      let held: BoardEventMessage | null = null;
      let holding = true;
      let fanoutListener: ((m: BoardEventMessage) => void) | null = null;
      hub.onBoardEvent = (listener) =>
        listen((message) => {
          fanoutListener = listener;
          if (holding && held === null) held = message;
          else listener(message);
        });

      const ctx = await createContext(server.app.runtime, { userId: (await member.get('/api/auth/me')).body.id });
      const stream = (await subscribeShared({
        schema: await buildAppSchema(SERVER_MODULES),
        document: parse(EVENT),
        contextValue: ctx,
      })) as AsyncIterableIterator<ExecutionResult>;
      await boardFanout(server.app.runtime).ready();
      const next = async () => ((await stream.next()).value as ExecutionResult<Data>).data!.boardEvents;

      const first = await create(member, 'Arrives last');
      expect(held, 'the first event is held back').not.toBeNull();
      const second = await create(member, 'Arrives first');
      // The later event comes first; the earlier one is read from the log, and both go out in seq order.
      expect(await next()).toMatchObject({ taskId: first, kind: 'TASK_CREATED' });
      expect(await next()).toMatchObject({ taskId: second, kind: 'TASK_CREATED' });

      // The held event arrives at last: it was handled, so it is not sent again.
      holding = false;
      fanoutListener!(held!);
      const third = await create(member, 'After all that');
      expect(await next()).toMatchObject({ taskId: third, kind: 'TASK_CREATED' });
      await stream.return?.();
    } finally {
      await server.close();
    }
  });
});

describe.skipIf(!usingPostgres() || !process.env.REDIS_URL)('scale-out: ordered delivery and no loss when the subscriber’s process is killed', () => {
  let a: TestServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    env = {
      REDIS_URL: process.env.REDIS_URL!,
      REDIS_PREFIX: `lwf-kill-${randomBytes(4).toString('hex')}:`,
      SESSION_SECRET: 'test-secret-that-is-long-enough-for-anything',
    };
    a = await startServer({ env });
  });
  afterAll(async () => {
    await a?.close();
  });

  for (const run of [1, 2, 3, 4]) {
    it(`run ${run}: every acknowledged write reaches the client across a kill -9 of its process`, async () => {
      const b: ChildServer = await startChildServer({ ...env, DATABASE_URL: a.databaseUrl!, SEED_DEMO: 'false' });
      const sockets: Socket[] = [];
      try {
        const writerA = await signedIn(a.url, 'user');
        const writerB = new Client(b.url);
        await writerB.login('user');
        const viewer = await signedIn(a.url, 'manager');
        const cookie = viewer.cookieHeader(); // sessions live in Redis: valid on both processes

        // The client: load, subscribe on B from the load's seq, keep the highest seq applied.
        const loadedAt = await boardSeq(viewer);
        const onB = openSocket(b.url, { cookie });
        sockets.push(onB);
        const first = onB.subscribe<Data>(EVENT, { since: loadedAt });

        const acknowledged = new Set<string>();
        const write = async (i: number) => {
          const id = await create(i % 2 ? writerA : writerB, `Run ${run} write ${i}`);
          if (id) acknowledged.add(id);
        };
        // Writes through both processes; B is killed once the client has received some of them.
        const writing = pool(
          Array.from({ length: 300 }, (_, i) => i),
          12,
          write,
        );
        await first.waitFor((d) => d.boardEvents.kind === 'TASK_CREATED' && d.boardEvents.seq > loadedAt + 60, 60_000);
        b.child.kill('SIGKILL');
        await onB.closed;
        await writing;

        const seen = first.events.map((d) => d.boardEvents);
        expectInSeqOrder(seen);
        const resumeFrom = Math.max(loadedAt, ...seen.map((e) => e.seq));

        // Reconnect (to A: B is gone) from the highest seq seen, as the web client does.
        const onA = openSocket(a.url, { cookie });
        sockets.push(onA);
        const second = onA.subscribe<Data>(EVENT, { since: resumeFrom });
        const received = new Set(seen.map((e) => e.taskId));
        for (const id of acknowledged) {
          if (received.has(id)) continue;
          await second.waitFor((d) => d.boardEvents.taskId === id, 30_000);
        }
        expectInSeqOrder(second.events.map((d) => d.boardEvents));
        for (const e of second.events) received.add(e.boardEvents.taskId);
        const lost = [...acknowledged].filter((id) => !received.has(id));
        expect(lost).toEqual([]);
        expect(acknowledged.size).toBeGreaterThan(150);
      } finally {
        await Promise.all(sockets.map((s) => s.dispose().catch(() => {})));
        await b.cleanup();
      }
    }, 180_000);
  }
});
