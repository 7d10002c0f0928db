/**
 * Live-update benchmark (prints figures, never asserts on time): delivery latency from a mutation to
 * 1,000 connected graphql-ws subscribers on one server process, and across two processes through
 * Redis (PostgreSQL + Redis, when DATABASE_URL and REDIS_URL are set), plus server memory per socket.
 * Run: node --import tsx tests/bench/realtime.bench.ts (or npm run bench). Loopback only.
 *
 * Settings: BENCH_SOCKETS (1000), BENCH_EVENTS (30), BENCH_SERVER_NODE_ARGS (extra node flags for the
 * server processes, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the fan-out).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { Client, signedIn } from '../api/support/client.js';
import { createScratchDatabase, dropScratchDatabase } from '../../api/db/scratch-database.js';
import { freePort } from '../api/support/ports.js';

const SOCKETS = Math.min(5_000, Number(process.env.BENCH_SOCKETS ?? 1_000));
const EVENTS = Math.min(200, Number(process.env.BENCH_EVENTS ?? 30));
const SELECTION = `subscription { boardEvents { seq kind taskId at task { id title status column priority category progress
  assignedToId dueDate scheduledDate scheduledTime estimatedHours tags isOverdue viewerCan { update delete }
  subtaskCount { total done } commentCount } } }`;

interface ServerProcess {
  url: string;
  child: ChildProcess;
  dataDir: string;
  stop(): Promise<void>;
  rssBytes(): number;
  /** CPU time (user + system) the process has used, in ms: a figure other load on the machine barely skews. */
  cpuMs(): number;
}

async function startProcess(extraEnv: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lwf-bench-'));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: 'bench-secret-that-is-long-enough-for-anything-at-all',
    LOGIN_LIMIT_PER_IP: '100000',
    ...extraEnv,
  };
  if (!extraEnv.DATABASE_URL) delete env.DATABASE_URL;
  if (!extraEnv.REDIS_URL) delete env.REDIS_URL;
  const child = spawn(process.execPath, [...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', 'api/main.ts'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    dataDir,
    cpuMs: () => {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime in clock ticks (USER_HZ 100)
    },
    rssBytes: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

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
  console.log(`delivery latency mutation -> subscriber (all ${flat.length} deliveries): p50 ${fmt(percentile(flat, 50))}, p99 ${fmt(percentile(flat, 99))}, max ${fmt(flat.at(-1) ?? 0)}`);
  console.log(`time until the last of ${SOCKETS} subscribers has the event: p50 ${fmt(percentile(lastSorted, 50))}, max ${fmt(lastSorted.at(-1) ?? 0)}`);
  console.log(`server CPU time per event (mutation + fan-out, incl. the 50 ms pauses' idle work): ${cpuPerEvent.map((c, i) => `process ${i + 1}: ${c.toFixed(1)} ms`).join(', ')}`);
  if (subscriberServers.length > 1) {
    latencies.forEach((l, i) => {
      const s = [...l].sort((a, b) => a - b);
      const label = subscriberServers[i] === mutationServer ? 'same process as the mutation' : 'other process (through Redis)';
      console.log(`  subscribers on process ${i + 1} (${label}): p50 ${fmt(percentile(s, 50))}, p99 ${fmt(percentile(s, 99))}`);
    });
  }
  subscriberServers.forEach((_, i) => {
    const perSocket = (rssAfter[i] - rssBefore[i]) / subs.filter((s) => s.server === i).length;
    console.log(`server process ${i + 1} memory: RSS ${(rssBefore[i] / 2 ** 20).toFixed(0)} MiB -> ${(rssAfter[i] / 2 ** 20).toFixed(0)} MiB, about ${(perSocket / 1024).toFixed(1)} KiB per connected socket`);
  });
  if (lost) console.log(`WARNING: ${lost} deliveries did not arrive within 10 s`);
  for (const s of all) s.close();
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
