import { isAdmin, type Actor } from '../../common/actor.js';
import { notFound } from '../../common/errors.js';

// Who may read an import: the person who started it, and admins (docs/API.md, Imports). Who may
// import into whose tasks is the task policy's assignment rule (mayAssignTo), applied by the service.

/** NOT_FOUND for anyone else (no existence leak). */
export function assertCanReadImport(actor: Actor, job: { createdById: string } | null): asserts job is { createdById: string } {
  if (!job || (job.createdById !== actor.id && !isAdmin(actor))) throw notFound('Import');
}

/** Comments keep their original author when the importer is an admin (anyone else writes as themselves). */
export const mayWriteAs = (actor: Actor, authorId: string): boolean => authorId === actor.id || isAdmin(actor);
