import type { Actor } from '../../common/actor.js';
import { isAdmin } from '../../common/actor.js';
import { forbidden, notFound } from '../../common/errors.js';

export interface ViewAccess {
  createdById: string;
  isPublic: boolean;
  sharedWith: string[];
}

/** A view is readable by its owner, by everyone when public, and by the users it is shared with. */
export const canReadView = (actor: Actor, view: ViewAccess): boolean => view.createdById === actor.id || view.isPublic || view.sharedWith.includes(actor.id);

/** Only the owner changes or shares a view. */
export const canUpdateView = (actor: Actor, view: ViewAccess): boolean => view.createdById === actor.id;

/** The owner deletes a view; admins may delete any (clean-up). */
export const canDeleteView = (actor: Actor, view: ViewAccess): boolean => view.createdById === actor.id || isAdmin(actor);

/** NOT_FOUND when unreadable (admins may still reach any view to delete it). */
export function assertCanSeeView(actor: Actor, view: ViewAccess | null, forDelete = false): asserts view is ViewAccess {
  if (!view || !(canReadView(actor, view) || (forDelete && isAdmin(actor)))) throw notFound('View');
}

export function assertCanUpdateView(actor: Actor, view: ViewAccess): void {
  if (!canUpdateView(actor, view)) throw forbidden('Only the owner of a view can change or share it');
}

export function assertCanDeleteView(actor: Actor, view: ViewAccess): void {
  if (!canDeleteView(actor, view)) throw forbidden('Only the owner of a view can delete it');
}
