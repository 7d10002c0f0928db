/**
 * Server benchmark (prints figures, never asserts on time): the REST task list and the planner's
 * GraphQL page at 500 and 4,000 tasks, and GraphQL updateTask with 10 and 50 concurrent writers, each
 * against a bare baseline on the same SQLite file (support/bare-server.mjs: node:http + sqlite3, issue
 * 10's yardstick), and beside it against the same bare endpoint on better-sqlite3, the driver the server
 * uses (what the framework costs over the same driver). Bare and real requests alternate, so noise from
 * other work on the machine moves all of them; the ratio is bare time / real time for reads and real
 * rate / bare rate for writes (1.0x = as fast as bare). Beside the writes, the floor: what a signed-in
 * GraphQL request that does nothing (`{ me { id } }`) achieves at the same concurrency.
 * Run: node --import tsx tests/bench/api.bench.ts (or npm run bench api). Loopback only.
 *
 * Settings: BENCH_ROUNDS (25 timed requests per read figure), BENCH_WRITE_MS (2000 per write burst),
 * BENCH_SERVER_NODE_ARGS (node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
 */
import http from 'node:http';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import sqlite3 from 'sqlite3';
import { signedIn, type Client } from '../api/support/client.js';
import { sqliteFileOf, startBareProcess, startServerProcess, type ServerProcess } from './support/server-process.js';

const ROUNDS = Math.max(5, Math.min(200, Number(process.env.BENCH_ROUNDS ?? 25)));
const WRITE_MS = Math.max(500, Math.min(20_000, Number(process.env.BENCH_WRITE_MS ?? 2_000)));
/** Uncompressed responses for the ratios: the bare baseline does not compress either. */
const IDENTITY = { 'accept-encoding': 'identity' };
/** The viewer's time zone, as the web client sends it with every request (columns and overdue flags are worked out in it). */
const VIEWER_ZONE = { 'x-time-zone': 'Europe/Berlin' };

// The planner's query (web/features/planner/planner.graphql.ts) with the TaskCard fragment inlined.
const PLANNER_QUERY = `query PlannerTasks { tasks(first: 500, sortBy: "createdAt", sortOrder: "desc") { totalCount latestSeq nodes {
  id title description project category priority status progress column tags dueDate scheduledDate scheduledTime estimatedHours
  assignedToId assignedTo { id firstName lastName username } createdById completedAt isOverdue subtaskCount { total done }
  commentCount viewerCan { update delete } createdAt updatedAt } } }`;
/** The least a signed-in GraphQL request can ask (floorFigure). */
const FLOOR_QUERY = '{ me { id } }';
const UPDATE_MUTATION = 'mutation($id: ID!, $input: TaskInput!) { updateTask(id: $id, input: $input) { id title updatedAt } }';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function expectOk(res: Response, label: string): Promise<string> {
  const text = await res.text();
  if (!res.ok || text.includes('"errors"')) throw new Error(`${label}: ${res.status} ${text.slice(0, 300)}`);
  return text;
}

/** Inserts tasks straight into the server's SQLite file (a third with a subtask, a fifth with a comment). */
async function seedTasks(file: string, count: number, userIds: string[]): Promise<void> {
  const db = new sqlite3.Database(file);
  const run = (sql: string, params: unknown[] = []) => new Promise<void>((resolve, reject) => db.run(sql, params, (err) => (err ? reject(err) : resolve())));
  await run('PRAGMA busy_timeout = 5000');
  await run('begin');
  const start = Date.now() - count * 60_000;
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const at = start + i * 60_000;
    // Dates as the app keeps date-only input: noon UTC of the day (api/common/validate.ts).
    const noon = (t: number) => Math.floor(t / 86_400_000) * 86_400_000 + 43_200_000;
    const scheduled = i % 3 === 0 ? null : noon(at + (i % 7) * 86_400_000);
    await run(
      `insert into tasks (id, title, description, project, category, priority, status, progress, "column", tags, due_date, scheduled_date,
        scheduled_time, estimated_hours, assigned_to_id, created_by_id, is_repeatable, repeat_interval, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 1, ?, ?)`,
      [
        id,
        `Bench task ${i}`,
        i % 2 ? 'A description long enough to look like one a person would write.' : null,
        i % 4 ? 'Website' : null,
        'dev',
        ['low', 'medium', 'high'][i % 3],
        ['Planned', 'In Progress', 'Done', 'Not Started'][i % 4],
        (i * 7) % 100,
        scheduled ? 'pending' : 'unscheduled',
        JSON.stringify(i % 5 ? ['bench'] : ['bench', 'review']),
        i % 6 ? null : noon(at + 2 * 86_400_000),
        scheduled,
        i % 5 ? null : '09:30',
        i % 2 ? 1.5 : null,
        userIds[i % userIds.length],
        userIds[(i + 1) % userIds.length],
        at,
        at,
      ],
    );
    if (i % 3 === 0)
      await run(`insert into subtasks (id, task_id, title, status, tags, created_at, updated_at) values (?, ?, ?, ?, '[]', ?, ?)`, [
        randomUUID(),
        id,
        'Step',
        i % 2 ? 'Done' : 'Not Started',
        at,
        at,
      ]);
    if (i % 5 === 0)
      await run(`insert into task_comments (id, task_id, user_id, content, comment_type, created_at) values (?, ?, ?, ?, 'comment', ?)`, [
        randomUUID(),
        id,
        userIds[0],
        'Looks good',
        at,
      ]);
  }
  await run('commit');
  await new Promise<void>((resolve) => db.close(() => resolve()));
}

async function userIdsOf(server: ServerProcess): Promise<string[]> {
  const ids: string[] = [];
  for (const who of ['admin', 'manager', 'user']) ids.push((await (await signedIn(server.url, who)).get('/api/auth/me')).body.id as string);
  return ids;
}

/** Server CPU per operation over a run of `fn` (a figure the machine's other load barely skews). */
async function cpuPerOp(target: ServerProcess, ops: number, fn: () => Promise<unknown>): Promise<number> {
  const before = target.cpuMs();
  await fn();
  return (target.cpuMs() - before) / ops;
}

/** A bare baseline: its process and how to run the request being compared on it. */
interface Baseline {
  server: ServerProcess;
  run: () => Promise<unknown>;
}

/**
 * Times `real` in alternation with each baseline (the first is the yardstick), after a warm-up; prints
 * p50s and ratios, then the CPU each server process spends per request (10 more requests each).
 */
async function compareReads(label: string, real: Baseline, [bare, sameDriver]: [Baseline, Baseline]): Promise<void> {
  for (let i = 0; i < 3; i++) for (const target of [bare, sameDriver, real]) await target.run();
  const times = new Map<Baseline, number[]>([
    [real, []],
    [bare, []],
    [sameDriver, []],
  ]);
  for (let i = 0; i < ROUNDS; i++) {
    for (const target of [bare, sameDriver, real]) {
      const t0 = performance.now();
      await target.run();
      times.get(target)!.push(performance.now() - t0);
    }
  }
  const [r, b, s] = [real, bare, sameDriver].map((target) => median(times.get(target)!));
  console.log(`${label.padEnd(44)} real p50 ${ms(r).padStart(9)}   bare p50 ${ms(b).padStart(9)}   ratio ${(b / r).toFixed(2)}x bare`);
  console.log(`${''.padEnd(44)} bare on better-sqlite3 p50 ${ms(s)}: ratio ${(s / r).toFixed(2)}x`);
  const repeat = (fn: () => Promise<unknown>) => async () => {
    for (let i = 0; i < 10; i++) await fn();
  };
  const cpu: number[] = [];
  for (const target of [real, bare, sameDriver]) cpu.push(await cpuPerOp(target.server, 10, repeat(target.run)));
  console.log(`${''.padEnd(44)} server CPU per request: real ${ms(cpu[0])}, bare ${ms(cpu[1])}, bare on better-sqlite3 ${ms(cpu[2])}`);
}

/** Bytes on the wire and time of one GET with the given Accept-Encoding (the body left compressed). */
function wireGet(url: string, headers: Record<string, string>): Promise<{ bytes: number; ms: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ bytes, ms: performance.now() - t0, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
      })
      .on('error', reject);
  });
}

/** The two bare baselines: sqlite3 (issue 10's yardstick) and better-sqlite3 (the server's own driver). */
interface Bares {
  yardstick: ServerProcess;
  sameDriver: ServerProcess;
}

async function readFigures(server: ServerProcess, bares: Bares, admin: Client, taskCount: number): Promise<void> {
  const headers = { ...IDENTITY, ...VIEWER_ZONE, cookie: admin.cookieHeader() };
  const restReal = async () => expectOk(await fetch(`${server.url}/api/tasks`, { headers }), 'REST');
  const restBare = (bare: ServerProcess) => async () => expectOk(await fetch(`${bare.url}/tasks`, { headers: IDENTITY }), 'bare');
  const rows = [JSON.parse(await restReal()).length, JSON.parse(await restBare(bares.yardstick)()).length];
  console.log(`\n-- ${taskCount} tasks (REST list returns ${rows[0]} tasks, the bare list ${rows[1]} rows)`);
  await compareReads(`REST GET /api/tasks (${rows[0]} tasks)`, { server, run: restReal }, [
    { server: bares.yardstick, run: restBare(bares.yardstick) },
    { server: bares.sameDriver, run: restBare(bares.sameDriver) },
  ]);

  const gqlReal = async () =>
    expectOk(
      await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ query: PLANNER_QUERY }),
      }),
      'GraphQL',
    );
  const gqlBare = (bare: ServerProcess) => async () => expectOk(await fetch(`${bare.url}/page?first=500`, { headers: IDENTITY }), 'bare page');
  await compareReads('GraphQL planner tasks(first: 500), card fields', { server, run: gqlReal }, [
    { server: bares.yardstick, run: gqlBare(bares.yardstick) },
    { server: bares.sameDriver, run: gqlBare(bares.sameDriver) },
  ]);

  const plain = await wireGet(`${server.url}/api/tasks`, headers);
  const br = await wireGet(`${server.url}/api/tasks`, { ...headers, 'accept-encoding': 'br, gzip' });
  console.log(
    `REST list on the wire: ${(plain.bytes / 1000).toFixed(0)} kB identity, ${(br.bytes / 1000).toFixed(0)} kB ${br.encoding} (one request: ${ms(plain.ms)} vs ${ms(br.ms)})`,
  );
}

/** Runs `write` from `concurrency` workers for WRITE_MS; returns completed writes per second. */
async function writeRate(concurrency: number, write: (worker: number, n: number) => Promise<void>): Promise<number> {
  let done = 0;
  const started = performance.now();
  const deadline = started + WRITE_MS;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let n = 0; performance.now() < deadline; n++) {
        await write(worker, n);
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

/** One burst of writes: its rate, and the CPU its server spent per write. */
interface WriteFigure {
  rate: number;
  cpuPerWrite: number;
}

async function writeFigure(server: ServerProcess, concurrency: number, write: (worker: number, n: number) => Promise<void>): Promise<WriteFigure> {
  const before = server.cpuMs();
  const rate = await writeRate(concurrency, write);
  return { rate, cpuPerWrite: (server.cpuMs() - before) / ((rate * WRITE_MS) / 1000) };
}

async function writeFigures(server: ServerProcess, bares: Bares, admin: Client, taskIds: string[]): Promise<void> {
  console.log(`\n-- writes: GraphQL updateTask (a new title each time) vs a bare audited write (UPDATE + audit INSERT in one transaction)`);
  const headers = { ...IDENTITY, ...VIEWER_ZONE, cookie: admin.cookieHeader(), 'content-type': 'application/json' };
  for (const concurrency of [10, 50]) {
    const tag = randomUUID().slice(0, 4);
    const real = (worker: number, n: number) =>
      fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query: UPDATE_MUTATION, variables: { id: taskIds[worker], input: { title: `w${tag}-${worker}-${n}` } } }),
      })
        .then((res) => expectOk(res, 'updateTask'))
        .then(() => undefined);
    const baseline = (bare: ServerProcess) => (worker: number, n: number) =>
      fetch(`${bare.url}/write`, { method: 'POST', headers: IDENTITY, body: JSON.stringify({ id: taskIds[worker], title: `b${tag}-${worker}-${n}` }) })
        .then((res) => expectOk(res, 'bare write'))
        .then(() => undefined);
    const figures: Record<'real' | 'bare' | 'same', WriteFigure[]> = { real: [], bare: [], same: [] };
    for (let round = 0; round < 2; round++) {
      figures.bare.push(await writeFigure(bares.yardstick, concurrency, baseline(bares.yardstick)));
      figures.same.push(await writeFigure(bares.sameDriver, concurrency, baseline(bares.sameDriver)));
      figures.real.push(await writeFigure(server, concurrency, real));
    }
    const best = (list: WriteFigure[]) => list.reduce((a, b) => (b.rate > a.rate ? b : a));
    const [r, b, s] = [best(figures.real), best(figures.bare), best(figures.same)];
    console.log(
      `updateTask, ${String(concurrency).padStart(2)} concurrent${''.padEnd(22)} real ${r.rate.toFixed(0).padStart(5)} writes/s   bare ${b.rate.toFixed(0).padStart(5)} writes/s   ratio ${(r.rate / b.rate).toFixed(2)}x bare`,
    );
    console.log(`${''.padEnd(44)} bare on better-sqlite3 ${s.rate.toFixed(0)} writes/s: ratio ${(r.rate / s.rate).toFixed(2)}x`);
    console.log(`${''.padEnd(44)} server CPU per write: real ${ms(r.cpuPerWrite)}, bare ${ms(b.cpuPerWrite)}, bare on better-sqlite3 ${ms(s.cpuPerWrite)}`);
    await floorFigure(server, headers, concurrency, b.rate);
  }
}

/**
 * What any signed-in GraphQL request costs here before it does anything: `{ me { id } }` (the session,
 * the signed-in user, Apollo, type-graphql) at the same concurrency, against the bare write's rate.
 * Context for the updateTask ratio: a write cannot be faster than this.
 */
async function floorFigure(server: ServerProcess, headers: Record<string, string>, concurrency: number, bareWriteRate: number): Promise<void> {
  const body = JSON.stringify({ query: FLOOR_QUERY });
  const me = () =>
    fetch(`${server.url}/graphql`, { method: 'POST', headers, body })
      .then((res) => expectOk(res, 'me'))
      .then(() => undefined);
  const runs = [await writeFigure(server, concurrency, me), await writeFigure(server, concurrency, me)];
  const f = runs.reduce((a, b) => (b.rate > a.rate ? b : a));
  console.log(
    `${''.padEnd(44)} floor: GraphQL { me { id } } ${f.rate.toFixed(0)} requests/s (${(f.rate / bareWriteRate).toFixed(2)}x the bare write), server CPU ${ms(f.cpuPerWrite)} per request`,
  );
}

async function main(): Promise<void> {
  console.log(`# Server benchmark (${os.cpus().length} cores, Node ${process.version}; ${ROUNDS} alternating requests per read figure, p50)`);
  const server = await startServerProcess();
  const started: ServerProcess[] = [];
  try {
    const file = sqliteFileOf(server);
    const users = await userIdsOf(server);
    const admin = await signedIn(server.url, 'admin');
    const bares: Bares = { yardstick: await startBareProcess(file, 'sqlite3'), sameDriver: await startBareProcess(file, 'better-sqlite3') };
    started.push(bares.yardstick, bares.sameDriver);
    const existing = JSON.parse(await expectOk(await fetch(`${server.url}/api/tasks`, { headers: { cookie: admin.cookieHeader() } }), 'REST')).length as number;
    await seedTasks(file, 500 - existing, users);
    await readFigures(server, bares, admin, 500);
    await seedTasks(file, 3_500, users);
    await readFigures(server, bares, admin, 4_000);
    const ids = (JSON.parse(await expectOk(await fetch(`${bares.yardstick.url}/tasks`), 'bare')) as { id: string }[]).map((t) => t.id);
    await writeFigures(server, bares, admin, ids.slice(0, 50));
  } finally {
    for (const bare of started) await bare.stop();
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
