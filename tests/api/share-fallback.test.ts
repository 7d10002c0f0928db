import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';

// A share from the phone's share sheet is a cross-site multipart POST to /share (the web app manifest's
// share_target). The app's service worker answers it; before one is installed, the server does: on to the
// form's GET address with the text, saying files were missed, and nothing kept.

const post = (server: TestServer, form: FormData) =>
  fetch(`${server.url}/share`, { method: 'POST', body: form, redirect: 'manual', headers: { Origin: 'https://elsewhere.example' } });

describe('POST /share without a service worker', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.close());

  it("sends a share with files on to the form's GET address with its text, and keeps none of the files", async () => {
    const form = new FormData();
    form.set('title', 'Receipt');
    form.set('text', 'From the trip');
    form.set('url', 'https://example.com/r?id=1');
    form.append('files', new Blob([new Uint8Array(64 * 1024)], { type: 'image/png' }), 'receipt.png');
    const res = await post(server, form);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/share?title=Receipt&text=From+the+trip&url=https%3A%2F%2Fexample.com%2Fr%3Fid%3D1&files=missed');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const dir = server.app.runtime.config.attachmentsDir;
    const kept = existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()) : [];
    expect(kept).toEqual([]);
  });

  it('sends a text share on as it came (no files named)', async () => {
    const form = new FormData();
    form.set('text', 'Call the plumber');
    const res = await post(server, form);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/share?text=Call+the+plumber');
  });
});
