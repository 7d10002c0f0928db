import type { FilterQuery } from '@mikro-orm/core';
import type { QBFilterQuery, SqlEntityManager } from '@mikro-orm/knex';
import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import type { Actor } from '../../common/actor.js';
import { isAdmin, isManagerOrAdmin } from '../../common/actor.js';
import { notFound } from '../../common/errors.js';
import * as v from '../../common/validate.js';
import { AuditEntry } from '../audit/audit.entity.js';
import { AuditReader } from '../audit/audit-reader.entity.js';
import { Task } from './task.entity.js';
import { readableTaskFilter } from './task.policy.js';

/**
 * Which audit entries a viewer may see: a task's history follows the task read rule. Admins see all
 * (administration entries have no task); managers every task's entries; members those recorded for
 * them (the entry's readers, audit_readers) and those of tasks they can read now (e.g. the history of a task later
 * assigned to them). The activity timeline and restores (commands/restore-task.ts) both filter by it.
 */
export function visibleAuditEntries(ctx: ServiceContext, actor: Actor): FilterQuery<AuditEntry> {
  if (isAdmin(actor)) return {};
  if (isManagerOrAdmin(actor)) return { taskId: { $ne: null } };
  const readableTasks = (ctx.em as unknown as SqlEntityManager)
    .createQueryBuilder(Task, 'rt')
    .select('rt.id')
    .where(readableTaskFilter(actor) as QBFilterQuery<Task>);
  const readerOf = (ctx.em as unknown as SqlEntityManager).createQueryBuilder(AuditReader, 'ar').select('ar.entryId').where({ userId: actor.id });
  return { $or: [{ id: { $in: readerOf.getKnexQuery() } }, { taskId: { $in: readableTasks.getKnexQuery() } }] } as unknown as FilterQuery<AuditEntry>;
}

/** One audit entry the actor may see (the timeline's rules); NOT_FOUND otherwise. Loads the snapshot too. */
export async function getVisibleEntry(ctx: ServiceContext, auditId: string): Promise<AuditEntry> {
  const actor = requireActor(ctx);
  const id = v.lookupId('Audit entry id', auditId);
  const entry = id
    ? await ctx.em.findOne(AuditEntry, { $and: [{ id }, visibleAuditEntries(ctx, actor)] } as FilterQuery<AuditEntry>, { populate: ['snapshot'] as never })
    : null;
  if (!entry) throw notFound('Activity entry');
  return entry;
}
