import type { Actor } from '../../common/actor.js';
import { isAdmin } from '../../common/actor.js';
import { forbidden } from '../../common/errors.js';

/** Everyone signed in may add a category or priority (the pickers); only admins change or delete items. */
export const canManageSystemConfigs = (actor: Actor): boolean => isAdmin(actor);

export function assertCanManageSystemConfigs(actor: Actor, action: 'change' | 'delete'): void {
  if (!canManageSystemConfigs(actor)) throw forbidden(`Only admins can ${action} categories and priorities`);
}
