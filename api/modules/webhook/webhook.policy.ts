import type { Actor } from '../../common/actor.js';
import { isAdmin } from '../../common/actor.js';
import { forbidden } from '../../common/errors.js';

/** Webhooks see every task change, so only admins register, read and change them. */
export const canManageWebhooks = (actor: Actor): boolean => isAdmin(actor);

export function assertCanManageWebhooks(actor: Actor): void {
  if (!canManageWebhooks(actor)) throw forbidden('Only admins can manage webhooks');
}
