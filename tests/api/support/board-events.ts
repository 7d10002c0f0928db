import { afterAll, beforeAll } from 'vitest';
import { startServer, usingPostgres, type TestServer } from './server.js';
import { signedIn, type Client } from './client.js';
import { openSocket, untilLive, type Socket, type Subscription } from './ws.js';

// What the realtime suites share (realtime-events.test.ts, realtime-sockets.test.ts): the board
// subscription they watch, one server with three people, and their sockets.

export const EVENT = `
  subscription Board($taskId: ID) {
    boardEvents(taskId: $taskId) {
      seq kind taskId entityId actorId at
      task { id title column assignedToId viewerCan { update delete } assignedTo { username } }
      subtask { id title status }
      comment { id content }
      subtaskCount { total done }
      commentCount
    }
  }`;

export interface Ev {
  seq: number;
  kind: string;
  taskId: string;
  entityId: string | null;
  actorId: string | null;
  at: string;
  task: {
    id: string;
    title: string;
    column: string;
    assignedToId: string | null;
    viewerCan: { update: boolean };
    assignedTo: { username: string } | null;
  } | null;
  subtask: { id: string; title: string; status: string } | null;
  comment: { id: string; content: string } | null;
  subtaskCount: { total: number; done: number } | null;
  commentCount: number | null;
}
export type Data = { boardEvents: Ev };

export let server: TestServer;
export let admin: Client;
export let manager: Client;
export let member: Client;
/** After the manager's sessions were ended on purpose: the manager signed in again. */
export function setManager(client: Client): void {
  manager = client;
}

export const ids: Record<string, string> = {};
export const sockets: Socket[] = [];

export function socketFor(client: Client, options: { timeZone?: string } = {}): Socket {
  const s = openSocket(server.url, { cookie: client.cookieHeader(), ...options });
  sockets.push(s);
  return s;
}

export async function createTask(client: Client, fields: Record<string, unknown>): Promise<string> {
  const res = await client.post('/api/tasks', fields);
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

/** Subscribes and waits until the subscription is live (a probe task the subscriber can read arrives). */
export async function liveSubscription(client: Client, socket: Socket, variables?: Record<string, unknown>): Promise<Subscription<Data>> {
  const sub = socket.subscribe<Data>(EVENT, variables);
  const probeTitles = new Set<string>();
  await untilLive(
    sub,
    async () => {
      const title = `probe ${Math.random()}`;
      probeTitles.add(title);
      return createTask(client, { title });
    },
    (d, id) => d.boardEvents.taskId === id,
  );
  return sub;
}

export const nextEvent = (sub: Subscription<Data>, match: (e: Ev) => boolean, timeoutMs?: number) =>
  sub.waitFor((d) => match(d.boardEvents), timeoutMs).then((d) => d.boardEvents);

/**
 * The realtime suites' server and its three signed-in people, started before the calling file's tests;
 * the server and every socket opened for them closed after them.
 */
export function useBoardServer(): void {
  beforeAll(async () => {
    // On the PostgreSQL run with Redis available, the same suite exercises the Redis hub and session store.
    server = await startServer(usingPostgres() && process.env.REDIS_URL ? { env: { REDIS_URL: process.env.REDIS_URL } } : {});
    admin = await signedIn(server.url, 'admin');
    manager = await signedIn(server.url, 'manager');
    member = await signedIn(server.url, 'user');
    for (const [name, c] of Object.entries({ admin, manager, user: member })) ids[name] = (await c.get('/api/auth/me')).body.id;
  });

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.dispose().catch(() => {})));
    await server?.close();
  });
}
