/**
 * Task Listing benchmark (prints figures, never asserts on time): the listing's first page, filtered
 * and sorted on the server through the GraphQL tasks connection, at 100 and at 10,000 tasks, with the
 * SQL statements each request runs (they must not grow with the number of tasks), for an admin (every
 * task) and a member (scope: tasks assigned to or created by them); and the CSV export of the same filter.
 * Run: node --import tsx tests/bench/listing.bench.ts (or npm run bench listing). In-process server on a
 * fresh SQLite file (TEST_DB=postgres with DATABASE_URL: a scratch PostgreSQL database).
 * Settings: BENCH_ROUNDS (25 timed requests per figure).
 */
import os from 'node:os';
import { Client } from '../api/support/client.js';
import { startServer, usingPostgres, type TestServer } from '../api/support/server.js';
import { Task } from '../../api/modules/task/task.entity.js';
import { TaskStatus } from '../../api/modules/task/task.enums.js';

const ROUNDS = Math.max(5, Math.min(200, Number(process.env.BENCH_ROUNDS ?? 25)));

// The listing's query (web/features/listing/listing.graphql.ts) with its row fragment inlined.
const LISTING_QUERY = `query($filter: TaskFilter, $first: Int, $after: String, $sortBy: String, $sortOrder: String) {
  tasks(filter: $filter, first: $first, after: $after, sortBy: $sortBy, sortOrder: $sortOrder) {
    totalCount latestSeq pageInfo { hasNextPage endCursor }
    nodes { id title description status priority category project tags dueDate scheduledDate estimatedHours progress createdAt updatedAt
      assignedToId assignedTo { id username firstName lastName managerId } createdById createdBy { id username firstName lastName managerId } } } }`;

const CASES: { label: string; variables: Record<string, unknown> }[] = [
  { label: 'default (updatedAt desc)', variables: { first: 50 } },
  { label: 'priority=high, sort priority', variables: { first: 50, filter: { priority: 'high' }, sortBy: 'priority', sortOrder: 'desc' } },
  {
    label: 'search+status, sort dueDate asc',
    variables: { first: 50, filter: { search: 'review', status: 'IN_PROGRESS' }, sortBy: 'dueDate', sortOrder: 'asc' },
  },
  {
    label: 'tag+date range, sort title',
    variables: { first: 50, filter: { tag: 'review', from: '2020-01-01', to: '2030-12-31' }, sortBy: 'title', sortOrder: 'asc' },
  },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Inserts tasks in batches (a fifth tagged 'review', a mix of statuses, priorities and dates). */
async function seed(server: TestServer, from: number, to: number, users: string[]): Promise<void> {
  const em = server.app.runtime.orm.em.fork();
  const start = Date.now() - to * 60_000;
  for (let i = from; i < to; i += 500) {
    const rows = [];
    for (let j = i; j < Math.min(to, i + 500); j++) {
      const at = new Date(start + j * 60_000);
      rows.push(
        Object.assign(new Task(), {
          title: `Bench task ${j}`,
          description: j % 2 ? 'A description long enough to look like one a person would write.' : null,
          project: j % 4 ? 'Website' : null,
          priority: ['low', 'medium', 'high', 'critical'][j % 4],
          status: [TaskStatus.PLANNED, TaskStatus.IN_PROGRESS, TaskStatus.DONE, TaskStatus.NOT_STARTED][j % 4],
          tags: j % 5 ? ['bench'] : ['bench', 'review'],
          dueDate: j % 6 ? null : new Date(at.getTime() + 2 * 86_400_000),
          scheduledDate: j % 3 ? new Date(at.getTime() + (j % 7) * 86_400_000) : null,
          assignedToId: users[j % users.length],
          createdById: users[(j + 1) % users.length],
          createdAt: at,
          updatedAt: at,
        }),
      );
    }
    await em.insertMany(Task, rows);
  }
}

async function figures(server: TestServer, clients: { name: string; client: Client }[], taskCount: number): Promise<void> {
  console.log(`\n-- ${taskCount.toLocaleString('en')} tasks`);
  for (const { name, client } of clients) {
    for (const c of CASES) {
      const run = async () => {
        const res = await client.gql(LISTING_QUERY, c.variables);
        if (res.errors) throw new Error(JSON.stringify(res.errors));
        return res.data.tasks as { totalCount: number; nodes: unknown[] };
      };
      for (let i = 0; i < 3; i++) await run();
      server.queries.reset();
      const page = await run();
      // Only the request's statements: the realtime layer polls task_events in the background.
      const statements = server.queries.log().filter((sql) => !/task_events/.test(sql) || /max\(/i.test(sql)).length;
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const t0 = performance.now();
        await run();
        times.push(performance.now() - t0);
      }
      console.log(
        `${name.padEnd(7)} ${c.label.padEnd(34)} p50 ${median(times).toFixed(1).padStart(7)} ms   ${String(page.nodes.length).padStart(3)} of ${String(page.totalCount).padStart(5)}   ${statements} SQL statements`,
      );
    }
    const t0 = performance.now();
    const csv = await client.get('/api/tasks/export.csv?priority=high&sortBy=priority&columns=title,status,priority,assignedTo,project,dueDate');
    const rows = String(csv.body).split('\r\n').length - 2;
    console.log(`${name.padEnd(7)} ${'CSV export, priority=high'.padEnd(34)} one request ${(performance.now() - t0).toFixed(1).padStart(7)} ms, ${rows} rows`);
  }
}

async function main(): Promise<void> {
  console.log(
    `# Task Listing benchmark (${os.cpus().length} cores, Node ${process.version}, ${usingPostgres() ? 'PostgreSQL' : 'SQLite'}; ${ROUNDS} requests per figure, p50)`,
  );
  const server = await startServer();
  try {
    const admin = new Client(server.url);
    const member = new Client(server.url);
    const users = [(await admin.login('admin')).id, (await new Client(server.url).login('manager')).id, (await member.login('user')).id] as string[];
    const clients = [
      { name: 'admin', client: admin },
      { name: 'member', client: member },
    ];
    const existing = (await admin.gql('{ tasks(first: 1) { totalCount } }')).data.tasks.totalCount as number;
    await seed(server, existing, 100, users);
    await figures(server, clients, 100);
    await seed(server, 100, 10_000, users);
    await figures(server, clients, 10_000);
  } finally {
    await server.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
