/**
 * Scale benchmark (prints figures, never asserts on time): every screen's main call (the documents the
 * web client sends) for a member (`user`), a manager (`manager`) and an admin (`admin`), p50 and max of
 * BENCH_RUNS runs (7), on a fresh demo database and on the company npm run seed:scale builds at
 * SCALE_FACTOR (1: 500 people, 100,000 tasks, 1,000,000 activity entries; built once and cached, see
 * support/scale-databases.ts), on SQLite and, with DATABASE_URL set, PostgreSQL; with the server's
 * peak RSS over each run. A call slower than 120 s is reported as a timeout and not repeated; the
 * board read page by page runs until its runs have taken a minute.
 * Run: npm run bench -- scale (it runs only when named). The production server of `npm start` (dist/).
 * Settings: SCALE_FACTOR (1), BENCH_RUNS (7), BENCH_DATABASES (sqlite,postgresql: which of those available),
 * BENCH_PAGES_MAX_S (300: one read of every board page stops there and says how far it got),
 * BENCH_SIZES (demo,large), BENCH_SKIP (screen:viewer pairs to leave out, e.g. "manager dashboard:admin").
 */
import os from 'node:os';
import { startServerProcess, type ServerProcess } from './support/server-process.js';
import { demoDatabase, seededDatabase, type BenchDatabase, type Kind } from './support/scale-databases.js';
import { SCREENS, Timeout, Viewer, VIEWERS, viewerState, type Screen, type ViewerState } from './support/scale-screens.js';

const RUNS = Math.max(1, Math.min(100, Number(process.env.BENCH_RUNS ?? 7)));
const FACTOR = Number(process.env.SCALE_FACTOR ?? 1);
const SIZES = (process.env.BENCH_SIZES ?? 'demo,large').split(',').map((s) => s.trim());
const SKIPPED = new Set(
  (process.env.BENCH_SKIP ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

/** One screen's figures for one viewer: times of its runs, or what stopped it. */
interface Figure {
  times: number[];
  note: string;
  failure: string | null;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => (value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`);

/** Polls the server's RSS (VmRSS) while it runs; `peak()` is the highest seen. */
function watchRss(server: ServerProcess): { peak(): number; stop(): void } {
  let peak = 0;
  const sample = () => {
    try {
      peak = Math.max(peak, server.rssBytes());
    } catch {
      /* exited */
    }
  };
  const timer = setInterval(sample, 100);
  sample();
  return { peak: () => (sample(), peak), stop: () => clearInterval(timer) };
}

/**
 * Waits until the server is idle (under a tenth of a core over 3 s): a call the bench gave up on keeps
 * it working, between its queries too, and the next figure must not pay for it. At most 20 minutes.
 */
async function settle(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + 1_200_000;
  while (Date.now() < deadline) {
    const before = server.cpuMs();
    await new Promise((r) => setTimeout(r, 3_000));
    if (server.cpuMs() - before < 300) return;
  }
}

async function measure(server: ServerProcess, screen: Screen, viewer: Viewer, state: ViewerState): Promise<Figure> {
  const figure: Figure = { times: [], note: '', failure: null };
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    try {
      figure.note = (await screen.run(viewer, state)) ?? '';
    } catch (err) {
      figure.failure = err instanceof Timeout ? `timeout (> ${Math.round((performance.now() - t0) / 1000)} s)` : `error: ${(err as Error).message}`;
      if (err instanceof Timeout) await settle(server);
      break;
    }
    figure.times.push(performance.now() - t0);
    if (screen.budgetMs && performance.now() - started > screen.budgetMs) break;
  }
  return figure;
}

function printRow(screen: string, role: string, figure: Figure): void {
  const times = figure.times.length
    ? `${ms(median(figure.times)).padStart(9)} ${ms(Math.max(...figure.times)).padStart(9)} ${String(figure.times.length).padStart(3)}`
    : `${'-'.padStart(9)} ${'-'.padStart(9)} ${'0'.padStart(3)}`;
  const extra = [figure.failure, figure.note].filter(Boolean).join('; ');
  console.log(`${screen.padEnd(30)} ${role.padEnd(8)} ${times}  ${extra}`);
}

/** Starts the production server on `database`, signs the three viewers in, and prints every screen's figures. */
async function benchServer(label: string, database: BenchDatabase): Promise<void> {
  const server = await startServerProcess(database.env);
  const rss = watchRss(server);
  try {
    console.log(`\n-- ${label}  (p50, max, runs)`);
    console.log(`${'screen'.padEnd(30)} ${'viewer'.padEnd(8)} ${'p50'.padStart(9)} ${'max'.padStart(9)} ${'n'.padStart(3)}`);
    const viewers = await Promise.all(VIEWERS.map(({ role, username }) => Viewer.signIn(server.url, role, username)));
    const states = new Map<Viewer, ViewerState>();
    for (const v of viewers) states.set(v, await viewerState(v));
    for (const screen of SCREENS) {
      for (const viewer of viewers) {
        if (screen.roles && !screen.roles.includes(viewer.role)) continue;
        if (SKIPPED.has(`${screen.name}:${viewer.role}`)) continue;
        printRow(screen.name, viewer.role, await measure(server, screen, viewer, states.get(viewer)!));
      }
    }
    console.log(`server peak RSS ${(rss.peak() / 1048576).toFixed(0)} MB`);
  } finally {
    rss.stop();
    await server.stop();
    await database.dispose();
  }
}

/** SQLite, and PostgreSQL when DATABASE_URL is set; BENCH_DATABASES (sqlite, postgresql or both, comma separated) narrows it. */
function databases(): Kind[] {
  const available: Kind[] = process.env.DATABASE_URL ? ['sqlite', 'postgresql'] : ['sqlite'];
  const wanted = process.env.BENCH_DATABASES?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return wanted?.length ? available.filter((k) => wanted.includes(k)) : available;
}

async function main(): Promise<void> {
  if (!Number.isFinite(FACTOR) || FACTOR <= 0 || FACTOR > 10)
    throw new Error(`SCALE_FACTOR must be a number above 0 and at most 10, got ${process.env.SCALE_FACTOR}`);
  const kinds = databases();
  console.log(`# Scale benchmark (${os.cpus().length} cores, Node ${process.version}; ${RUNS} runs per figure; factor ${FACTOR}; ${kinds.join(' and ')})`);
  if (!process.env.DATABASE_URL) console.log('(PostgreSQL skipped: set DATABASE_URL)');
  if (kinds.length === 0)
    throw new Error(`BENCH_DATABASES=${process.env.BENCH_DATABASES} names no database this run has (sqlite; postgresql with DATABASE_URL)`);
  for (const kind of kinds) {
    const name = kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    if (SIZES.includes('demo')) await benchServer(`${name}, demo data`, await demoDatabase(kind));
    if (SIZES.includes('large')) await benchServer(`${name}, seed:scale factor ${FACTOR}`, await seededDatabase(kind, FACTOR));
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
