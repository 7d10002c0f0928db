/** Helpers of the task-domain suites: signed-in clients with a fixed time zone, task factories. */
import { expect } from 'vitest';
import { Client } from './client.js';
import type { TestServer } from './server.js';

export type DemoName = 'admin' | 'manager' | 'user';

export interface Person {
  client: Client;
  id: string;
  username: string;
}

/** Signs in a demo account; requests carry X-Time-Zone: UTC so "today" is the UTC day. */
export async function person(server: TestServer, username: DemoName): Promise<Person> {
  const client = new Client(server.url, { 'x-time-zone': 'UTC' });
  const me = await client.login(username);
  return { client, id: me.id, username };
}

export async function people(server: TestServer): Promise<Record<DemoName, Person>> {
  const [admin, manager, user] = await Promise.all([person(server, 'admin'), person(server, 'manager'), person(server, 'user')]);
  return { admin, manager, user };
}

/** Today's, yesterday's... calendar day (yyyy-MM-dd) in UTC. */
export const dayKey = (offsetDays = 0): string => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

let counter = 0;
/** Creates a task over REST (201 expected) and returns its JSON. */
export async function newTask(c: Client, fields: Record<string, unknown> = {}): Promise<any> {
  counter += 1;
  const res = await c.post('/api/tasks', { title: `Task ${counter}`, ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** The task as stored now (read back by an admin session). */
export async function readBack(c: Client, id: string): Promise<any> {
  const res = await c.get(`/api/tasks/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

/** The task's audit entries, newest first. */
export async function auditOf(c: Client, taskId: string): Promise<any[]> {
  const res = await c.get(`/api/audit?taskId=${taskId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Asserts a failure status with a readable JSON message (a sentence, not a code or a stack). */
export function expectRefused(res: { status: number; body: any }, status: number, message?: RegExp): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(typeof res.body?.message).toBe('string');
  expect(res.body.message.length).toBeGreaterThan(5);
  expect(res.body.message).not.toMatch(/at .*\.ts:\d+|Error:|undefined/);
  if (message) expect(res.body.message).toMatch(message);
}
