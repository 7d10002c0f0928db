import type { Actor } from '../../common/actor.js';
import { isAdmin } from '../../common/actor.js';
import { forbidden, notFound } from '../../common/errors.js';

// Time entries: members see and change their own; managers also read their direct reports' and change
// only their own; admins read and change all. Reading someone's entry does not need the task to be
// readable (a manager reads every task anyway); starting a timer or adding an entry does (the service).

/** The parts of an entry the rules look at, with its owner's manager (null when unknown or none). */
export interface EntryOwner {
  userId: string;
}

/** Whether the actor may read entries of the person `owner` (whose manager is `ownerManagerId`). */
export function canReadEntriesOf(actor: Actor, ownerId: string, ownerManagerId: string | null): boolean {
  if (ownerId === actor.id || isAdmin(actor)) return true;
  return actor.role === 'manager' && ownerManagerId === actor.id;
}

/** Whether the actor may edit or delete the entry: its owner, or an admin. */
export const canChangeEntry = (actor: Actor, entry: EntryOwner): boolean => entry.userId === actor.id || isAdmin(actor);

/** NOT_FOUND when the entry is not readable (no existence leak), FORBIDDEN when readable but not changeable. */
export function assertCanChangeEntry(actor: Actor, entry: EntryOwner, ownerManagerId: string | null): void {
  if (!canReadEntriesOf(actor, entry.userId, ownerManagerId)) throw notFound('Time entry');
  if (!canChangeEntry(actor, entry)) throw forbidden('You can only change your own time entries');
}

/** FORBIDDEN when the actor asks for the entries of someone they may not read. */
export function assertCanReadEntriesOf(actor: Actor, ownerId: string, ownerManagerId: string | null): void {
  if (!canReadEntriesOf(actor, ownerId, ownerManagerId))
    throw forbidden(actor.role === 'member' ? 'You can only see your own time entries' : 'You can only see your own time entries and those of your reportees');
}

/**
 * The database filter of the entries an actor may read, given the ids of their direct reports
 * (managers; ignored for others): members their own, managers theirs and their reportees', admins all.
 */
export function readableEntryFilter(actor: Actor, reporteeIds: readonly string[]): Record<string, unknown> {
  if (isAdmin(actor)) return {};
  if (actor.role === 'manager') return { userId: { $in: [actor.id, ...reporteeIds] } };
  return { userId: actor.id };
}
