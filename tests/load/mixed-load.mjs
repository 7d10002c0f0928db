#!/usr/bin/env node
// npm run load: a mixed-load run against the production build, on this machine only.
// Builds what is stale, starts `dist/api/main.js` on 127.0.0.1 (a free port, a temporary SQLite data
// directory, the demo seed), creates and signs in 6 users through the admin account, opens one live
// `boardEvents` subscriber per user over graphql-ws, then runs board reads, creates, updates, moves
// and comments over REST and GraphQL for LOAD_SECONDS (default 60). It prints requests/s, p50/p99
// latency, 4xx and 5xx counts, whether the server stayed alive and the events the subscribers got.
// Not part of `npm test`; it never passes or fails on time, only on a crash or a dead server.
//
// Every minute it prints the server's memory (RSS); with --heap-snapshots it also takes a heap
// snapshot of the server after the warm-up and at the end, and prints what grew between them.
//
// Settings (each bounded; a flag wins over the environment): --duration / LOAD_SECONDS 1..3600 (60),
// --workers / LOAD_WORKERS 1..32 concurrent request loops (12, two per user), LOAD_MAX_REQUESTS
// 1..1,000,000 (200,000). Example, a 10-minute soak: npm run load -- --duration 600 --heap-snapshots
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { startServer } from '../support/server.mjs';

const USERS = 6;

/** The value of `--flag N` (or `--flag=N`) on the command line, else undefined. */
function flag(name) {
  const args = process.argv.slice(2);
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  return args[i].includes('=') ? args[i].split('=')[1] : args[i + 1];
}

/** An integer setting from its flag or the environment, within min..max. */
function setting(name, fallback, min, max, flagName) {
  const raw = (flagName && flag(flagName)) ?? process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

const SECONDS = setting('LOAD_SECONDS', 60, 1, 3600, 'duration');
const WORKERS = setting('LOAD_WORKERS', 12, 1, 32, 'workers');
const HEAP_SNAPSHOTS = process.argv.includes('--heap-snapshots');
const MAX_REQUESTS = setting('LOAD_MAX_REQUESTS', 200_000, 1, 1_000_000);

const CARD = `id title description project category priority status progress column tags dueDate scheduledDate scheduledTime
  estimatedHours assignedToId assignedTo { id firstName lastName username } createdById completedAt isOverdue
  subtaskCount { total done } commentCount viewerCan { update delete } createdAt updatedAt`;
const BOARD = `query Board { tasks(first: 200, sortBy: "createdAt", sortOrder: "desc") { totalCount nodes { ${CARD} } } }`;
const CREATE = `mutation Create($input: TaskInput!) { createTask(input: $input) { ${CARD} } }`;
const UPDATE = `mutation Update($id: ID!, $input: TaskInput!) { updateTask(id: $id, input: $input) { ${CARD} } }`;
const MOVE = `mutation Move($input: MoveTaskInput!) { moveTask(input: $input) { ${CARD} } }`;
const COMMENT = `mutation Comment($taskId: ID!, $input: CommentInput!) { addComment(taskId: $taskId, input: $input) { id } }`;
const EVENTS = 'subscription { boardEvents { seq kind taskId } }';
const COLUMNS = ['TODAY', 'PENDING', 'COMPLETED', 'UNSCHEDULED'];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** What the run measured. */
const stats = { latencies: [], ok: 0, client: 0, server: 0, network: 0, changes: 0, byOp: {} };

/** Counts one answer: HTTP status, and for GraphQL the error codes in the body. */
function record(op, ms, status, gqlErrors) {
  stats.latencies.push(ms);
  const row = (stats.byOp[op] ??= { n: 0, failed: 0 });
  row.n++;
  const codes = (gqlErrors ?? []).map((e) => e.extensions?.code);
  if (status === 0) stats.network++;
  else if (status >= 500 || codes.includes('INTERNAL_SERVER_ERROR')) stats.server++;
  else if (status >= 400 || codes.length > 0) stats.client++;
  else {
    stats.ok++;
    return true;
  }
  row.failed++;
  return false;
}

/** One signed-in person: a cookie jar and their own tasks. */
class Session {
  constructor(baseUrl, username) {
    this.baseUrl = baseUrl;
    this.username = username;
    this.cookie = '';
    this.tasks = [];
  }

  /** A timed request; the JSON body (or null) and the status (0 when the connection failed). */
  async request(op, method, urlPath, body) {
    const headers = { cookie: this.cookie, 'x-time-zone': 'UTC' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    let status = 0;
    let json = null;
    try {
      const res = await fetch(this.baseUrl + urlPath, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      status = res.status;
      const set = res.headers.getSetCookie().find((c) => c.startsWith('lwf.sid='));
      if (set) this.cookie = set.split(';')[0];
      const text = await res.text();
      json = text ? JSON.parse(text) : null;
    } catch {
      /* counted as a network error */
    }
    const ok = op ? record(op, performance.now() - started, status, json?.errors) : status > 0 && status < 400;
    return { ok, status, json };
  }

  gql(op, query, variables) {
    return this.request(op, 'POST', '/graphql', { query, variables });
  }

  async login(password) {
    const res = await this.request(null, 'POST', '/api/auth/login', { username: this.username, password });
    if (!res.ok) throw new Error(`login ${this.username}: ${res.status} ${JSON.stringify(res.json)}`);
    return res.json;
  }

  remember(id) {
    if (!id) return;
    this.tasks.push(id);
    if (this.tasks.length > 50) this.tasks.shift();
  }
}

/** The mixed operations with their weights: reads of the board, and the changes a board shows. */
const OPERATIONS = [
  [30, 'board (GraphQL tasks first:200)', (s) => s.gql('board (GraphQL tasks first:200)', BOARD)],
  [10, 'list (REST GET /api/tasks?limit=200)', (s) => s.request('list (REST GET /api/tasks?limit=200)', 'GET', '/api/tasks?limit=200')],
  [
    8,
    'create (REST)',
    async (s) => {
      const res = await s.request('create (REST)', 'POST', '/api/tasks', { title: `Load ${Date.now()}`, priority: pick(['low', 'medium', 'high']) });
      if (res.ok) s.remember(res.json.id);
      return res;
    },
  ],
  [
    7,
    'create (GraphQL)',
    async (s) => {
      const res = await s.gql('create (GraphQL)', CREATE, { input: { title: `Load ${Date.now()}`, category: 'dev' } });
      if (res.ok) s.remember(res.json.data.createTask.id);
      return res;
    },
  ],
  [8, 'update (REST PATCH)', (s) => s.request('update (REST PATCH)', 'PATCH', `/api/tasks/${pick(s.tasks)}`, { progress: Math.floor(Math.random() * 100) })],
  [7, 'update (GraphQL)', (s) => s.gql('update (GraphQL)', UPDATE, { id: pick(s.tasks), input: { description: `edited ${Date.now()}` } })],
  [8, 'move (GraphQL moveTask)', (s) => s.gql('move (GraphQL moveTask)', MOVE, { input: { taskId: pick(s.tasks), column: pick(COLUMNS) } })],
  [7, 'move (REST)', (s) => s.request('move (REST)', 'POST', `/api/tasks/${pick(s.tasks)}/move`, { column: pick(COLUMNS) })],
  [8, 'comment (REST)', (s) => s.request('comment (REST)', 'POST', `/api/tasks/${pick(s.tasks)}/comments`, { content: 'load comment' })],
  [7, 'comment (GraphQL)', (s) => s.gql('comment (GraphQL)', COMMENT, { taskId: pick(s.tasks), input: { content: 'load comment' } })],
];
const TOTAL_WEIGHT = OPERATIONS.reduce((sum, [w]) => sum + w, 0);
const isChange = (name) => !name.startsWith('board') && !name.startsWith('list');

function chooseOperation() {
  let r = Math.random() * TOTAL_WEIGHT;
  for (const entry of OPERATIONS) if ((r -= entry[0]) < 0) return entry;
  return OPERATIONS[0];
}

/** A live boardEvents subscriber on the user's session cookie; counts what arrives. */
function subscriber(baseUrl, session) {
  const headers = { cookie: session.cookie, origin: baseUrl };
  class CookieSocket extends WebSocket {
    constructor(address, protocols) {
      super(address, protocols, { headers });
    }
  }
  const state = { events: 0, errors: 0, closedWith: null, seen: new Set() };
  const client = createClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: CookieSocket,
    retryAttempts: 0,
    on: { closed: (event) => (state.closedWith = event?.code ?? 0) },
  });
  client.subscribe(
    { query: EVENTS },
    {
      next: (result) => {
        if (result.data) {
          state.events++;
          if (state.seen.size < 10_000) state.seen.add(result.data.boardEvents.taskId);
        } else state.errors++;
      },
      error: () => state.errors++,
      complete: () => {},
    },
  );
  return { state, dispose: () => client.dispose() };
}

/** Waits until `check` holds, polling; false after `ms`. */
async function until(check, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await sleep(50);
  }
  return false;
}

/** The server process's resident memory in MB (Linux /proc), or NaN elsewhere. */
function rssMb(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return kb / 1024;
  } catch {
    return NaN;
  }
}

/**
 * Asks the server for a heap snapshot (it runs with --heapsnapshot-signal=SIGUSR2 into `dir`) and
 * resolves with the new file once it is written: the server answers again only after writing it.
 */
async function heapSnapshot(server, dir, baseUrl) {
  const before = new Set(readdirSync(dir));
  server.kill('SIGUSR2');
  let file = null;
  await until(() => (file = readdirSync(dir).find((f) => f.endsWith('.heapsnapshot') && !before.has(f)) ?? null) !== null, 120_000);
  if (!file) throw new Error('the server wrote no heap snapshot');
  const full = path.join(dir, file);
  let size = -1;
  await until(async () => {
    const answered = (await fetch(`${baseUrl}/healthz`).catch(() => null))?.ok === true;
    const now = statSync(full).size;
    const stable = answered && now === size && now > 0;
    size = now;
    return stable;
  }, 120_000);
  return full;
}

/** Self size and count of the objects in a heap snapshot, by constructor (or type) name. */
function heapSummary(file) {
  const snap = JSON.parse(readFileSync(file, 'utf8'));
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const byName = new Map();
  let total = 0;
  for (let i = 0; i < snap.nodes.length; i += fields.length) {
    const type = types[snap.nodes[i + typeAt]];
    const name = type === 'object' || type === 'closure' ? snap.strings[snap.nodes[i + nameAt]] : `(${type})`;
    const size = snap.nodes[i + sizeAt];
    total += size;
    const row = byName.get(name) ?? { count: 0, size: 0 };
    row.count++;
    row.size += size;
    byName.set(name, row);
  }
  return { total, byName };
}

/** Prints the totals of two heap summaries and the names that grew most between them. */
function printHeapGrowth(first, last) {
  const mb = (n) => (n / 1024 / 1024).toFixed(1);
  console.log(`Heap (live objects): ${mb(first.total)} MB after the warm-up, ${mb(last.total)} MB at the end`);
  const growth = [...last.byName].map(([name, row]) => {
    const was = first.byName.get(name) ?? { count: 0, size: 0 };
    return { name, count: row.count - was.count, size: row.size - was.size };
  });
  growth.sort((a, b) => b.size - a.size);
  console.table(Object.fromEntries(growth.slice(0, 10).map((g) => [g.name.slice(0, 60), { 'objects added': g.count, 'KB added': Math.round(g.size / 1024) }])));
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

async function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  buildIfNeeded(root);
  // The server's data directory is this run's own: with --heap-snapshots the snapshots are written into it.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lwf-load-'));
  const nodeFlags = HEAP_SNAPSHOTS ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${dataDir}`] : [];
  let started;
  try {
    started = await startServer({
      dataDir,
      nodeArgs: nodeFlags,
      startTimeoutMs: 30_000,
      env: { LOGIN_LIMIT_PER_IP: '100000', LOGIN_LIMIT_PER_USER: '100000' },
    });
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`the server did not start: ${err.message}`);
  }
  const { baseUrl, child: server } = started;
  let exitedWith = null;
  started.exited.then(({ code, signal }) => (exitedWith = signal ?? code));
  const subscribers = [];
  try {
    const admin = new Session(baseUrl, 'admin');
    await admin.login('admin123');
    const tag = Date.now().toString(36);
    const password = 'load-test-password';
    const sessions = [];
    for (let i = 0; i < USERS; i++) {
      const username = `load${i}_${tag}`;
      const made = await admin.request(null, 'POST', '/api/users', {
        username,
        email: `${username}@example.com`,
        firstName: 'Load',
        lastName: `User ${i}`,
        role: 'member',
        password,
      });
      if (!made.ok) throw new Error(`creating ${username}: ${made.status} ${JSON.stringify(made.json)}`);
      const s = new Session(baseUrl, username);
      await s.login(password);
      sessions.push(s);
    }

    // One live subscriber per user; a task of their own proves each one is live before the load.
    for (const s of sessions) subscribers.push(subscriber(baseUrl, s));
    for (const [i, s] of sessions.entries()) {
      let live = false;
      for (let attempt = 0; attempt < 20 && !live; attempt++) {
        const probe = await s.request(null, 'POST', '/api/tasks', { title: `Warm-up ${i}.${attempt}` });
        if (!probe.ok) throw new Error(`warm-up task: ${probe.status} ${JSON.stringify(probe.json)}`);
        s.remember(probe.json.id);
        live = await until(() => subscribers[i].state.seen.has(probe.json.id), 500);
      }
      const { state } = subscribers[i];
      if (!live) throw new Error(`subscriber ${i} never became live (errors ${state.errors}, closed ${state.closedWith})`);
    }
    const eventsBefore = subscribers.reduce((n, sub) => n + sub.state.events, 0);

    const firstHeap = HEAP_SNAPSHOTS ? heapSummary(await heapSnapshot(server, dataDir, baseUrl)) : null;
    console.log(`Mixed load: ${SECONDS} s, ${WORKERS} request loops over ${USERS} users, ${USERS} live subscribers, ${baseUrl}`);
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    console.log(`Memory:            server RSS ${rssMb(server.pid).toFixed(0)} MB at the start`);
    const memoryTimer = setInterval(() => {
      const minute = Math.round((performance.now() - started) / 60_000);
      console.log(`Memory:            server RSS ${rssMb(server.pid).toFixed(0)} MB after ${minute} min, ${stats.latencies.length} requests`);
    }, 60_000);
    let sent = 0;
    const worker = async (w) => {
      const s = sessions[w % sessions.length];
      while (performance.now() < deadline && sent < MAX_REQUESTS && exitedWith === null) {
        sent++;
        const [, name, run] = chooseOperation();
        const res = await run(s);
        if (res.ok && isChange(name)) stats.changes++;
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    clearInterval(memoryTimer);
    const elapsed = (performance.now() - started) / 1000;
    console.log(`Memory:            server RSS ${rssMb(server.pid).toFixed(0)} MB at the end`);

    // Events still in flight: wait until the count stops growing (at most 5 s).
    let last = -1;
    await until(() => {
      const now = subscribers.reduce((n, sub) => n + sub.state.events, 0);
      const settled = now === last;
      last = now;
      return settled && now - eventsBefore >= stats.changes;
    }, 5_000);
    const healthy = exitedWith === null && (await fetch(`${baseUrl}/healthz`).catch(() => null))?.ok === true;

    const sorted = [...stats.latencies].sort((a, b) => a - b);
    const events = subscribers.reduce((n, sub) => n + sub.state.events, 0) - eventsBefore;
    console.log('\nBy operation:');
    console.table(Object.fromEntries(Object.entries(stats.byOp).map(([op, r]) => [op, { requests: r.n, failed: r.failed }])));
    console.log(`Requests:          ${stats.latencies.length} in ${elapsed.toFixed(1)} s = ${(stats.latencies.length / elapsed).toFixed(1)} requests/s`);
    console.log(
      `Latency:           p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`,
    );
    console.log(`Errors:            4xx ${stats.client}, 5xx ${stats.server}, network ${stats.network} (GraphQL errors counted by their code)`);
    console.log(`Server alive:      ${healthy ? 'yes' : `NO (exit ${exitedWith})`}`);
    console.log(
      `Subscriber events: ${events} received for ${stats.changes} successful changes (${subscribers.map((s) => s.state.events).join(' / ')} per subscriber, warm-up included; a change that changes nothing publishes no event; socket errors ${subscribers.reduce((n, s) => n + s.state.errors, 0)}, closed early ${subscribers.filter((s) => s.state.closedWith !== null).length})`,
    );
    if (firstHeap && exitedWith === null) printHeapGrowth(firstHeap, heapSummary(await heapSnapshot(server, dataDir, baseUrl)));
    process.exitCode = healthy ? 0 : 1;
  } finally {
    await Promise.all(subscribers.map((s) => s.dispose()));
    await started.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
