/**
 * Live-update benchmark (prints figures, never asserts on time): delivery latency from a mutation to
 * 1,000 connected graphql-ws subscribers on one server process, and across two processes through
 * Redis (PostgreSQL + Redis, when DATABASE_URL and REDIS_URL are set), plus server memory per socket.
 * Run: node --import tsx tests/bench/realtime.bench.ts (or npm run bench). Loopback only.
 *
 * Then a write burst: BENCH_BURST (60) task creations from 10 concurrent writers while every subscriber
 * listens: the write rate, and how long until every subscriber has every event (no bare baseline).
 *
 * Settings: BENCH_SOCKETS (1000), BENCH_EVENTS (30), BENCH_BURST (60), BENCH_SERVER_NODE_ARGS (extra node flags for the
 * server processes, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the fan-out).
 */
import os from 'node:os';
import WebSocket from 'ws';
import { signedIn, type Client } from '../api/support/client.js';
import { createScratchDatabase, dropScratchDatabase } from '../../api/db/scratch-database.js';
import { startServerProcess as startProcess, type ServerProcess } from './support/server-process.js';

const SOCKETS = Math.min(5_000, Number(process.env.BENCH_SOCKETS ?? 1_000));
const EVENTS = Math.min(200, Number(process.env.BENCH_EVENTS ?? 30));
/** The write burst: this many task creations from BURST_WRITERS concurrent writers, as fast as they go. */
const BURST = Math.min(500, Number(process.env.BENCH_BURST ?? 60));
const BURST_WRITERS = 10;
const SELECTION = `subscription { boardEvents { seq kind taskId at task { id title status column priority category progress
  assignedToId dueDate scheduledDate scheduledTime estimatedHours tags isOverdue viewerCan { update delete }
  subtaskCount { total done } commentCount } } }`;

/** A lightweight graphql-transport-ws subscriber: records when each event's task id arrives. */
class Subscriber {
  readonly received = new Map<string, number>();
  private ws!: WebSocket;
  onEvent: (taskId: string, at: number) => void = () => {};

  open(url: string, cookie: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.ws = new WebSocket(`${url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', { headers: { cookie, origin: url } });
      this.ws.on('open', () => this.ws.send(JSON.stringify({ type: 'connection_init', payload: { timeZone: 'UTC' } })));
      this.ws.on('message', (raw) => {
        const at = performance.now();
        const text = String(raw);
        // The bench client shares the CPU with the server: find the task id without parsing the message.
        const fast = text.startsWith('{"id":"1","type":"next"') ? /"taskId":"([^"]+)"/.exec(text)?.[1] : undefined;
        if (fast) {
          this.received.set(fast, at);
          this.onEvent(fast, at);
          return;
        }
        const msg = JSON.parse(text);
        if (msg.type === 'connection_ack') {
          this.ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: SELECTION } }));
          resolve();
        } else if (msg.type === 'next') {
          const taskId = msg.payload?.data?.boardEvents?.taskId;
          if (taskId) {
            this.received.set(taskId, at);
            this.onEvent(taskId, at);
          }
        } else if (msg.type === 'error') {
          reject(new Error(JSON.stringify(msg.payload)));
        }
      });
      this.ws.on('error', reject);
      this.ws.on('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    });
  }

  close(): void {
    this.ws.terminate();
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/** Resolves when every subscriber got the task's event, or after `timeoutMs`. */
function allReceived(subs: Subscriber[], taskId: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let pending = subs.filter((s) => !s.received.has(taskId)).length;
    if (pending === 0) return resolve(true);
    const timer = setTimeout(() => finish(false), timeoutMs);
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      for (const s of subs) s.onEvent = () => {};
      resolve(ok);
    };
    for (const s of subs) {
      s.onEvent = (id) => {
        if (id === taskId && --pending === 0) finish(true);
      };
    }
  });
}

interface Scenario {
  name: string;
  /** Where each subscriber connects, and through which server the mutations go. */
  subscriberServers: ServerProcess[];
  mutationServer: ServerProcess;
}

async function runScenario({ name, subscriberServers, mutationServer }: Scenario): Promise<void> {
  console.log(`\n== ${name}: ${SOCKETS} subscribers on ${subscriberServers.length} process(es), ${EVENTS} events`);
  const writer = await signedIn(mutationServer.url, 'admin');
  const memberId = (await (await signedIn(mutationServer.url, 'user')).get('/api/auth/me')).body.id as string;
  // Subscribers are a mix of roles: admins, managers and members (the task is assigned to the member).
  const cookies: string[] = [];
  for (const server of subscriberServers) {
    for (const who of ['admin', 'manager', 'user'] as const) cookies.push((await signedIn(server.url, who)).cookieHeader());
  }

  const rssBefore = subscriberServers.map((s) => s.rssBytes());
  const subs: { sub: Subscriber; server: number }[] = [];
  const connectStart = performance.now();
  for (let i = 0; i < SOCKETS; i += 50) {
    const batch = [];
    for (let j = i; j < Math.min(SOCKETS, i + 50); j++) {
      const server = j % subscriberServers.length;
      const sub = new Subscriber();
      subs.push({ sub, server });
      batch.push(sub.open(subscriberServers[server].url, cookies[server * 3 + (Math.floor(j / subscriberServers.length) % 3)]));
    }
    await Promise.all(batch);
  }
  const connectMs = performance.now() - connectStart;
  const all = subs.map((s) => s.sub);

  // Wait until every subscription is live: probe until one event reaches everyone.
  let live = false;
  for (let attempt = 0; attempt < 20 && !live; attempt++) {
    const probe = (await writer.post('/api/tasks', { title: 'probe', assignedToId: memberId })).body.id as string;
    live = await allReceived(all, probe, 2_000);
  }
  if (!live) throw new Error('subscriptions never all became live');
  await new Promise((r) => setTimeout(r, 500));
  const rssAfter = subscriberServers.map((s) => s.rssBytes());

  const cpuBefore = subscriberServers.map((s) => s.cpuMs());
  const latencies: number[][] = subscriberServers.map(() => []);
  const lastArrivals: number[] = [];
  const mutationTimes: number[] = [];
  let lost = 0;
  for (let e = 0; e < EVENTS; e++) {
    const t0 = performance.now();
    // The event is a task created for the member through REST (the same service as GraphQL).
    const res = await writer.post('/api/tasks', { title: `bench ${e}`, assignedToId: memberId, tags: ['bench'], estimatedHours: 1 });
    mutationTimes.push(performance.now() - t0);
    const taskId = res.body.id as string;
    const ok = await allReceived(all, taskId, 10_000);
    if (!ok) lost += all.filter((s) => !s.received.has(taskId)).length;
    let last = 0;
    for (const { sub, server } of subs) {
      const at = sub.received.get(taskId);
      if (at === undefined) continue;
      latencies[server].push(at - t0);
      last = Math.max(last, at - t0);
    }
    lastArrivals.push(last);
    await new Promise((r) => setTimeout(r, 50));
  }

  const cpuPerEvent = subscriberServers.map((s, i) => (s.cpuMs() - cpuBefore[i]) / EVENTS);
  const flat = latencies.flat().sort((a, b) => a - b);
  const mut = [...mutationTimes].sort((a, b) => a - b);
  const lastSorted = [...lastArrivals].sort((a, b) => a - b);
  console.log(`connect + subscribe ${SOCKETS} sockets: ${fmt(connectMs)}`);
  console.log(`mutation round trip (REST POST /api/tasks): p50 ${fmt(percentile(mut, 50))}, p99 ${fmt(percentile(mut, 99))}`);
  console.log(
    `delivery latency mutation -> subscriber (all ${flat.length} deliveries): p50 ${fmt(percentile(flat, 50))}, p99 ${fmt(percentile(flat, 99))}, max ${fmt(flat.at(-1) ?? 0)}`,
  );
  console.log(`time until the last of ${SOCKETS} subscribers has the event: p50 ${fmt(percentile(lastSorted, 50))}, max ${fmt(lastSorted.at(-1) ?? 0)}`);
  console.log(
    `server CPU time per event (mutation + fan-out, incl. the 50 ms pauses' idle work): ${cpuPerEvent.map((c, i) => `process ${i + 1}: ${c.toFixed(1)} ms`).join(', ')}`,
  );
  if (subscriberServers.length > 1) {
    latencies.forEach((l, i) => {
      const s = [...l].sort((a, b) => a - b);
      const label = subscriberServers[i] === mutationServer ? 'same process as the mutation' : 'other process (through Redis)';
      console.log(`  subscribers on process ${i + 1} (${label}): p50 ${fmt(percentile(s, 50))}, p99 ${fmt(percentile(s, 99))}`);
    });
  }
  subscriberServers.forEach((_, i) => {
    const perSocket = (rssAfter[i] - rssBefore[i]) / subs.filter((s) => s.server === i).length;
    console.log(
      `server process ${i + 1} memory: RSS ${(rssBefore[i] / 2 ** 20).toFixed(0)} MiB -> ${(rssAfter[i] / 2 ** 20).toFixed(0)} MiB, about ${(perSocket / 1024).toFixed(1)} KiB per connected socket`,
    );
  });
  if (lost) console.log(`WARNING: ${lost} deliveries did not arrive within 10 s`);
  await writeBurst(
    writer,
    memberId,
    subs.map((s) => s.sub),
    subscriberServers,
  );
  for (const s of all) s.close();
}

/**
 * Fan-out under a write burst: BURST creations from BURST_WRITERS concurrent writers; prints the write
 * rate, the delivery latency from each write's start, and when the last subscriber had the last event.
 */
async function writeBurst(writer: Client, memberId: string, subs: Subscriber[], servers: ServerProcess[]): Promise<void> {
  const startedAt = new Map<string, number>();
  const pending = new Set<string>();
  const latencies: number[] = [];
  let lastArrival = 0;
  const t0 = performance.now();
  const cpuBefore = servers.map((s) => s.cpuMs());
  let next = 0;
  let writesDone = 0;
  await Promise.all(
    Array.from({ length: BURST_WRITERS }, async () => {
      while (next < BURST) {
        const n = next++;
        const began = performance.now();
        const res = await writer.post('/api/tasks', { title: `burst ${n}`, assignedToId: memberId, tags: ['bench'] });
        startedAt.set(res.body.id as string, began);
        pending.add(res.body.id as string);
      }
      writesDone = performance.now();
    }),
  );
  const writeSeconds = (writesDone - t0) / 1000;
  // Every event's deliveries, measured from the start of the write that caused it.
  const deadline = performance.now() + 30_000;
  while (pending.size > 0 && performance.now() < deadline) {
    for (const id of [...pending]) if (subs.every((s) => s.received.has(id))) pending.delete(id);
    if (pending.size > 0) await new Promise((r) => setTimeout(r, 50));
  }
  for (const [id, began] of startedAt) {
    for (const s of subs) {
      const at = s.received.get(id);
      if (at === undefined) continue;
      latencies.push(at - began);
      lastArrival = Math.max(lastArrival, at);
    }
  }
  const cpu = servers.map((s, i) => s.cpuMs() - cpuBefore[i]);
  latencies.sort((a, b) => a - b);
  const delivered = latencies.length;
  const fanoutSeconds = (lastArrival - t0) / 1000;
  console.log(
    `write burst: ${BURST} creations from ${BURST_WRITERS} writers in ${writeSeconds.toFixed(2)} s (${(BURST / writeSeconds).toFixed(0)} writes/s) while ${subs.length} subscribers listen`,
  );
  console.log(
    `  ${delivered} of ${BURST * subs.length} deliveries, all done ${fanoutSeconds.toFixed(2)} s after the first write (${(delivered / fanoutSeconds).toFixed(0)} deliveries/s); latency from the write's start p50 ${fmt(percentile(latencies, 50))}, p99 ${fmt(percentile(latencies, 99))}`,
  );
  console.log(`  server CPU for the burst: ${cpu.map((c, i) => `process ${i + 1}: ${(c / BURST).toFixed(1)} ms per event`).join(', ')}`);
  if (pending.size) console.log(`  WARNING: ${pending.size} events had not reached every subscriber after 30 s`);
}

async function main(): Promise<void> {
  console.log(`# Realtime benchmark (${os.cpus().length} cores, Node ${process.version})`);
  const single = await startProcess({});
  try {
    await runScenario({ name: 'one process, SQLite, in-process hub', subscriberServers: [single], mutationServer: single });
  } finally {
    await single.stop();
  }

  const databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL ?? (databaseUrl ? 'redis://127.0.0.1:6379' : undefined);
  if (!databaseUrl || !redisUrl) {
    console.log('\n(two-process scenario skipped: set DATABASE_URL (PostgreSQL) and REDIS_URL)');
    return;
  }
  const scratch = await createScratchDatabase(databaseUrl, 'lwf_bench');
  const env = { DATABASE_URL: scratch, REDIS_URL: redisUrl, REDIS_PREFIX: `lwf-bench-${process.pid}:` };
  const a = await startProcess(env);
  const b = await startProcess({ ...env, SEED_DEMO: 'false' });
  try {
    await runScenario({ name: 'two processes, PostgreSQL + Redis', subscriberServers: [a, b], mutationServer: a });
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    await dropScratchDatabase(databaseUrl, scratch);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
