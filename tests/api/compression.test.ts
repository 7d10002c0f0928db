import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { signedIn, type Client } from './support/client.js';
import { newTask } from './support/task-helpers.js';

// A stand-in for dist/web (the real build exists only after npm run build:web): an index.html and a
// hashed asset, each well over the 1 KB compression threshold.
const ASSET = 'assets/index-Bx3kQ9aZ.js';
let webDir: string;
let server: TestServer;
let user: Client;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'lwf-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(
    path.join(webDir, 'index.html'),
    `<!doctype html><title>Let work flow</title><script type="module" src="/${ASSET}"></script>${'<!-- padding -->'.repeat(200)}`,
  );
  writeFileSync(path.join(webDir, ASSET), `export const board = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ column: 'today', i })))};`);
  server = await startServer({ env: { WEB_DIR: webDir } });
  user = await signedIn(server.url, 'user');
  for (let i = 0; i < 10; i++) await newTask(user, { description: 'Enough tasks for a response over one kilobyte' });
});
afterAll(async () => {
  await server?.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding: string, cookie = '') => fetch(url, { headers: { 'accept-encoding': acceptEncoding, cookie } });

describe('compression of API responses and the web client', () => {
  it('REST JSON comes back with gzip or brotli, as the client accepts', async () => {
    for (const encoding of ['gzip', 'br']) {
      const res = await get(`${server.url}/api/tasks`, encoding, user.cookieHeader());
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toMatch(/Accept-Encoding/i);
      expect(((await res.json()) as unknown[]).length).toBeGreaterThanOrEqual(10);
    }
    const plain = await get(`${server.url}/api/tasks`, 'identity', user.cookieHeader());
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it('a GraphQL response is compressed too', async () => {
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'accept-encoding': 'br, gzip', 'content-type': 'application/json', cookie: user.cookieHeader() },
      body: JSON.stringify({ query: '{ tasks(first: 50) { nodes { id title description status column } } }' }),
    });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(((await res.json()) as any).data.tasks.nodes.length).toBeGreaterThanOrEqual(10);
  });

  it('responses under 1 KB are sent as they are', async () => {
    const res = await get(`${server.url}/healthz`, 'gzip');
    expect(res.headers.get('content-encoding')).toBeNull();
  });

  it('a hashed asset is compressed and cached for a year, immutable', async () => {
    const res = await get(`${server.url}/${ASSET}`, 'gzip, br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toMatch(/^export const board/);
  });

  it('index.html is compressed and always revalidated, at / , at a client route and by its name', async () => {
    for (const route of ['/', '/planner', '/index.html']) {
      const res = await get(`${server.url}${route}`, 'gzip');
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-encoding'), route).toBe('gzip');
      expect(res.headers.get('cache-control'), route).toBe('no-cache');
      expect(await res.text(), route).toMatch(/<title>Let work flow<\/title>/);
    }
  });
});
