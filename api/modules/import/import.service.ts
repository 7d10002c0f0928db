import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { forbidden, badInput } from '../../common/errors.js';
import * as v from '../../common/validate.js';
import { mayAssignTo } from '../task/index.js';
import { ImportJob } from './import.entity.js';
import { parseOptions, parseSource, readImportFile, uploadText } from './import.inputs.js';
import { loadPeople } from './import.people.js';
import { assertCanReadImport } from './import.policy.js';
import { enqueueImport } from './import.runner.js';

export interface ImportUpload {
  buffer: Buffer | undefined;
  fileName: string | null;
}

/**
 * Starts an import (docs/API.md, Imports): reads the whole file first, so a file that is not JSON, has
 * the wrong shape or is empty is refused (BAD_USER_INPUT) before anything is written; then stores a
 * queued job with the file's text and runs it in the background. `assignTo` must be someone the actor
 * may assign work to (a member: only themselves; FORBIDDEN otherwise).
 */
export async function startImport(ctx: ServiceContext, upload: ImportUpload, raw: { source: unknown; options: unknown }): Promise<ImportJob> {
  const actor = requireActor(ctx);
  const source = parseSource(raw.source);
  const options = parseOptions(raw.options);
  if (options.assignTo) {
    const target = (await loadPeople(ctx.em)).find(options.assignTo);
    if (!target) throw badInput(`No active user is "${options.assignTo}"`);
    if (!(await mayAssignTo(ctx, actor, target.id)))
      throw forbidden('A member imports into their own tasks only: you cannot assign the import to someone else');
    options.assignTo = target.id;
  }
  const content = uploadText(upload.buffer);
  const parsed = readImportFile(source, content, options);

  const job = new ImportJob();
  job.createdById = actor.id;
  job.source = source;
  job.fileName = upload.fileName ? upload.fileName.slice(0, 255) : null;
  job.options = JSON.stringify(options);
  job.content = content;
  job.timeZone = ctx.timeZone;
  job.total = parsed.tasks.length;
  job.createdAt = ctx.now();
  job.updatedAt = job.createdAt;
  ctx.em.persist(job);
  await ctx.em.flush();
  enqueueImport(ctx.app, job.id);
  return job;
}

/** An import its creator (or an admin) may read; NOT_FOUND otherwise. */
export async function getImportJob(ctx: ServiceContext, id: string): Promise<ImportJob> {
  const actor = requireActor(ctx);
  const job = v.lookupId('Import id', id) ? await ctx.em.findOne(ImportJob, { id }) : null;
  assertCanReadImport(actor, job);
  await failIfAbandoned(ctx, job);
  return job;
}

/** An import with no progress for this long was cut off by a restart (progress is written every 100 tasks). */
const ABANDONED_MS = 10 * 60_000;

/** A queued or running import left by a process that stopped: nothing of it committed, so it failed. */
async function failIfAbandoned(ctx: ServiceContext, job: ImportJob): Promise<void> {
  if ((job.status !== 'queued' && job.status !== 'running') || ctx.now().getTime() - job.updatedAt.getTime() < ABANDONED_MS) return;
  job.status = 'failed';
  job.error = 'The import stopped when the server restarted. Nothing was imported: start it again.';
  job.updatedAt = ctx.now();
  await ctx.em.nativeUpdate(
    ImportJob,
    { id: job.id, status: { $in: ['queued', 'running'] } },
    { status: job.status, error: job.error, content: '', updatedAt: job.updatedAt },
  );
}

/** The actor's own newest imports (at most 10), newest first: a screen finds a running one after a reload. */
export function listMyImports(ctx: ServiceContext): Promise<ImportJob[]> {
  const actor = requireActor(ctx);
  return ctx.em.find(ImportJob, { createdById: actor.id }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: 10 });
}
