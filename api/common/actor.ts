import type { RoleValue } from '../../schema/domain/catalog.js';

/** The signed-in user as the services see it. */
export interface Actor {
  id: string;
  username: string;
  role: RoleValue;
  managerId: string | null;
}

/** The actor of a user row (only the actor's fields are kept). */
export const toActor = (user: Actor): Actor => ({ id: user.id, username: user.username, role: user.role, managerId: user.managerId });

export const isAdmin = (actor: Actor): boolean => actor.role === 'admin';
/** Managers and admins: the roles that see all tasks and lead reportees. */
export const isManagerOrAdmin = (actor: Actor): boolean => actor.role === 'manager' || actor.role === 'admin';
