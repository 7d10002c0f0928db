import { OptimisticLockError } from '@mikro-orm/core';
import type { ServiceContext } from '../../common/context.js';
import { AppError, badInput } from '../../common/errors.js';
import { AuditEntry } from './audit.entity.js';

/**
 * Optimistic concurrency (docs/API.md, Versions and conflicts). Tasks, subtasks, templates and projects carry MikroORM's
 * `version`, which every change raises; each audit entry of a change records the version it produced
 * (`entityVersion`). An update may send the version it was based on: when that is stale, the audit
 * entries since then tell which fields others changed, and only a change to one of those is refused.
 */

/** A versioned object, as the conflict check sees it. */
export interface Versioned {
  id: string;
  version: number;
}

/** The expected version sent with an update (`version`), or undefined when absent (last write wins). Throws BAD_USER_INPUT when not a whole number of 1 or more. */
export function expectedVersion(raw: unknown): number | undefined {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const value = (raw as Record<string, unknown>).version;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
    throw badInput('Version must be a whole number of 1 or more (the version you loaded)');
  return value;
}

/** The version the next change of this object produces (the audit entry records it). */
export const nextVersion = (entity: Versioned): number => entity.version + 1;

/**
 * The fields changed since `since` according to the audit log, or null when the log does not account
 * for every version in between (a change written without an entry: treat every field as changed).
 */
async function fieldsChangedSince(
  ctx: ServiceContext,
  entityType: string,
  target: Versioned,
  since: number,
): Promise<{ fields: Set<string> | null; lastChangedBy: string | null }> {
  const entries = await ctx.em.find(
    AuditEntry,
    { entityType, entityId: target.id, entityVersion: { $gt: since } },
    { fields: ['entityVersion', 'oldValues', 'newValues', 'userId'], orderBy: { entityVersion: 'asc' } },
  );
  const lastChangedBy = entries.at(-1)?.userId ?? null;
  const seen = new Set(entries.map((e) => e.entityVersion));
  for (let v = since + 1; v <= target.version; v++) if (!seen.has(v)) return { fields: null, lastChangedBy };
  const fields = new Set<string>();
  for (const e of entries) {
    for (const text of [e.oldValues, e.newValues]) {
      if (!text) continue;
      try {
        for (const key of Object.keys(JSON.parse(text) as object)) fields.add(key);
      } catch {
        return { fields: null, lastChangedBy };
      }
    }
  }
  return { fields, lastChangedBy };
}

/** The person who made the newest of those changes, as `changedBy` in a CONFLICT's extensions (null when unknown or gone). */
async function changedBy(ctx: ServiceContext, userId: string | null): Promise<{ id: string; name: string } | null> {
  if (!userId) return null;
  const user = await ctx.loaders.user.load(userId);
  if (!user) return null;
  const name = [user.firstName, user.lastName]
    .map((p) => p?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return { id: user.id, name: name || user.username };
}

/**
 * Refuses a change based on a stale version when it changes a field someone else changed since
 * (AppError CONFLICT with `conflictingFields`, `currentVersion` and `changedBy`, the person who made
 * the newest of the changes since: `{ id, name }` or null); a stale change to other fields
 * goes through (a merge). Without an expected version, or when it is current, there is nothing to check.
 * Call it after the change is applied in memory and before the flush, with the fields it changes.
 */
export async function assertNoConflict(
  ctx: ServiceContext,
  entityType: string,
  target: Versioned,
  expected: number | undefined,
  changed: readonly string[],
  noun: string,
): Promise<void> {
  if (expected === undefined || expected === target.version || changed.length === 0) return;
  if (expected > target.version) {
    throw new AppError('CONFLICT', `This ${noun} is at version ${target.version}, not ${expected}. Reload it and try again.`, {
      conflictingFields: [...changed],
      currentVersion: target.version,
    });
  }
  const { fields: since, lastChangedBy } = await fieldsChangedSince(ctx, entityType, target, expected);
  const clashing = changed.filter((f) => !since || since.has(f));
  if (clashing.length === 0) return;
  throw new AppError(
    'CONFLICT',
    `Someone else changed this ${noun} since you loaded it (${clashing.join(', ')}). Nothing was saved: reload to see their changes, then apply yours again.`,
    { conflictingFields: clashing, currentVersion: target.version, changedBy: await changedBy(ctx, lastChangedBy) },
  );
}

/**
 * Runs a read-change-write of one request again (from a fresh read) when its write lost a race: the
 * row changed between its read and its write (MikroORM's OptimisticLockError). The rerun checks the
 * expected version against the new state, so racing updates merge, conflict or (without a version)
 * win last exactly as sequential ones would. After `attempts` lost races the error stands (CONFLICT).
 */
export async function retryLostRace<T>(ctx: ServiceContext, write: () => Promise<T>, attempts = 10): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (!(err instanceof OptimisticLockError) || attempt >= attempts) throw err;
      ctx.em.clear(); // drop the failed unit of work; the rerun reads the row afresh
    }
  }
}
