import type { Actor } from '../../common/actor.js';
import { isAdmin } from '../../common/actor.js';
import { forbidden } from '../../common/errors.js';

/** Everyone signed in reads templates and creates tasks from them; only admins manage templates. */
export const canManageTemplates = (actor: Actor): boolean => isAdmin(actor);

export function assertCanManageTemplates(actor: Actor): void {
  if (!canManageTemplates(actor)) throw forbidden('Only admins can manage task templates');
}
