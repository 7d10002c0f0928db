import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from './support/child-server.js';
import { runScript } from './support/run-script.js';
import { signedIn, type Client } from './support/client.js';
import { startServer, usingPostgres } from './support/server.js';
import { loadConfig } from '../../api/config.js';
import { betterSqlite3 } from '../../api/db/sqlite-native.js';

const tempDirs: string[] = [];
const tempDir = (prefix: string): string => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => tempDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/**
 * Creates tasks over REST from `workers` concurrent writers until `stop()` says so; every id is pushed
 * to `acknowledged` once its 201 arrived. `onCount` is called after each acknowledgement.
 */
async function writeBurst(client: Client, workers: number, acknowledged: string[], stop: () => boolean, onCount: (n: number) => void): Promise<void> {
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let n = 0; !stop(); n++) {
        const res = await client.post('/api/tasks', { title: `Burst ${worker}-${n}` });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        acknowledged.push(res.body.id);
        onCount(acknowledged.length);
      }
    }),
  );
}

/** The ids of all tasks a signed-in admin reads over HTTP. */
async function taskIds(client: Client): Promise<Set<string>> {
  const res = await client.get('/api/tasks');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return new Set((res.body as { id: string }[]).map((t) => t.id));
}

/** Opens a SQLite file with better-sqlite3 and runs `read` on it. */
function readSqlite<T>(file: string, read: (db: any) => T): T {
  const Database = betterSqlite3<any>();
  const db = new Database(file, { fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/**
 * Runs `during` while another connection holds a read transaction open on the server's SQLite file,
 * from before anything `during` writes: no checkpoint can then move those writes from the -wal file
 * into the .sqlite file, so they are in the -wal file only, as in a busy server between checkpoints.
 */
async function holdingTheLog<T>(file: string, during: () => Promise<T>): Promise<T> {
  const Database = betterSqlite3<any>();
  const reader = new Database(file, { fileMustExist: true });
  reader.exec('begin');
  reader.prepare('select count(*) from tasks').get(); // the read transaction starts with its first read
  try {
    return await during();
  } finally {
    reader.exec('commit');
    reader.close();
  }
}

/** The ids of the tasks in a SQLite file, read directly (none when it has no tasks table). */
const taskIdsInFile = (file: string): Set<string> =>
  readSqlite(file, (db) => {
    if (!db.prepare("select 1 from sqlite_master where name = 'tasks'").get()) return new Set<string>();
    return new Set((db.prepare('select id from tasks').all() as { id: string }[]).map((r) => r.id));
  });

// Each test runs the scripts (and servers) as processes of their own: on a busy machine that takes a while.
const PROCESS_TESTS = { timeout: 180_000 };

describe.skipIf(usingPostgres())('npm run backup / npm run restore on the embedded database', PROCESS_TESTS, () => {
  let server: ChildServer;
  let dataDir: string;
  let admin: Client;

  beforeAll(async () => {
    dataDir = tempDir('lwf-backup-source-');
    server = await startChildServer({ DATA_DIR: dataDir });
    admin = await signedIn(server.url, 'admin');
  });
  afterAll(() => server?.cleanup());

  it('a plain copy of the .sqlite file of a running server misses acknowledged writes (still in its -wal file)', async () => {
    const ids: string[] = [];
    const copy = path.join(tempDir('lwf-plain-copy-'), 'let-work-flow.sqlite');
    await holdingTheLog(path.join(dataDir, 'let-work-flow.sqlite'), async () => {
      for (let i = 0; i < 5; i++) ids.push((await admin.post('/api/tasks', { title: `Copied ${i}` })).body.id);
      copyFileSync(path.join(dataDir, 'let-work-flow.sqlite'), copy);
    });
    const inCopy = taskIdsInFile(copy);
    expect(ids.filter((id) => !inCopy.has(id)).length).toBeGreaterThan(0);
    expect(readSqlite(copy, (db) => db.pragma('integrity_check', { simple: true }))).toBe('ok'); // and nothing says so
  });

  let archive: string;
  let acknowledgedBeforeBackup: string[];

  it('a backup taken during a write burst holds every write acknowledged before it began', async () => {
    archive = path.join(tempDir('lwf-archive-'), 'backup.tar.gz');
    const acknowledged: string[] = [];
    let backupDone = false;
    let started!: () => void;
    const enoughWritten = new Promise<void>((resolve) => (started = resolve));
    const run = await holdingTheLog(path.join(dataDir, 'let-work-flow.sqlite'), async () => {
      const burst = writeBurst(
        admin,
        4,
        acknowledged,
        () => backupDone,
        (n) => n >= 40 && started(),
      );
      await enoughWritten;
      acknowledgedBeforeBackup = [...acknowledged];
      const backup = await runScript('backup', [archive], { DATA_DIR: dataDir });
      backupDone = true;
      await burst;
      return backup;
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Backup written to .*backup\.tar\.gz: the database .*, the session secret/);
    expect(acknowledged.length).toBeGreaterThan(acknowledgedBeforeBackup.length); // the server kept writing during the backup
    expect(statSync(archive).mode & 0o777).toBe(0o600); // only its owner reads the secret and the data

    const unpacked = tempDir('lwf-unpacked-');
    const tar = await new Promise<number | null>((resolve) => spawn('tar', ['-xzf', archive, '-C', unpacked]).once('exit', resolve));
    expect(tar).toBe(0);
    expect(readdirSync(unpacked).sort()).toEqual(['let-work-flow.sqlite', 'manifest.json', 'session-secret']);
    const inBackup = taskIdsInFile(path.join(unpacked, 'let-work-flow.sqlite'));
    expect(acknowledgedBeforeBackup.filter((id) => !inBackup.has(id))).toEqual([]);
    expect(readFileSync(path.join(unpacked, 'session-secret'), 'utf8')).toBe(readFileSync(path.join(dataDir, 'session-secret'), 'utf8'));
  });

  it('restores into an empty data directory, and a server started there serves the tasks (and the sessions: the secret came along)', async () => {
    const target = path.join(tempDir('lwf-restored-'), 'data'); // does not exist yet
    const run = await runScript('restore', [archive], { DATA_DIR: target });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Restored the backup of .* into .*: the database, the session secret, 0 uploaded files; no migration to apply\./);

    const restored = await startChildServer({ DATA_DIR: target });
    try {
      const ids = await taskIds(await signedIn(restored.url, 'admin'));
      expect(acknowledgedBeforeBackup.filter((id) => !ids.has(id))).toEqual([]);
      const me = await fetch(`${restored.url}/api/auth/me`, { headers: { cookie: admin.cookieHeader() } });
      expect(me.status).toBe(200);
    } finally {
      await restored.cleanup();
    }
  });

  it('refuses a data directory that is not empty unless --force, and changes nothing there', async () => {
    const target = tempDir('lwf-occupied-');
    writeFileSync(path.join(target, 'let-work-flow.sqlite'), 'the data of another deployment');
    const refused = await runScript('restore', [archive], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is not empty \(it holds let-work-flow\.sqlite\); nothing was changed\. .*--force/);
    expect(refused.stderr).not.toMatch(/at .*\.ts:\d+/);
    expect(readFileSync(path.join(target, 'let-work-flow.sqlite'), 'utf8')).toBe('the data of another deployment');

    writeFileSync(path.join(target, 'let-work-flow.sqlite-wal'), 'a stale log of the old file');
    const forced = await runScript('restore', [archive, '--force'], { DATA_DIR: target });
    expect(forced.code, forced.stderr).toBe(0);
    expect(existsSync(path.join(target, 'let-work-flow.sqlite-wal'))).toBe(false);
    expect(taskIdsInFile(path.join(target, 'let-work-flow.sqlite')).has(acknowledgedBeforeBackup[0])).toBe(true);
  });

  it('refuses a damaged archive with a clear message, and leaves the data directory empty', async () => {
    const damaged = path.join(tempDir('lwf-damaged-'), 'damaged.tar.gz');
    const bytes = readFileSync(archive);
    for (let i = Math.floor(bytes.length / 2); i < Math.floor(bytes.length / 2) + 64; i++) bytes[i] ^= 0xff;
    writeFileSync(damaged, bytes);
    const target = tempDir('lwf-empty-');
    const run = await runScript('restore', [damaged], { DATA_DIR: target });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/damaged\.tar\.gz is damaged or not a backup made by npm run backup/);
    expect(readdirSync(target)).toEqual([]);
  });

  it("refuses an archive whose file does not match the manifest's checksum", async () => {
    const unpacked = tempDir('lwf-tampered-');
    expect(await new Promise((resolve) => spawn('tar', ['-xzf', archive, '-C', unpacked]).once('exit', resolve))).toBe(0);
    writeFileSync(path.join(unpacked, 'session-secret'), 'a different secret');
    const tampered = path.join(tempDir('lwf-tampered-archive-'), 'tampered.tar.gz');
    expect(await new Promise((resolve) => spawn('tar', ['-czf', tampered, '-C', unpacked, '.']).once('exit', resolve))).toBe(0);
    const target = tempDir('lwf-empty-');
    const run = await runScript('restore', [tampered], { DATA_DIR: target });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/the checksum of session-secret does not match/);
    expect(readdirSync(target)).toEqual([]);
  });

  it('brings an older backup up to date: restore applies the migrations it predates', async () => {
    // An archive as a server before the last migration (users.theme) would have written it.
    const unpacked = tempDir('lwf-older-');
    expect(await new Promise((resolve) => spawn('tar', ['-xzf', archive, '-C', unpacked]).once('exit', resolve))).toBe(0);
    const database = path.join(unpacked, 'let-work-flow.sqlite');
    readSqlite(database, (db) => {
      db.exec('alter table users drop column theme');
      db.prepare('delete from mikro_orm_migrations where name = ?').run('Migration20261124113737');
    });
    const manifest = JSON.parse(readFileSync(path.join(unpacked, 'manifest.json'), 'utf8'));
    manifest.files['let-work-flow.sqlite'] = createHash('sha256').update(readFileSync(database)).digest('hex');
    writeFileSync(path.join(unpacked, 'manifest.json'), JSON.stringify(manifest));
    const older = path.join(tempDir('lwf-older-archive-'), 'older.tar.gz');
    expect(
      await new Promise((resolve) =>
        spawn('tar', ['-czf', older, '-C', unpacked, 'manifest.json', 'let-work-flow.sqlite', 'session-secret']).once('exit', resolve),
      ),
    ).toBe(0);

    const target = tempDir('lwf-restored-');
    const run = await runScript('restore', [older], { DATA_DIR: target });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/applied 1 newer migration \(Migration20261124113737\)\./);
    const columns = readSqlite(path.join(target, 'let-work-flow.sqlite'), (db) =>
      db
        .prepare('pragma table_info(users)')
        .all()
        .map((c: { name: string }) => c.name),
    );
    expect(columns).toContain('theme');
  });

  it('takes uploaded files along when there are any', async () => {
    mkdirSync(path.join(dataDir, 'attachments', 'task-1'), { recursive: true });
    writeFileSync(path.join(dataDir, 'attachments', 'task-1', 'plan.txt'), 'the plan');
    try {
      const withFiles = path.join(tempDir('lwf-archive-'), 'with-files.tar.gz');
      const backup = await runScript('backup', [withFiles], { DATA_DIR: dataDir });
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toMatch(/, 1 uploaded file\./);
      const target = tempDir('lwf-restored-');
      const restore = await runScript('restore', [withFiles], { DATA_DIR: target });
      expect(restore.code, restore.stderr).toBe(0);
      expect(readFileSync(path.join(target, 'attachments', 'task-1', 'plan.txt'), 'utf8')).toBe('the plan');
    } finally {
      rmSync(path.join(dataDir, 'attachments'), { recursive: true, force: true });
    }
  });
});

describe('npm run backup with PostgreSQL', PROCESS_TESTS, () => {
  it('refuses and says how to use pg_dump instead', async () => {
    const dir = tempDir('lwf-pg-');
    const run = await runScript('backup', [path.join(dir, 'backup.tar.gz')], { DATA_DIR: dir, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/letworkflow' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('pg_dump --format=custom --file=let-work-flow.dump "$DATABASE_URL"');
    expect(readdirSync(dir)).toEqual([]);
    expect(statSync(dir).isDirectory()).toBe(true);
  });
});

describe.skipIf(usingPostgres())('SQLITE_SYNCHRONOUS', () => {
  /** The synchronous level of the server's SQLite connection (1 NORMAL, 2 FULL). */
  async function synchronousOf(env: Record<string, string>): Promise<number> {
    const server = await startServer({ env });
    try {
      const rows = await server.app.runtime.orm.em.getConnection().execute<{ synchronous: number }[]>('pragma synchronous');
      return rows[0].synchronous;
    } finally {
      await server.close();
    }
  }

  it('is NORMAL by default and FULL when set so', async () => {
    expect(await synchronousOf({})).toBe(1);
    expect(await synchronousOf({ SQLITE_SYNCHRONOUS: 'full' })).toBe(2);
  });

  it('refuses another value with a readable message', () => {
    const dir = tempDir('lwf-sync-');
    expect(() => loadConfig({ DATA_DIR: dir, SQLITE_SYNCHRONOUS: 'off' })).toThrow('SQLITE_SYNCHRONOUS must be normal or full, got "off"');
  });
});
