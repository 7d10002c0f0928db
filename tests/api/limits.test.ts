import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { Client } from './support/client.js';
import { openSocket, untilLive, type Socket } from './support/ws.js';
import { expectRefused, newTask, people, type DemoName, type Person } from './support/task-helpers.js';
import { QUERY_LIMITS } from '../../api/graphql/limits.js';
import { Task } from '../../api/modules/task/task.entity.js';
import { Subtask } from '../../api/modules/subtask/subtask.entity.js';
import { TaskComment } from '../../api/modules/comment/comment.entity.js';

let server: TestServer;
let p: Record<DemoName, Person>;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startServer();
  p = await people(server);
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.dispose()));
  await server?.close();
});

/** Two fragments that spread each other: refused by graphql's NoFragmentCyclesRule. */
const CYCLE_FIELDS = 'fragment A on User { id ...B } fragment B on User { username ...A }';
const SUBSCRIPTION = 'subscription { boardEvents { seq kind taskId } }';

function socketFor(person: Person): Socket {
  const s = openSocket(server.url, { cookie: person.client.cookieHeader() });
  sockets.push(s);
  return s;
}

/** The errors a subscription ended with (graphql-ws `error` message). */
async function refusedWith(s: Socket, query: string): Promise<{ message: string; extensions?: { code?: string } }[]> {
  const errors = await s.subscribe(query).done;
  expect(Array.isArray(errors), String(errors)).toBe(true);
  return errors as { message: string; extensions?: { code?: string } }[];
}

/** A document of about `bytes` bytes with one token per 2 bytes. */
const bigDocument = (bytes: number) => `{ ${'a '.repeat(Math.floor(bytes / 2))}}`;

/**
 * Starts a POST announcing `bytes` of JSON and sends only its first kilobyte; resolves `response` with
 * the server's answer, which arrives while the upload is unfinished when the server refuses it on
 * Content-Length alone.
 */
function startUpload(url: string, bytes: number): { response: Promise<{ status: number; body: string }>; finished(): boolean; abort(): void } {
  const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': bytes } });
  let finished = false;
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', (err) => (finished ? undefined : reject(err)));
  });
  req.write(`{"query":"{ ${'a '.repeat(500)}`);
  return {
    response,
    finished: () => finished,
    abort: () => {
      finished = true;
      req.destroy();
    },
  };
}

/** Milliseconds an async call takes. */
async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

describe('a fragment cycle is refused, not a crash', () => {
  it('over HTTP: 400 BAD_USER_INPUT naming the cycle', async () => {
    for (const query of [`{ me { ...A } } ${CYCLE_FIELDS}`, '{ me { ...Self } } fragment Self on User { id ...Self }']) {
      const res = await p.user.client.gql(query);
      expect(res.status, JSON.stringify(res)).toBe(400);
      expect(res.errors?.[0]).toMatchObject({
        message: expect.stringMatching(/Cannot spread fragment "(A|B|Self)" within itself/),
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    expect((await p.user.client.gql('{ me { username } }')).data).toEqual({ me: { username: 'user' } });
  });

  it('over the socket: an error for that subscription; the socket stays open and its other subscription live', async () => {
    const s = socketFor(p.user);
    let closedWith: number | null = null;
    void s.closed.then((code) => (closedWith = code));
    // A live subscription keeps the (lazy) client's socket open, and shows the socket still serves.
    const live = s.subscribe<{ boardEvents: { taskId: string } }>(SUBSCRIPTION);
    await untilLive(
      live,
      async () => (await newTask(p.user.client)).id,
      (d, id) => d.boardEvents.taskId === id,
    );

    const errors = await refusedWith(s, `subscription { boardEvents { task { assignedTo { ...A } } } } ${CYCLE_FIELDS}`);
    expect(errors[0]).toMatchObject({ message: expect.stringMatching(/Cannot spread fragment "(A|B)" within itself/), extensions: { code: 'BAD_USER_INPUT' } });

    const after = (await newTask(p.user.client)).id;
    await live.waitFor((d) => d.boardEvents.taskId === after);
    expect(closedWith).toBeNull();
  });
});

describe('large documents are refused cheaply', () => {
  it('a body over the GraphQL limit is 413 with a JSON message; one just under is read', async () => {
    const anon = new Client(server.url);
    const res = await anon.request('POST', '/graphql', { query: bigDocument(QUERY_LIMITS.maxBodyBytes + 1024) });
    expectRefused(res, 413, /too large \(at most 100 KB\)/);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
    // Under the body limit but over the token limit: refused by the parser, which stops at the limit.
    const tokens = await anon.gql(bigDocument(QUERY_LIMITS.maxBodyBytes - 4096));
    expect(tokens.status).toBe(400);
    expect(tokens.errors?.[0]).toMatchObject({ message: expect.stringMatching(/more tha[nt] 2000 tokens/), extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('four parallel 900 KB documents are refused (413) before their bodies are read, while a small request is answered', async () => {
    // Each big request sends its headers and the first kilobyte, then waits: the refusal must come
    // from Content-Length alone, before the server reads (or parses) a byte more.
    const pending = Array.from({ length: 4 }, () => startUpload(`${server.url}/graphql`, 900 * 1024));
    const refusals = await Promise.all(pending.map((u) => u.response));
    for (const r of refusals) {
      expect(r.status).toBe(413);
      expect(JSON.parse(r.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringMatching(/too large/) });
    }
    // The uploads are still unfinished: the server answered without waiting for them.
    expect(pending.every((u) => !u.finished())).toBe(true);
    const small = await timed(() => new Client(server.url).gql('{ __typename }'));
    expect(small.value.data).toEqual({ __typename: 'Query' });
    for (const u of pending) u.abort();
    // For the record (not asserted: wall-clock time depends on the machine); npm run load measures latency under load.
    console.info(`a small request next to four refused 900 KB uploads: ${small.ms.toFixed(1)} ms`);
  });

  it('over the socket: too many tokens is an error for the subscription; a message over the limit closes the socket (1009)', async () => {
    const s = socketFor(p.user);
    const errors = await refusedWith(s, `subscription { boardEvents { ${'seq '.repeat(QUERY_LIMITS.maxTokens)}} }`);
    expect(errors[0]).toMatchObject({ message: expect.stringMatching(/more tha[nt] 2000 tokens/), extensions: { code: 'BAD_USER_INPUT' } });

    const huge = socketFor(p.user);
    void huge.subscribe(`subscription { boardEvents { seq } } ${'# padding\n'.repeat(QUERY_LIMITS.maxBodyBytes / 10)}`).done;
    expect(await huge.closed).toBe(1009);
  });
});

describe('the other abuse limits (graphql-armor)', () => {
  it('refuses too many directives, over HTTP and the socket alike', async () => {
    const directives = ' @include(if: true)'.repeat(QUERY_LIMITS.maxDirectives + 1);
    const res = await p.user.client.gql(`{ me { id${directives} } }`);
    expect(res.status).toBe(400);
    expect(res.errors?.[0]).toMatchObject({ message: 'Directives limit of 50 exceeded, found 51.', extensions: { code: 'BAD_USER_INPUT' } });
    const errors = await refusedWith(socketFor(p.user), `subscription { boardEvents { seq${directives} } }`);
    expect(errors[0]).toMatchObject({ message: 'Directives limit of 50 exceeded, found 51.', extensions: { code: 'BAD_USER_INPUT' } });
  });
});

/**
 * The finding's document: 30 aliases of reporteeTasks, each task with its comments, subtasks and
 * assignee. Every list counts by its bound (api/graphql/list-bounds.ts), so it is refused unread.
 */
const REPORTEE_TASK_FIELDS = 'id title status description assignedTo { id name } comments { id content author { id name } } subtasks { id title status }';
const ALIASED_REPORTEE_TASKS = `{ ${Array.from({ length: 30 }, (_, i) => `r${i}: reporteeTasks { ${REPORTEE_TASK_FIELDS} }`).join(' ')} }`;

/** Statements a request ran, less the realtime layer's and webhook worker's own polling on timers. */
const requestStatements = (s: TestServer) => s.queries.log().filter((sql) => !/task_events|webhook/.test(sql));
/** Statements that read or write tasks, their comments or subtasks. */
const taskStatements = (s: TestServer) => requestStatements(s).filter((sql) => /\b(tasks|task_comments|subtasks)\b/.test(sql));

/** Adds `count` tasks assigned to `assignee` straight to the database, with a few comments and subtasks each. */
async function seedTasks(s: TestServer, count: number, assignee: string, creator: string, fields: Partial<Task> = {}, parts = 2): Promise<string[]> {
  const em = s.app.runtime.orm.em.fork();
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const task = Object.assign(new Task(), { title: `Seeded ${i}`, assignedToId: assignee, createdById: creator, ...fields });
    em.persist(task);
    ids.push(task.id);
    for (let j = 0; j < parts; j++) {
      em.persist(Object.assign(new Subtask(), { taskId: task.id, title: `Step ${j}`, status: 'Not Started' }));
      em.persist(Object.assign(new TaskComment(), { taskId: task.id, userId: creator, content: `Note ${j} `.repeat(20) }));
    }
  }
  await em.flush();
  return ids;
}

/** Resolves once `check` holds, polling on the event loop (no fixed wait). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

describe('every list is costed by its bound: the aliased reporteeTasks document', () => {
  let heavy: TestServer;
  let hp: Record<DemoName, Person>;
  const heavySockets: Socket[] = [];

  beforeAll(async () => {
    heavy = await startServer();
    hp = await people(heavy);
    // The finding's admin had about 2,000 tasks among their reportees' work.
    await seedTasks(heavy, 1_200, hp.user.id, hp.manager.id);
    await seedTasks(heavy, 800, hp.manager.id, hp.admin.id);
  });
  afterAll(async () => {
    await Promise.all(heavySockets.map((s) => s.dispose()));
    await heavy?.close();
  });

  it('over HTTP, as the admin and as the manager: 400 BAD_USER_INPUT naming the cost, and no task was read', async () => {
    for (const who of [hp.admin, hp.manager]) {
      heavy.queries.reset();
      const res = await who.client.gql(ALIASED_REPORTEE_TASKS);
      expect(res.status, JSON.stringify(res.errors)).toBe(400);
      expect(res.data).toBeNull();
      expect(res.errors?.[0]).toMatchObject({
        message: expect.stringMatching(/^Query Cost limit of 150000 exceeded, found \d+\. Ask for fewer items/),
        extensions: { code: 'BAD_USER_INPUT' },
      });
      expect(taskStatements(heavy), taskStatements(heavy).join('\n')).toEqual([]);
    }
    // One alias with a small page and without the lists is within the limit, and is served.
    const one = await hp.manager.client.gql('{ reporteeTasks(first: 5) { id title assignedTo { id } } }');
    expect(one.errors).toBeUndefined();
    expect(one.data.reporteeTasks).toHaveLength(5);
    // The page size from the request's variables, as on the socket: 2 tasks with their comments pass, 500 do not.
    const byVariable = 'query($n: Int!) { reporteeTasks(first: $n) { id comments { id } } }';
    const small = await hp.manager.client.gql(byVariable, { n: 2 });
    expect(small.errors).toBeUndefined();
    expect(small.data.reporteeTasks).toHaveLength(2);
    heavy.queries.reset();
    const large = await hp.manager.client.gql(byVariable, { n: 500 });
    expect(large.status).toBe(400);
    expect(large.errors?.[0]).toMatchObject({ message: expect.stringMatching(/^Query Cost limit of 150000 exceeded/), extensions: { code: 'BAD_USER_INPUT' } });
    expect(taskStatements(heavy)).toEqual([]);
  });

  it('reporteeTasks serves at most `first` tasks (default 100) and refuses a first outside 1 to 500', async () => {
    const byDefault = await hp.admin.client.gql('{ reporteeTasks { id } }');
    expect(byDefault.data.reporteeTasks).toHaveLength(100);
    const big = await hp.admin.client.gql('{ reporteeTasks(first: 500) { id } }');
    expect(big.data.reporteeTasks).toHaveLength(500);
    for (const first of [0, 501]) {
      const res = await hp.admin.client.gql(`{ reporteeTasks(first: ${first}) { id } }`);
      expect(res.errors?.[0]).toMatchObject({ message: 'first must be between 1 and 500', extensions: { code: 'BAD_USER_INPUT' } });
    }
  });

  it('over the socket, the same document is refused with BAD_USER_INPUT before it runs (the cost rule comes before the operation check); the socket stays open', async () => {
    for (const who of [hp.admin, hp.manager]) {
      const s = openSocket(heavy.url, { cookie: who.client.cookieHeader() });
      heavySockets.push(s);
      let closedWith: number | null = null;
      void s.closed.then((code) => (closedWith = code));
      // Its page size as a variable: the socket validates with the operation's variables.
      for (const [query, variables] of [
        [ALIASED_REPORTEE_TASKS, undefined],
        [`query($n: Int!) ${ALIASED_REPORTEE_TASKS.replaceAll('reporteeTasks', 'reporteeTasks(first: $n)')}`, { n: 100 }],
      ] as const) {
        heavy.queries.reset();
        const errors = (await s.subscribe(query, variables).done) as { message: string; extensions?: { code?: string } }[];
        expect(Array.isArray(errors), String(errors)).toBe(true);
        expect(errors[0]).toMatchObject({ message: expect.stringMatching(/^Query Cost limit of 150000 exceeded/), extensions: { code: 'BAD_USER_INPUT' } });
        expect(taskStatements(heavy)).toEqual([]);
      }
      // With a small enough page from the variables, the cost limit passes: the socket then refuses it only as a query.
      const small = `query($n: Int!) { reporteeTasks(first: $n) { id comments { id } } }`;
      const passed = (await s.subscribe(small, { n: 2 }).done) as { message: string }[];
      expect(passed[0].message).toMatch(/Only subscriptions are served over the WebSocket/);
      const live = s.subscribe<{ boardEvents: { taskId: string } }>('subscription { boardEvents { taskId } }');
      await untilLive(
        live,
        async () => (await newTask(who.client)).id,
        (d, id) => d.boardEvents.taskId === id,
      );
      expect(closedWith).toBeNull();
    }
  });

  it('answers /healthz while a large accepted document runs', async () => {
    // Near the cost limit: 3 pages of 500 tasks with their tags (50 each, by their bound) and assignees.
    const page = 'tasks(first: 500) { nodes { id title description status priority category tags dueDate updatedAt assignedTo { id name } } }';
    const large = `{ a: ${page} b: ${page} c: ${page} }`;
    heavy.queries.reset();
    let answered = false;
    const running = hp.admin.client.gql(large).then((res) => ((answered = true), res));
    // The document has started: its page of tasks is being read.
    await until(() => requestStatements(heavy).some((sql) => /from [`"]?tasks[`"]?/i.test(sql)));
    const probe = await timed(() => new Client(heavy.url).request('GET', '/healthz'));
    const health = probe.value;
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    // /healthz was answered before the large document's answer was complete.
    expect(answered).toBe(false);
    const res = await running;
    expect(res.errors).toBeUndefined();
    expect(res.data.a.nodes).toHaveLength(500);
    expect(res.data.c.nodes).toHaveLength(500);
    // For the record (not asserted): the size of this answer, near the cost limit.
    console.info(`three pages of 500 tasks: ${(JSON.stringify(res.data).length / 1024).toFixed(0)} KB; /healthz beside it: ${probe.ms.toFixed(1)} ms`);
  });
});

describe('the response ceiling: an accepted answer over 8 MB is cut off with an error', () => {
  let big: TestServer;
  let bp: Record<DemoName, Person>;
  const bigSockets: Socket[] = [];
  /** The longest description a task may have (20,000 characters). */
  const longText = (seed: string) => seed.repeat(Math.ceil(20_000 / seed.length)).slice(0, 20_000);

  beforeAll(async () => {
    big = await startServer();
    bp = await people(big);
    // 450 tasks with the longest description: 9 MB of text in one page.
    await seedTasks(big, 450, bp.admin.id, bp.admin.id, { description: longText('All the details. ') }, 0);
  });
  afterAll(async () => {
    await Promise.all(bigSockets.map((s) => s.dispose()));
    await big?.close();
  });

  const page = (first: number, admin: string) => `{ tasks(first: ${first}, filter: { assignedToId: "${admin}" }) { nodes { id description } } }`;

  it('over HTTP: a page of 450 long descriptions is accepted by the cost limit, then cut off with a clear error', async () => {
    expect(QUERY_LIMITS.maxResponseBytes).toBe(8 * 1024 * 1024);
    const res = await bp.admin.client.gql(page(500, bp.admin.id));
    expect(res.data).toBeNull();
    expect(res.errors).toEqual([
      {
        message: 'This answer is larger than 8 MB and was not sent: ask for fewer items (a smaller first) or fewer fields',
        extensions: { code: 'BAD_USER_INPUT', maxBytes: QUERY_LIMITS.maxResponseBytes },
      },
    ]);
    // A smaller page of the same tasks is under the ceiling and served.
    const smaller = await bp.admin.client.gql(page(300, bp.admin.id));
    expect(smaller.errors).toBeUndefined();
    expect(smaller.data.tasks.nodes).toHaveLength(300);
    expect(smaller.data.tasks.nodes[0].description).toHaveLength(20_000);
  });

  it('over the socket: an event whose answer is over the ceiling gets the error instead; the subscription goes on', async () => {
    // One task with 200 comments of 10,000 characters (2 MB); five aliases of it make 10 MB.
    const [taskId] = await seedTasks(big, 1, bp.admin.id, bp.admin.id, { title: 'Much discussed' }, 0);
    const em = big.app.runtime.orm.em.fork();
    for (let i = 0; i < 200; i++)
      em.persist(Object.assign(new TaskComment(), { taskId, userId: bp.admin.id, content: longText(`Comment ${i}. `).slice(0, 10_000) }));
    await em.flush();

    const s = openSocket(big.url, { cookie: bp.admin.client.cookieHeader() });
    bigSockets.push(s);
    const aliases = Array.from({ length: 5 }, (_, i) => `c${i}: task { comments { content } }`).join(' ');
    const sub = s.subscribe<{ boardEvents: { taskId: string } }>(`subscription { boardEvents { taskId ${aliases} } }`);
    await untilLive(
      sub,
      async () => (await newTask(bp.admin.client)).id,
      (d, id) => d.boardEvents.taskId === id,
    );

    const before = sub.results.length;
    expect((await bp.admin.client.patch(`/api/tasks/${taskId}`, { title: 'Much discussed, again' })).status).toBe(200);
    await until(() => sub.results.length > before && sub.results.slice(before).some((r) => r.errors));
    const cut = sub.results.slice(before).find((r) => r.errors)!;
    expect(cut.data ?? null).toBeNull();
    expect(cut.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/^This answer is larger than 8 MB and was not sent/),
      extensions: { code: 'BAD_USER_INPUT' },
    });
    // The next, smaller event is delivered as usual.
    const next = (await newTask(bp.admin.client)).id;
    await sub.waitFor((d) => d.boardEvents.taskId === next);
  });
});
