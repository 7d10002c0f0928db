/**
 * Workspace export and import (docs/WORKSPACE-FORMAT.md): the demo data plus a generated company moved
 * SQLite -> SQLite (the sqlite project) and SQLite -> PostgreSQL -> SQLite (the postgres project, when
 * DATABASE_URL is set), after which every REST list and a sample of GraphQL reads answer identically,
 * every table holds the same rows, a restore from history works, old sessions do not; an import into a
 * database that holds data is refused; the admin's download is for admins only.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedScale } from '../../api/db/seed-scale.js';
import { createScratchDatabase, dropScratchDatabase } from '../../api/db/scratch-database.js';
import { readArchive } from '../../api/modules/workspace-transfer/transfer.archive.js';
import { TABLES_DIR } from '../../api/modules/workspace-transfer/transfer.format.js';
import { exportToFile, TransferError, workspaceLocation, type WorkspaceManifest } from '../../api/modules/workspace-transfer/transfer.service.js';
import { startChildServer, type ChildServer } from './support/child-server.js';
import { Client, signedIn } from './support/client.js';
import { startServer, usingPostgres, type TestServer } from './support/server.js';
import { expectSameAnswers, exportFrom, importInto, pathsToCompare, removeTempDirs, tempDir } from './support/workspace-transfer.js';
import { runScript } from './support/run-script.js';

let source: TestServer;
let admin: Client;
let deletedEntryId: string;
let deletedTaskId: string;
let apiToken: string;
const servers: TestServer[] = [];
/** An uploaded file in the source's DATA_DIR/attachments. */
const UPLOAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

/** The source: the demo data, a small generated company, a token, a webhook, and a deleted task in the history. */
beforeAll(async () => {
  source = await startServer({ databaseUrl: null, env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  await seedScale(source.app.runtime.orm, { factor: 0.002, app: source.app.runtime });
  admin = await signedIn(source.url, 'admin');
  const token = await admin.post('/api/tokens', { name: 'Build server' });
  expect(token.status).toBe(201);
  apiToken = token.body.token;
  const hook = await admin.post('/api/webhooks', { url: 'http://127.0.0.1:9/lwf', events: ['task.created'], secret: 'a-secret-of-the-hook', enabled: false });
  expect(hook.status, JSON.stringify(hook.body)).toBe(201);
  const task = await admin.post('/api/tasks', { title: 'Moved, then deleted' });
  expect(task.status).toBe(201);
  deletedTaskId = task.body.id;
  expect((await admin.delete(`/api/tasks/${deletedTaskId}`)).status).toBeLessThan(300);
  const history = await admin.get(`/api/audit?taskId=${deletedTaskId}`);
  deletedEntryId = (history.body as { id: string; action: string }[]).find((e) => e.action === 'deleted')!.id;
}, 120_000);

afterAll(async () => {
  for (const s of servers.splice(0)) await s.close();
  await source?.close();
  removeTempDirs();
}, 60_000);

/** Starts a server on an imported database (no demo seeding happens: it has users). */
async function serverOn(databaseUrl: string | null, dataDir: string): Promise<TestServer> {
  const s = await startServer({ databaseUrl, dataDir });
  servers.push(s);
  return s;
}

/** Exports a running server's database in-process into a new file. */
async function exportOf(server: TestServer): Promise<{ file: string; manifest: WorkspaceManifest }> {
  const { config, orm } = server.app.runtime;
  const file = path.join(tempDir(), 'workspace.tar.gz');
  const manifest = await exportToFile(orm, workspaceLocation(config.databaseUrl, config.dataDir), file);
  return { file, manifest };
}

/** Every table's rows of an export, parsed. */
function rowsOf(file: string): Record<string, unknown[]> {
  const dir = tempDir();
  const manifest = readArchive(file, dir);
  return Object.fromEntries(
    Object.keys(manifest.tables).map((table) => [
      table,
      readFileSync(path.join(dir, TABLES_DIR, `${table}.ndjson`), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line)),
    ]),
  );
}

/** JSON with every object's keys sorted (PostgreSQL's jsonb keeps its own key order). */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );

/** The tables whose rows differ between two exports, with the rows only one of them holds (a readable failure). */
function differences(a: Record<string, unknown[]>, b: Record<string, unknown[]>): Record<string, { only: string[]; onlyOther: string[] }> {
  const out: Record<string, { only: string[]; onlyOther: string[] }> = {};
  for (const table of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const left = new Set((a[table] ?? []).map(canonical));
    const right = new Set((b[table] ?? []).map(canonical));
    const only = [...left].filter((r) => !right.has(r));
    const onlyOther = [...right].filter((r) => !left.has(r));
    if (only.length + onlyOther.length > 0) out[table] = { only: only.slice(0, 3), onlyOther: onlyOther.slice(0, 3) };
  }
  return out;
}

/** The checks after a move: identical answers, a restore from history, old sessions refused. */
async function expectMoved(url: string, label: string): Promise<void> {
  const moved = await signedIn(url, 'admin');
  await expectSameAnswers(admin, moved, await pathsToCompare(admin), label);
  const old = new Client(url);
  const stale = admin.cookieHeader();
  expect((await old.request('GET', '/api/auth/me', undefined, { cookie: stale })).status, `${label}: an old session`).toBe(401);
}

/** After the comparisons (both change what they read): a restore from history, and the API token still signs in. */
async function expectRestore(url: string): Promise<void> {
  const me = await new Client(url, { authorization: `Bearer ${apiToken}` }).get('/api/auth/me');
  expect(me.status).toBe(200);
  expect(me.body.username).toBe('admin');
  const moved = await signedIn(url, 'admin');
  const restored = await moved.gql('mutation($id: ID!) { restoreFromAudit(auditId: $id) { id title } }', { id: deletedEntryId });
  expect(restored.errors).toBeUndefined();
  expect(restored.data.restoreFromAudit).toEqual({ id: deletedTaskId, title: 'Moved, then deleted' });
  expect((await moved.get(`/api/tasks/${deletedTaskId}`)).status).toBe(200);
}

describe.runIf(!usingPostgres())('workspace export and import on SQLite', () => {
  let exported: string;
  let target: TestServer;

  it('npm run export writes the workspace while the server runs', async () => {
    exported = path.join(tempDir(), 'workspace.tar.gz');
    const uploads = path.join(source.app.runtime.config.dataDir, 'attachments', 'avatars');
    mkdirSync(uploads, { recursive: true });
    writeFileSync(path.join(uploads, 'ada.png'), UPLOAD);
    const run = await runScript('export', [exported], { DATA_DIR: source.app.runtime.config.dataDir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Workspace exported to .*workspace\.tar\.gz: \d+ rows/);
    expect(readFileSync(exported).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    const manifest = readArchive(exported, tempDir());
    expect(manifest).toMatchObject({ format: 'let-work-flow/workspace', version: 1, sourceDialect: 'sqlite', files: 1 });
    expect(manifest.tables.tasks).toBeGreaterThan(200);
    expect(manifest.tables.audit_entries).toBeGreaterThanOrEqual(2000);
    expect(Object.keys(manifest.tables)).not.toContain('sessions');
    expect(Object.keys(manifest.tables).filter((t) => t.includes('search'))).toEqual([]);
  }, 60_000);

  it('npm run import loads it into an empty SQLite file, which answers identically', async () => {
    const dataDir = tempDir();
    const run = await runScript('import', [exported], { DATA_DIR: dataDir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Imported the workspace exported .* from sqlite/);
    expect(readFileSync(path.join(dataDir, 'attachments', 'avatars', 'ada.png'))).toEqual(UPLOAD);
    target = await serverOn(null, dataDir);
    // Compared before reading the lists: reading the notification preferences makes a person's row.
    expect(differences(rowsOf((await exportOf(target)).file), rowsOf(exported))).toEqual({});
    await expectMoved(target.url, 'SQLite -> SQLite');
    const found = await (await signedIn(target.url, 'admin')).get('/api/tasks?search=Website');
    expect(found.status).toBe(200);
    expect((found.body as unknown[]).length).toBeGreaterThan(0); // the search index was rebuilt
  }, 60_000);

  it('refuses to import into a database that holds data, changing nothing', async () => {
    const before = (await admin.get('/api/tasks')).body.length;
    const run = await runScript('import', [exported], { DATA_DIR: source.app.runtime.config.dataDir });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/not empty .*nothing was changed/);
    expect((await admin.get('/api/tasks')).body.length).toBe(before);
  }, 60_000);

  it('a restore from history works after the move, and the API token signs in', async () => {
    await expectRestore(target.url);
  });

  it('refuses a file that is not a workspace export, changing nothing', async () => {
    const file = path.join(tempDir(), 'notes.tar.gz');
    writeFileSync(file, 'not an archive');
    const dataDir = tempDir();
    const err = await importInto(file, null, dataDir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransferError);
    expect((err as Error).message).toMatch(/damaged or not a workspace export/);
  });

  it('offers the download to admins only', async () => {
    expect((await new Client(source.url).get('/api/admin/workspace-export')).status).toBe(401);
    expect((await (await signedIn(source.url, 'user')).get('/api/admin/workspace-export')).status).toBe(403);
    const res = await fetch(`${source.url}/api/admin/workspace-export`, { headers: { cookie: admin.cookieHeader() } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="let-work-flow-workspace-\d{4}-\d\d-\d\d\.tar\.gz"$/);
    const file = path.join(tempDir(), 'download.tar.gz');
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    expect(differences(rowsOf(file), rowsOf((await exportOf(source)).file))).toEqual({});
  }, 60_000);
});

/**
 * The PostgreSQL server runs in a process of its own: one process serves one kind of database (the
 * statement caches are per process), and the source here is SQLite.
 */
describe.runIf(usingPostgres())('workspace move SQLite -> PostgreSQL -> SQLite', () => {
  const base = process.env.DATABASE_URL!;
  let first: string;
  let pgUrl: string;
  let onPostgres: ChildServer;
  let back: TestServer;

  beforeAll(async () => {
    first = (await exportOf(source)).file;
    pgUrl = await createScratchDatabase(base, 'lwf_transfer');
  }, 60_000);
  afterAll(async () => {
    await onPostgres?.cleanup();
    if (pgUrl) await dropScratchDatabase(base, pgUrl);
  }, 60_000);

  it('loads the SQLite export into an empty PostgreSQL database, which answers identically', async () => {
    const result = await importInto(first, pgUrl, tempDir());
    expect(result.manifest.sourceDialect).toBe('sqlite');
    expect(differences(rowsOf(await exportFrom(pgUrl, tempDir())), rowsOf(first))).toEqual({});
    onPostgres = await startChildServer({ DATABASE_URL: pgUrl, SESSION_SECRET: 'test-secret-that-is-long-enough-for-anything' });
    await expectMoved(onPostgres.url, 'SQLite -> PostgreSQL');
  }, 90_000);

  it("moves back to SQLite from the admin's download, with every row as it was", async () => {
    const res = await fetch(`${onPostgres.url}/api/admin/workspace-export`, { headers: { cookie: (await signedIn(onPostgres.url, 'admin')).cookieHeader() } });
    expect(res.status).toBe(200);
    const second = path.join(tempDir(), 'from-postgres.tar.gz');
    writeFileSync(second, Buffer.from(await res.arrayBuffer()));
    expect(readArchive(second, tempDir()).sourceDialect).toBe('postgresql');
    const atMove = rowsOf(await exportFrom(pgUrl, tempDir()));
    expect(differences(rowsOf(second), atMove)).toEqual({});
    const dataDir = tempDir();
    await importInto(second, null, dataDir);
    back = await serverOn(null, dataDir);
    expect(differences(rowsOf((await exportOf(back)).file), atMove)).toEqual({});
    await expectMoved(back.url, 'SQLite -> PostgreSQL -> SQLite');
  }, 90_000);

  it('a restore from history works on both, and the API token signs in', async () => {
    await expectRestore(onPostgres.url);
    await expectRestore(back.url);
  });

  it('refuses to import into a PostgreSQL database that holds data', async () => {
    const err = await importInto(first, pgUrl, tempDir()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransferError);
    expect((err as TransferError).exitCode).toBe(2);
    expect((err as Error).message).toMatch(/not empty/);
  }, 60_000);
});
