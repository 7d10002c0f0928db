import type { Actor } from '../../common/actor.js';
import { isAdmin } from '../../common/actor.js';
import { forbidden } from '../../common/errors.js';

/** Everyone signed in may create a project (the pickers' inline creation); only admins change or delete one. */
export const canCreateProject = (_actor: Actor): boolean => true;
export const canManageProjects = (actor: Actor): boolean => isAdmin(actor);

/** Throws FORBIDDEN unless the actor may change or delete projects. */
export function assertCanManageProjects(actor: Actor, action: 'change' | 'delete'): void {
  if (!canManageProjects(actor)) throw forbidden(`Only admins can ${action} projects`);
}
