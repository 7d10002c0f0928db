import http from 'node:http';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { expect } from 'vitest';
import type { Person } from './task-helpers.js';

// What the webhook suites share (webhooks-delivery.test.ts, webhooks-admin.test.ts): a receiver to
// deliver to, the signature check, and registering and reading a webhook over REST.

/** What a receiver answers a request with: a status, or 'hang' (never answers). */
export type Answer = number | 'hang';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: any;
}

/** A webhook receiver on 127.0.0.1: records every request and answers from a per-path script (then 200). */
export class Receiver {
  readonly received: Received[] = [];
  private readonly scripts = new Map<string, Answer[]>();
  private readonly hanging = new Set<http.ServerResponse>();
  private server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      this.received.push({ path, headers: req.headers, raw, body: JSON.parse(raw) });
      const answer = this.scripts.get(path)?.shift() ?? 200;
      if (answer === 'hang') this.hanging.add(res);
      else res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer >= 300 ? 'receiver says no' : 'ok');
    });
  });
  port = 0;

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
    return this;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** The answers to the next requests to `path`. */
  script(path: string, ...answers: Answer[]): void {
    this.scripts.set(path, answers);
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Polls until `check` returns a value that is not undefined/false (20 s at most). */
export async function until<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value as T;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const SECRET = 'a-test-secret-of-some-length';
export const ALL_EVENTS = ['task.created', 'task.updated', 'task.deleted', 'comment.created', 'subtask.created', 'subtask.updated', 'subtask.deleted'];
/** Short retries and timeouts (WEBHOOK_TIMEOUT_MS is the test knob for the 10 s default), private receivers allowed. */
export const DELIVERY_ENV = { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_MS: '20', WEBHOOK_TIMEOUT_MS: '1000' };

export const verify = (secret: string, r: Received): boolean => {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(r.raw).digest('hex')}`);
  const given = Buffer.from(String(r.headers['x-lwf-signature'] ?? ''));
  return given.length === expected.length && timingSafeEqual(given, expected);
};

export async function register(admin: Person, url: string, events = ALL_EVENTS, secret = SECRET): Promise<any> {
  const res = await admin.client.post('/api/webhooks', { url, events, secret });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

export const deliveries = async (admin: Person, hookId: string): Promise<any[]> => {
  const res = await admin.client.get(`/api/webhooks/${hookId}/deliveries`);
  expect(res.status).toBe(200);
  return res.body;
};
