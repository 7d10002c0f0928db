import path from 'node:path';
import sqlite3 from 'sqlite3';

interface E2eDatabase {
  run(sql: string, params: unknown[]): Promise<void>;
  get<T>(sql: string, params: unknown[]): Promise<T>;
}

/**
 * Runs `work` on the e2e server's embedded database (npm run test:e2e passes its DATA_DIR as
 * E2E_DATA_DIR), waiting out the server's own writes, and closes it after.
 */
async function withE2eDatabase(work: (db: E2eDatabase) => Promise<void>): Promise<void> {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the browser tests with npm run test:e2e');
  const db = new sqlite3.Database(path.join(dir, 'let-work-flow.sqlite'));
  const run = (sql: string, params: unknown[]) => new Promise<void>((resolve, reject) => db.run(sql, params, (err) => (err ? reject(err) : resolve())));
  const get = <T>(sql: string, params: unknown[]) =>
    new Promise<T>((resolve, reject) => db.get(sql, params, (err, row) => (err ? reject(err) : resolve(row as T))));
  try {
    await run('PRAGMA busy_timeout = 60000', []);
    await work({ run, get });
  } finally {
    await new Promise<void>((resolve) => db.close(() => resolve()));
  }
}

/**
 * Moves a task's creation (its row and its 'created' audit entry) `days` days into the past, in the
 * e2e server's embedded database. The server keeps no task state in memory between requests, so the
 * next read sees the backdated history: this is how a test seeds days of audit log that a real clock
 * cannot produce in one run.
 */
export async function backdateTaskCreation(taskId: string, days: number): Promise<void> {
  await withE2eDatabase(async ({ run, get }) => {
    const row = await get<{ created_at: number | string }>('select created_at from tasks where id = ?', [taskId]);
    if (!row) throw new Error(`task ${taskId} not found in the database`);
    // Dates are stored as the driver wrote them (epoch milliseconds, or text): keep that form.
    const shift = (value: number | string): number | string =>
      typeof value === 'number' ? value - days * 86_400_000 : new Date(new Date(value).getTime() - days * 86_400_000).toISOString();
    await run('update tasks set created_at = ? where id = ?', [shift(row.created_at), taskId]);
    const entry = await get<{ id: string; created_at: number | string }>("select id, created_at from audit_entries where task_id = ? and action = 'created'", [
      taskId,
    ]);
    if (entry) await run('update audit_entries set created_at = ? where id = ?', [shift(entry.created_at), entry.id]);
  });
}

/**
 * Deletes the server's board event log up to and including the first event of `taskId` (as the hourly
 * pruning does with old events), so a client that stood before it can no longer catch up by replay:
 * its next subscription is answered REFETCH (api/realtime/board-fanout.ts). The newest event is always
 * kept, so sequence numbers never restart.
 */
export async function pruneEventLogThrough(taskId: string): Promise<void> {
  await withE2eDatabase(({ run }) =>
    run('delete from task_events where seq <= (select min(seq) from task_events where task_id = ?) and seq < (select max(seq) from task_events)', [taskId]),
  );
}
