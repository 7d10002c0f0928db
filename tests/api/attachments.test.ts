import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentLockProbe, contentLockWaiters } from '../../api/modules/attachment/attachment.content-lock.js';
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

/** A multipart upload to `route` (under /api) as a browser sends it, with a session or a token. */
async function uploadTo(who: Client | string, baseUrl: string, route: string, parts: Part[]): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const p of parts) form.append('file', new Blob([p.bytes], { type: p.type ?? 'application/octet-stream' }), p.name);
  const auth: Record<string, string> = typeof who === 'string' ? { authorization: `Bearer ${who}` } : { cookie: who.cookieHeader() };
  const res = await fetch(`${baseUrl}/api${route}`, { method: 'POST', body: form, headers: auth });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** POST /api/tasks/:id/attachments. */
const upload = (who: Client | string, baseUrl: string, taskId: string, parts: Part[]) => uploadTo(who, baseUrl, `/tasks/${taskId}/attachments`, parts);

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

  describe('on comments', () => {
    const comment = async (who: Client, taskId: string, content = 'See the file') => {
      const res = await who.post(`/api/tasks/${taskId}/comments`, { content });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
    const toComment = (who: Client, commentId: string, parts: Part[]) => uploadTo(who, url(), `/task-comments/${commentId}/attachments`, parts);

    it("uploads one file and several to a comment: shown under it, not in the task's list, counted in the task's total", async () => {
      const task = await adminTask();
      const c = await comment(p.admin.client, task.id);
      const one = await toComment(p.admin.client, c.id, [{ name: 'shot.png', bytes: PNG }]);
      expect(one.status, JSON.stringify(one.body)).toBe(201);
      expect(one.body).toEqual([
        expect.objectContaining({ name: 'shot.png', contentType: 'image/png', taskId: task.id, commentId: c.id, url: `/api/attachments/${one.body[0].id}` }),
      ]);
      const several = await toComment(p.admin.client, c.id, [
        { name: 'a.txt', bytes: 'first' },
        { name: 'b/../b.txt', bytes: 'second' },
      ]);
      expect(several.body.map((a: any) => a.name)).toEqual(['a.txt', 'b.txt']);
      expect((await p.admin.client.get(`/api/tasks/${task.id}/attachments`)).body).toEqual([]);
      expect((await p.admin.client.get(`/api/task-comments/${c.id}/attachments`)).body.map((a: any) => a.name)).toEqual(['shot.png', 'a.txt', 'b.txt']);
      expect((await p.admin.client.get(`/api/attachments/${several.body[0].id}`)).body).toBe('first');
      const audit = await auditOf(p.admin.client, task.id);
      expect(audit.filter((e: any) => e.entityType === 'attachment' && /to a comment on/.test(e.description)).length).toBe(3);
      // The task's total counts its comments' files: 20 x 1 MB in all.
      const big = Buffer.alloc(1024 * 1024 - 1, 3);
      for (let i = 0; i < 19; i++) expect((await upload(p.admin.client, url(), task.id, [{ name: `${i}.bin`, bytes: big }])).status).toBe(201);
      expectRefused(await toComment(p.admin.client, c.id, [{ name: 'over.bin', bytes: big }]), 413, /at most 20 MB together/);
      expectRefused(await toComment(p.admin.client, c.id, [{ name: 'huge.bin', bytes: Buffer.alloc(1024 * 1024 + 1, 1) }]), 413, /too large/);
      expectRefused(await toComment(p.admin.client, c.id, []), 400, /at least one file/);
    });

    it("lets the comment's author, those who may change the task and admins attach; other readers 403, non-readers 404", async () => {
      const task = await adminTask();
      const byAdmin = await comment(p.admin.client, task.id);
      const byManager = await comment(p.manager.client, task.id);
      // The manager reads the task but may not change it: their own comment only.
      expectRefused(await toComment(p.manager.client, byAdmin.id, [{ name: 'x.txt', bytes: 'x' }]), 403, /comment's author/);
      expect((await toComment(p.manager.client, byManager.id, [{ name: 'mine.txt', bytes: 'mine' }])).status).toBe(201);
      expect((await toComment(p.admin.client, byManager.id, [{ name: 'admin.txt', bytes: 'admin' }])).status).toBe(201);
      // The member cannot read the task: 404, as for a comment that does not exist.
      expectRefused(await toComment(p.user.client, byManager.id, [{ name: 'x.txt', bytes: 'x' }]), 404, /Comment not found/);
      expectRefused(await p.user.client.get(`/api/task-comments/${byManager.id}/attachments`), 404);
      expectRefused(await toComment(p.admin.client, '00000000-0000-4000-8000-000000000000', [{ name: 'x.txt', bytes: 'x' }]), 404);
    });

    it('offers TaskComment.attachments over GraphQL, batched: one query for all comments', async () => {
      const task = await adminTask();
      const [c1, c2, c3] = [
        await comment(p.admin.client, task.id, 'one'),
        await comment(p.admin.client, task.id, 'two'),
        await comment(p.admin.client, task.id, 'three'),
      ];
      await toComment(p.admin.client, c1.id, [{ name: '1.txt', bytes: 'one' }]);
      await toComment(p.admin.client, c3.id, [
        { name: '3a.txt', bytes: 'three a' },
        { name: '3b.png', bytes: PNG },
      ]);
      const query =
        'query($id: ID!) { task(id: $id) { attachments { id } comments { id attachments { name contentType commentId url viewerCan { delete } } } } }';
      server.queries.reset();
      const res = await p.manager.client.gql(query, { id: task.id });
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
      expect(server.queries.log().filter((q) => /from .attachments./.test(q)).length).toBe(2);
      expect(res.data.task.attachments).toEqual([]);
      expect(res.data.task.comments.map((c: any) => [c.id, c.attachments.map((a: any) => a.name)])).toEqual([
        [c1.id, ['1.txt']],
        [c2.id, []],
        [c3.id, ['3a.txt', '3b.png']],
      ]);
      expect(res.data.task.comments[2].attachments[1]).toEqual(
        expect.objectContaining({ contentType: 'image/png', commentId: c3.id, viewerCan: { delete: false } }),
      );
    });

    it("removes a comment's files with it (the bytes too), and a deleted task's restore brings its comments' files back", async () => {
      const task = await adminTask();
      const c = await comment(p.admin.client, task.id);
      const bytes = `comment file ${Date.now()}`;
      const [file] = (await toComment(p.admin.client, c.id, [{ name: 'gone.txt', bytes }])).body;
      expect(filesIn(dir).some((f) => f.endsWith(sha(bytes)))).toBe(true);
      expect((await p.admin.client.delete(`/api/task-comments/${c.id}`)).status).toBe(200);
      expectRefused(await p.admin.client.get(`/api/attachments/${file.id}`), 404);
      expect(filesIn(dir).some((f) => f.endsWith(sha(bytes)))).toBe(false);
      const removed = (await auditOf(p.admin.client, task.id)).filter((e: any) => e.entityType === 'attachment' && e.action === 'deleted');
      expect(removed.map((e: any) => e.description)).toEqual([expect.stringMatching(/Removed the file "gone.txt" with a comment/)]);

      const kept = await comment(p.admin.client, task.id);
      const [keptFile] = (await toComment(p.admin.client, kept.id, [{ name: 'kept.txt', bytes: 'kept with the task' }])).body;
      expect((await p.admin.client.delete(`/api/tasks/${task.id}`)).status).toBe(200);
      const entry = (await auditOf(p.admin.client, task.id)).find((e: any) => e.entityType === 'task' && e.action === 'deleted');
      expect((await p.admin.client.gql('mutation($id: ID!) { restoreFromAudit(auditId: $id) { id } }', { id: entry.id })).errors).toBeUndefined();
      expect((await p.admin.client.get(`/api/task-comments/${kept.id}/attachments`)).body.map((a: any) => a.id)).toEqual([keptFile.id]);
    });

    it("notifies the task's assignee of a file someone else adds (to the task or a comment), never the uploader", async () => {
      const task = await newTask(p.admin.client, { title: 'Files for you', assignedToId: p.user.id });
      const mine = async () =>
        (await p.user.client.get('/api/notifications?first=50')).body.items.filter((n: any) => n.taskId === task.id && n.kind === 'attached');
      await upload(p.admin.client, url(), task.id, [{ name: 'brief.pdf', bytes: 'brief' }]);
      await expect.poll(async () => (await mine()).length).toBe(1);
      expect((await mine())[0]).toEqual(
        expect.objectContaining({ message: expect.stringMatching(/attached "brief.pdf" to "Files for you"/), commentId: null }),
      );
      // Several files in one upload: one notification.
      const c = await comment(p.admin.client, task.id);
      await toComment(p.admin.client, c.id, [
        { name: '1.txt', bytes: '1' },
        { name: '2.txt', bytes: '2' },
      ]);
      await expect.poll(async () => (await mine()).length).toBe(2);
      expect((await mine())[0]).toEqual(expect.objectContaining({ message: expect.stringMatching(/attached 2 files to "Files for you"/), commentId: c.id }));
      // The assignee's own files notify nobody (the admin created the task but is not its assignee).
      const adminBefore = (await p.admin.client.get('/api/notifications?first=50')).body.items.filter((n: any) => n.kind === 'attached').length;
      await upload(p.user.client, url(), task.id, [{ name: 'own.txt', bytes: 'own' }]);
      expect((await mine()).length).toBe(2);
      expect((await p.admin.client.get('/api/notifications?first=50')).body.items.filter((n: any) => n.kind === 'attached').length).toBe(adminBefore);
      // It is a kind of its own in the preferences: turned off, nothing more is stored.
      const prefs = await p.user.client.put('/api/notifications/preferences', { preferences: [{ kind: 'attached', inApp: false, email: false }] });
      expect(prefs.status, JSON.stringify(prefs.body)).toBe(200);
      await upload(p.admin.client, url(), task.id, [{ name: 'quiet.txt', bytes: 'quiet' }]);
      expect((await mine()).length).toBe(2);
    });

    it('holds a delete of the last reference and an upload of the same bytes apart (the upload keeps its bytes)', async () => {
      const [t1, t2] = [await adminTask(), await adminTask()];
      const bytes = `raced ${Date.now()}`;
      const [first] = (await upload(p.admin.client, url(), t1.id, [{ name: 'first.txt', bytes }])).body;
      let reached!: () => void;
      let release!: () => void;
      const atRemoval = new Promise<void>((resolve) => (reached = resolve));
      const gate = new Promise<void>((resolve) => (release = resolve));
      contentLockProbe.beforeRemove = async (hash) => {
        if (hash !== sha(bytes)) return;
        reached();
        await gate;
      };
      try {
        // The delete has found no row naming the bytes and is about to remove them...
        const deleting = p.admin.client.delete(`/api/attachments/${first.id}`);
        await atRemoval;
        // ...when an upload of the same bytes arrives: it waits for the content's lock (without the lock it
        // would finish now, finding the bytes in place, and lose them to the delete).
        const uploading = upload(p.admin.client, url(), t2.id, [{ name: 'second.txt', bytes }]);
        let answered = false;
        void uploading.then(() => (answered = true));
        const em = server.app.runtime.orm.em.fork();
        await expect.poll(async () => answered || (await contentLockWaiters(em)) > 0).toBe(true);
        release();
        expect((await deleting).status).toBe(200);
        const second = await uploading;
        expect(second.status, JSON.stringify(second.body)).toBe(201);
        expect((await p.admin.client.get(`/api/attachments/${second.body[0].id}`)).body).toBe(bytes);
        expect(filesIn(dir).filter((f) => f.endsWith(sha(bytes))).length).toBe(1);
      } finally {
        delete contentLockProbe.beforeRemove;
        release();
      }
    });
  });
});
