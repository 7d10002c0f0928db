/**
 * The set-up of the input-hardening suites (input-hardening-payloads, input-hardening-requests): the objects the
 * cases change, the two transports' answers, and the check each case runs.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type TestServer } from './server.js';
import { Client } from './client.js';
import { person, type Person } from './task-helpers.js';

/**
 * Text no field may hold: a NUL byte (PostgreSQL refuses it in text, which was a 500) and a lone UTF-16
 * surrogate (not encodable as UTF-8). Every text input of both transports refuses both with 400 /
 * BAD_USER_INPUT before anything reaches the database, and nothing changes.
 */
export const BAD_VALUES = { NUL: 'Bad\u0000value', 'lone surrogate': 'Bad\ud800value' } as const;

export let server: TestServer;
export let admin: Person;
/** Objects the update cases change (ids filled in beforeAll). */
export const fx = {} as Record<'task' | 'subtask' | 'project' | 'config' | 'template' | 'view' | 'fn' | 'team' | 'user', string>;

const created = async (res: Promise<{ status: number; body: any }>): Promise<string> => {
  const { status, body } = await res;
  expect(status, JSON.stringify(body)).toBe(201);
  return body.id;
};

/** Starts a server and creates the objects of `fx` as the admin (call at the top of a test file). */
export function useHardeningFixtures(): void {
  beforeAll(async () => {
    server = await startServer();
    admin = await person(server, 'admin');
    const c = admin.client;
    fx.task = await created(c.post('/api/tasks', { title: 'Hardening target', description: 'Kept', tags: ['kept'] }));
    fx.subtask = await created(c.post(`/api/tasks/${fx.task}/subtasks`, { title: 'Kept subtask' }));
    fx.project = await created(c.post('/api/projects', { name: 'Kept project' }));
    fx.config = await created(c.post('/api/system-configs', { configType: 'categories', configKey: 'kept', displayLabel: 'Kept' }));
    fx.template = await created(c.post('/api/task-templates', { name: 'Kept template', title: 'Kept title' }));
    fx.view = await created(c.post('/api/task-views', { name: 'Kept view' }));
    fx.fn = await created(c.post('/api/functions', { name: 'Kept function' }));
    fx.team = await created(c.post('/api/teams', { name: 'Kept team', functionId: fx.fn }));
    fx.user = await created(c.post('/api/users', { username: 'kept-user', email: 'kept@example.com', password: 'kept-password' }));
  });
  afterAll(() => server?.close());
}

export type Outcome = { status: number; code: string | undefined; message: string | undefined };

export async function rest(method: string, path: string, body?: unknown): Promise<Outcome> {
  const res = await admin.client.request(method, path, body);
  return { status: res.status, code: res.body?.code, message: res.body?.message };
}

export async function gql(query: string, variables: Record<string, unknown>, client: Client = admin.client): Promise<Outcome> {
  const res = await client.gql(query, variables);
  const error = res.errors?.[0];
  return { status: res.status, code: error?.extensions?.code, message: error?.message };
}

export interface Case {
  transport: 'REST' | 'GraphQL';
  operation: string;
  field: string;
  send: (bad: string) => Promise<Outcome>;
  /** REST paths whose answers must be the same before and after the refusal. */
  state: () => string[];
  /** Sent in the URL: only NUL (percent-encoding is UTF-8, which has no lone surrogates). */
  inUrl?: boolean;
}

export async function readStates(paths: string[]): Promise<unknown[]> {
  return Promise.all(paths.map(async (p) => (await admin.client.get(p)).body));
}

/** One test a case: each bad value is refused with BAD_USER_INPUT (400 over REST) and the case's state is unchanged. */
export function refusesEach(cases: Case[]): void {
  it.each(cases)('$transport $operation: $field', async ({ transport, send, state, inUrl }) => {
    for (const [name, bad] of Object.entries(inUrl ? { NUL: BAD_VALUES.NUL } : BAD_VALUES)) {
      const before = await readStates(state());
      const outcome = await send(bad);
      const seen = `${name}: ${JSON.stringify(outcome)}`;
      expect(outcome.code, seen).toBe('BAD_USER_INPUT');
      if (transport === 'REST') expect(outcome.status, seen).toBe(400);
      else expect(outcome.status, seen).not.toBe(500);
      expect(outcome.message, seen).toBeTruthy();
      expect(await readStates(state()), `${name}: state changed`).toEqual(before);
    }
  });
}
