import type { Actor } from '../../common/actor.js';
import { isAdmin, isManagerOrAdmin } from '../../common/actor.js';
import { forbidden } from '../../common/errors.js';

/** The manager dashboard, reportees and their tasks are for managers (own direct reports) and admins (everyone). */
export const canUseManagerDashboard = (actor: Actor): boolean => isManagerOrAdmin(actor);

export function assertCanUseManagerDashboard(actor: Actor): void {
  if (!canUseManagerDashboard(actor)) throw forbidden('Manager Access Required: you need manager permissions to access this dashboard.');
}

/** The user filter of the actor's reportees: direct reports for a manager, every other user for an admin. */
export const reporteeFilter = (actor: Actor): Record<string, unknown> =>
  isAdmin(actor) ? { id: { $ne: actor.id }, isActive: true } : { managerId: actor.id, isActive: true };

/** The order the dashboard lists people in: by name, then username, then id. */
export const REPORTEE_ORDER = { firstName: 'asc', lastName: 'asc', username: 'asc', id: 'asc' } as const;
