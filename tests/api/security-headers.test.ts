import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';

/** The Content-Security-Policy header of a response, as directive name → sources. */
async function csp(url: string): Promise<Record<string, string[]>> {
  const res = await fetch(`${url}/healthz`);
  const header = res.headers.get('content-security-policy') ?? '';
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('Content-Security-Policy without ALLOWED_ORIGINS', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.close());

  it('connects only to its own origin (same-origin WebSockets included) and shows only its own images', async () => {
    const policy = await csp(server.url);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy['script-src']).toEqual(["'self'"]);
  });

  it('takes its service worker and web app manifest from its own origin only (installable, issue 19)', async () => {
    const policy = await csp(server.url);
    expect(policy['worker-src']).toEqual(["'self'"]);
    expect(policy['manifest-src']).toEqual(["'self'"]);
  });
});

describe('Content-Security-Policy with ALLOWED_ORIGINS', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({
      env: { ALLOWED_ORIGINS: 'https://tasks.example.com,http://localhost:5173,javascript:alert(1),x; script-src *' },
    });
  });
  afterAll(() => server?.close());

  it('adds each configured origin and its WebSocket twin to connect-src, instead of any ws: or wss:', async () => {
    const policy = await csp(server.url);
    expect(policy['connect-src']).toEqual(["'self'", 'https://tasks.example.com', 'wss://tasks.example.com', 'http://localhost:5173', 'ws://localhost:5173']);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://tasks.example.com', 'http://localhost:5173']);
  });

  it('ignores entries that are not http(s) origins (they cannot add sources or directives)', async () => {
    const policy = await csp(server.url);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(
      Object.values(policy)
        .flat()
        .some((source) => /javascript|^x$|\*/.test(source)),
    ).toBe(false);
  });
});
