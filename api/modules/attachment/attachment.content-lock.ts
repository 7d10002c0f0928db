import type { EntityManager } from '@mikro-orm/core';
import type { ServiceContext } from '../../common/context.js';
import { isSqlite } from '../../common/dialect.js';

// Stored content is shared by every row naming its SHA-256 (attachment.storage.ts). Two steps must not
// interleave for one content: "insert a row and move its bytes into place" (an upload) and "remove the
// bytes when no row names them any more" (a delete). Otherwise a delete that has just counted no row
// removes the bytes an upload of the same content found in place and did not write again.
// PostgreSQL: a transaction-scoped advisory lock per content, so it holds across server processes;
// SQLite (one process): a mutex per content in memory.

const tails = new Map<string, Promise<void>>();
let waitingHere = 0;

/** Takes the in-process mutex of one key; resolves with its release. */
async function acquire(key: string): Promise<() => void> {
  const before = tails.get(key);
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = (before ?? Promise.resolve()).then(() => mine);
  tails.set(key, tail);
  if (before) {
    waitingHere++;
    await before;
    waitingHere--;
  }
  return () => {
    release();
    if (tails.get(key) === tail) tails.delete(key);
  };
}

/**
 * Runs `work` holding the lock of each content (sorted, so two holders of several never wait on each
 * other). On PostgreSQL `work` runs in a transaction of the request's EntityManager (its flushes join
 * it) that commits when it returns, after which the lock is released; what to publish is published after.
 */
export async function underContentLock<T>(ctx: ServiceContext, sha256s: readonly string[], work: () => Promise<T>): Promise<T> {
  const keys = [...new Set(sha256s)].sort();
  if (isSqlite(ctx.em)) {
    const releases: (() => void)[] = [];
    try {
      for (const key of keys) releases.push(await acquire(key));
      return await work();
    } finally {
      for (const release of releases.reverse()) release();
    }
  }
  await ctx.em.begin();
  try {
    for (const key of keys) {
      await ctx.em.getConnection('write').execute(`select pg_advisory_xact_lock(hashtext(?))`, [`attachment:${key}`], 'get', ctx.em.getTransactionContext());
    }
    const result = await work();
    await ctx.em.commit();
    return result;
  } catch (err) {
    await ctx.em.rollback();
    throw err;
  }
}

/**
 * Requests waiting for a content lock now (PostgreSQL: in every process; SQLite: in this one), for
 * tests that force an interleaving.
 */
export async function contentLockWaiters(em: EntityManager): Promise<number> {
  if (isSqlite(em)) return waitingHere;
  const rows = await em
    .getConnection()
    .execute<{ n: number | string }[]>(`select count(*) as n from pg_locks where locktype = 'advisory' and not granted`, [], 'all');
  return Number(rows[0]?.n ?? 0);
}

/**
 * Where a test may pause a delete: after it found no row naming the content and before it removes the
 * bytes (still holding the lock). Unset outside tests.
 */
export const contentLockProbe: { beforeRemove?: (sha256: string) => Promise<void> } = {};
