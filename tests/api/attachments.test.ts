import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { Client } from './support/client.js';
import { auditOf, expectRefused, newTask, people, type DemoName, type Person } from './support/task-helpers.js';

// Attachments on tasks (issue 41; docs/API.md, Attachments): real multipart uploads, files on disk.

/** A 1x1 transparent PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

interface Part {
  name: string;
  bytes: string | Buffer;
  type?: string;
}

/** POST /api/tasks/:id/attachments as a browser sends it, with a session or a token. */
async function upload(who: Client | string, baseUrl: string, taskId: string, parts: Part[]): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const p of parts) form.append('file', new Blob([p.bytes], { type: p.type ?? 'application/octet-stream' }), p.name);
  const auth: Record<string, string> = typeof who === 'string' ? { authorization: `Bearer ${who}` } : { cookie: who.cookieHeader() };
  const res = await fetch(`${baseUrl}/api/tasks/${taskId}/attachments`, { method: 'POST', body: form, headers: auth });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** Every file under the attachments folder (relative paths), temporary ones included. */
function filesIn(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}

const sha = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('attachments', () => {
  let server: TestServer;
  let p: Record<DemoName, Person>;
  let dir: string;
  const url = () => server.url;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'lwf-attachments-'));
    // A temporary upload a stopped server left behind two days ago (removed by the next upload's sweep).
    writeFileSync(path.join(dir, '.upload-stale'), 'half a file');
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    utimesSync(path.join(dir, '.upload-stale'), twoDaysAgo, twoDaysAgo);
    server = await startServer({ env: { ATTACHMENTS_DIR: dir, ATTACHMENT_MAX_MB: '1' } });
    p = await people(server);
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A task of the admin's, unassigned: the manager reads it but may not change it; the member cannot read it. */
  const adminTask = () => newTask(p.admin.client, { assignedToId: null });

  it('uploads one file and several, lists them, and records each on the task (and sweeps away stale temporary uploads)', async () => {
    const task = await adminTask();
    const one = await upload(p.admin.client, url(), task.id, [{ name: 'notes.txt', bytes: 'Hello, world' }]);
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    await expect.poll(() => filesIn(dir).includes('.upload-stale')).toBe(false);
    expect(one.body).toEqual([
      expect.objectContaining({ name: 'notes.txt', size: 12, contentType: 'text/plain', uploadedById: p.admin.id, url: `/api/attachments/${one.body[0].id}` }),
    ]);
    const several = await upload(p.admin.client, url(), task.id, [
      { name: 'a.bin', bytes: Buffer.from([0, 1, 2, 3, 255]) },
      { name: 'pixel.png', bytes: PNG },
    ]);
    expect(several.status).toBe(201);
    expect(several.body.map((a: any) => [a.name, a.contentType])).toEqual([
      ['a.bin', 'application/octet-stream'],
      ['pixel.png', 'image/png'],
    ]);
    const list = await p.admin.client.get(`/api/tasks/${task.id}/attachments`);
    expect(list.body.map((a: any) => a.name)).toEqual(['notes.txt', 'a.bin', 'pixel.png']);
    const audit = await auditOf(p.admin.client, task.id);
    expect(audit.filter((e: any) => e.entityType === 'attachment').length).toBe(3);
    const bytes = await p.admin.client.get(`/api/attachments/${one.body[0].id}`);
    expect(bytes.body).toBe('Hello, world');

    // The cards' count: read with a page's rows, and batched for a single task.
    const counts = await p.admin.client.gql(
      `query ($id: ID!) { tasks(filter: { ids: [$id] }, first: 10) { nodes { attachmentCount } } task(id: $id) { attachmentCount } }`,
      { id: task.id },
    );
    expect(counts.errors, JSON.stringify(counts.errors)).toBeUndefined();
    expect(counts.data).toEqual({ tasks: { nodes: [{ attachmentCount: 3 }] }, task: { attachmentCount: 3 } });
    const removed = await p.admin.client.gql(`mutation ($id: ID!) { deleteAttachment(id: $id) }`, { id: one.body[0].id });
    expect(removed.errors, JSON.stringify(removed.errors)).toBeUndefined();
    const after = await p.admin.client.gql(`query ($id: ID!) { task(id: $id) { attachmentCount } }`, { id: task.id });
    expect(after.data.task.attachmentCount).toBe(2);
  });

  it('refuses a file over ATTACHMENT_MAX_MB while it streams: 413, no row, nothing left on disk', async () => {
    const task = await adminTask();
    const before = filesIn(dir);
    const res = await upload(p.admin.client, url(), task.id, [{ name: 'big.bin', bytes: Buffer.alloc(1024 * 1024 + 10, 7) }]);
    expectRefused(res, 413, /too large.*1 MB/);
    expect((await p.admin.client.get(`/api/tasks/${task.id}/attachments`)).body).toEqual([]);
    expect(filesIn(dir)).toEqual(before);
    expect(filesIn(dir).some((f) => f.includes('.upload-'))).toBe(false);
  });

  it('keeps nothing of a request whose second file is over the limit, and holds a task to 20 times the limit in all', async () => {
    const task = await adminTask();
    const before = filesIn(dir);
    const mixed = await upload(p.admin.client, url(), task.id, [
      { name: 'small.txt', bytes: 'small and fine' },
      { name: 'big.bin', bytes: Buffer.alloc(1024 * 1024 + 1, 1) },
    ]);
    expectRefused(mixed, 413);
    expect((await p.admin.client.get(`/api/tasks/${task.id}/attachments`)).body).toEqual([]);
    expect(filesIn(dir)).toEqual(before);

    // 20 files of exactly 1 MB fill the task; one more byte is refused, and its upload is not kept.
    const full = Array.from({ length: 20 }, (_, i) => ({ name: `part-${i}.bin`, bytes: Buffer.alloc(1024 * 1024, i) }));
    expect((await upload(p.admin.client, url(), task.id, full)).status).toBe(201);
    const over = await upload(p.admin.client, url(), task.id, [{ name: 'one-more.txt', bytes: 'x' }]);
    expectRefused(over, 413, /at most 20 MB together/);
    expect(filesIn(dir).some((f) => f.includes('.upload-'))).toBe(false);
    expect((await p.admin.client.get(`/api/tasks/${task.id}/attachments`)).body.length).toBe(20);
  });

  it("reads the type from the bytes, not the client's claim", async () => {
    const task = await adminTask();
    const res = await upload(p.admin.client, url(), task.id, [{ name: 'looks-like.txt', bytes: PNG, type: 'text/plain' }]);
    expect(res.body[0].contentType).toBe('image/png');
    const shown = await fetch(`${url()}/api/attachments/${res.body[0].id}`, { headers: { cookie: p.admin.client.cookieHeader() } });
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(shown.headers.get('content-disposition')).toMatch(/^inline; /);
    const downloaded = await fetch(`${url()}/api/attachments/${res.body[0].id}?download=1`, { headers: { cookie: p.admin.client.cookieHeader() } });
    expect(downloaded.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('serves HTML (and anything not an image or PDF) as a download, never sniffed, in a sandbox', async () => {
    const task = await adminTask();
    const res = await upload(p.admin.client, url(), task.id, [{ name: 'page.html', bytes: '<script>alert(1)</script>', type: 'text/html' }]);
    const got = await fetch(`${url()}/api/attachments/${res.body[0].id}`, { headers: { cookie: p.admin.client.cookieHeader() } });
    expect(got.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(got.headers.get('content-disposition')).toBe(`attachment; filename="page.html"; filename*=UTF-8''page.html`);
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
  });

  it('cleans names of path separators and control characters, and keeps the exact name in filename*', async () => {
    // (A browser escapes CR, LF and quotes in a part's file name; other raw control bytes make busboy refuse the part.)
    const task = await adminTask();
    const res = await upload(p.admin.client, url(), task.id, [
      { name: '../../etc/pass\twd\u202e.txt', bytes: 'x' },
      { name: '  \u200f/.. ', bytes: 'y' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.map((a: any) => a.name)).toEqual(['passwd.txt', 'file']);
    expect((await p.admin.client.patch(`/api/attachments/${res.body[1].id}`, { name: '../../etc/passwd' })).body.name).toBe('etc_passwd');
    const renamed = await p.admin.client.patch(`/api/attachments/${res.body[0].id}`, { name: 'Résumé\n\u0007 2026.txt' });
    expect(renamed.body.name).toBe('Résumé 2026.txt');
    const got = await fetch(`${url()}/api/attachments/${res.body[0].id}`, { headers: { cookie: p.admin.client.cookieHeader() } });
    expect(got.headers.get('content-disposition')).toBe(`attachment; filename="R_sum_ 2026.txt"; filename*=UTF-8''R%C3%A9sum%C3%A9%202026.txt`);
  });

  it('follows the task: readers read, those who may change it (or the uploader) rename and delete, others see 404', async () => {
    const task = await adminTask();
    const [mine] = (await upload(p.admin.client, url(), task.id, [{ name: 'admin.txt', bytes: 'by admin' }])).body;
    // The manager reads the task but may not change it.
    expect((await p.manager.client.get(`/api/tasks/${task.id}/attachments`)).body.map((a: any) => a.id)).toEqual([mine.id]);
    expect((await p.manager.client.get(`/api/attachments/${mine.id}`)).status).toBe(200);
    expectRefused(await p.manager.client.patch(`/api/attachments/${mine.id}`, { name: 'x.txt' }), 403);
    expectRefused(await p.manager.client.delete(`/api/attachments/${mine.id}`), 403);
    // ...but renames and deletes a file of their own there.
    const [theirs] = (await upload(p.manager.client, url(), task.id, [{ name: 'manager.txt', bytes: 'by manager' }])).body;
    expect((await p.manager.client.patch(`/api/attachments/${theirs.id}`, { name: 'renamed.txt' })).body.name).toBe('renamed.txt');
    expect((await p.manager.client.delete(`/api/attachments/${theirs.id}`)).status).toBe(200);
    // The member cannot read the task: 404 everywhere, as for an id that does not exist.
    const member = p.user.client;
    expectRefused(await member.get(`/api/tasks/${task.id}/attachments`), 404);
    expectRefused(await member.get(`/api/attachments/${mine.id}`), 404, /Attachment not found/);
    expectRefused(await member.patch(`/api/attachments/${mine.id}`, { name: 'x' }), 404, /Attachment not found/);
    expectRefused(await member.delete(`/api/attachments/${mine.id}`), 404, /Attachment not found/);
    expectRefused(await upload(member, url(), task.id, [{ name: 'x.txt', bytes: 'x' }]), 404);
    expectRefused(await upload(new Client(url()), url(), task.id, [{ name: 'x.txt', bytes: 'x' }]), 401);
    expectRefused(await member.get('/api/attachments/00000000-0000-4000-8000-000000000000'), 404, /Attachment not found/);
    // The owner renames and deletes; each change is on the task's record.
    expect((await p.admin.client.patch(`/api/attachments/${mine.id}`, { name: 'final.txt' })).body.name).toBe('final.txt');
    expect((await p.admin.client.delete(`/api/attachments/${mine.id}`)).status).toBe(200);
    expectRefused(await p.admin.client.get(`/api/attachments/${mine.id}`), 404);
    const actions = (await auditOf(p.admin.client, task.id)).filter((e: any) => e.entityType === 'attachment').map((e: any) => e.action);
    expect(actions.sort()).toEqual(['created', 'created', 'deleted', 'deleted', 'updated', 'updated']);
  });

  it('stores the same bytes once and removes them with the last file naming them', async () => {
    const [t1, t2] = [await adminTask(), await adminTask()];
    const bytes = `shared ${Date.now()}`;
    const stored = () => filesIn(dir).filter((f) => f.endsWith(sha(bytes)));
    const [a] = (await upload(p.admin.client, url(), t1.id, [{ name: 'a.txt', bytes }])).body;
    const [b] = (await upload(p.admin.client, url(), t2.id, [{ name: 'b.txt', bytes }])).body;
    expect(stored()).toEqual([path.join(sha(bytes).slice(0, 2), sha(bytes).slice(2, 4), sha(bytes))]);
    await p.admin.client.delete(`/api/attachments/${a.id}`);
    expect(stored().length).toBe(1);
    expect((await p.admin.client.get(`/api/attachments/${b.id}`)).body).toBe(bytes);
    await p.admin.client.delete(`/api/attachments/${b.id}`);
    expect(stored()).toEqual([]);
  });

  it("keeps a deleted task's files, and its restore brings them back", async () => {
    const task = await adminTask();
    const [file] = (await upload(p.admin.client, url(), task.id, [{ name: 'kept.txt', bytes: 'kept' }])).body;
    expect((await p.admin.client.delete(`/api/tasks/${task.id}`)).status).toBe(200);
    expectRefused(await p.admin.client.get(`/api/attachments/${file.id}`), 404);
    const entry = (await auditOf(p.admin.client, task.id)).find((e: any) => e.entityType === 'task' && e.action === 'deleted');
    const restored = await p.admin.client.gql('mutation($id: ID!) { restoreFromAudit(auditId: $id) { id } }', { id: entry.id });
    expect(restored.errors).toBeUndefined();
    expect((await p.admin.client.get(`/api/attachments/${file.id}`)).body).toBe('kept');
  });

  it('works with an API token', async () => {
    const task = await adminTask();
    const { token } = (await p.admin.client.post('/api/tokens', { name: 'Files script' })).body;
    const res = await upload(token, url(), task.id, [{ name: 'ci.log', bytes: 'build ok' }]);
    expect(res.status).toBe(201);
    const bot = new Client(url(), { authorization: `Bearer ${token}` });
    expect((await bot.get(`/api/attachments/${res.body[0].id}`)).body).toBe('build ok');
    expect((await bot.patch(`/api/attachments/${res.body[0].id}`, { name: 'ci-1.log' })).body.name).toBe('ci-1.log');
    expect((await bot.delete(`/api/attachments/${res.body[0].id}`)).status).toBe(200);
  });

  it('offers Task.attachments, renameAttachment and deleteAttachment over GraphQL', async () => {
    const task = await adminTask();
    const [file] = (await upload(p.admin.client, url(), task.id, [{ name: 'g.txt', bytes: 'graph' }])).body;
    const query = 'query($id: ID!) { task(id: $id) { attachments { id name size contentType url uploadedBy { id } viewerCan { update delete } } } }';
    const asManager = await p.manager.client.gql(query, { id: task.id });
    expect(asManager.data.task.attachments).toEqual([
      {
        id: file.id,
        name: 'g.txt',
        size: 5,
        contentType: 'text/plain',
        url: `/api/attachments/${file.id}`,
        uploadedBy: { id: p.admin.id },
        viewerCan: { update: false, delete: false },
      },
    ]);
    const forbidden = await p.manager.client.gql('mutation($id: ID!) { deleteAttachment(id: $id) }', { id: file.id });
    expect(forbidden.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const asAdmin = await p.admin.client.gql(query, { id: task.id });
    expect(asAdmin.data.task.attachments[0].viewerCan).toEqual({ update: true, delete: true });
    const renamed = await p.admin.client.gql('mutation($id: ID!) { renameAttachment(id: $id, name: "h.txt") { id name } }', { id: file.id });
    expect(renamed.data.renameAttachment).toEqual({ id: file.id, name: 'h.txt' });
    const deleted = await p.admin.client.gql('mutation($id: ID!) { deleteAttachment(id: $id) }', { id: file.id });
    expect(deleted.data.deleteAttachment).toBe(file.id);
    expect((await p.admin.client.gql(query, { id: task.id })).data.task.attachments).toEqual([]);
  });
});
