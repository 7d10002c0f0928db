import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { Client } from './support/client.js';
import { openSocket, untilLive, type Socket } from './support/ws.js';
import { expectRefused, newTask, people, type DemoName, type Person } from './support/task-helpers.js';
import { QUERY_LIMITS } from '../../api/graphql/limits.js';

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
      expect(res.errors?.[0]).toMatchObject({ message: expect.stringMatching(/Cannot spread fragment "(A|B|Self)" within itself/), extensions: { code: 'BAD_USER_INPUT' } });
    }
    expect((await p.user.client.gql('{ me { username } }')).data).toEqual({ me: { username: 'user' } });
  });

  it('over the socket: an error for that subscription; the socket stays open and its other subscription live', async () => {
    const s = socketFor(p.user);
    let closedWith: number | null = null;
    void s.closed.then((code) => (closedWith = code));
    // A live subscription keeps the (lazy) client's socket open, and shows the socket still serves.
    const live = s.subscribe<{ boardEvents: { taskId: string } }>(SUBSCRIPTION);
    await untilLive(live, async () => (await newTask(p.user.client)).id, (d, id) => d.boardEvents.taskId === id);

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
