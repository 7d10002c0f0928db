import type { Actor } from '../../common/actor.js';
import { isAdmin } from '../../common/actor.js';
import { forbidden } from '../../common/errors.js';
import type { RoleValue } from '../../../schema/domain/catalog.js';

/** Function head choices are function heads and admins. */
export const FUNCTION_HEAD_ROLES: readonly RoleValue[] = ['function_head', 'admin'];
/** Team manager choices are managers, function heads and admins. */
export const TEAM_MANAGER_ROLES: readonly RoleValue[] = ['manager', 'function_head', 'admin'];

/** Everyone signed in reads the organisation; only admins change functions, teams and memberships. */
export const canManageOrganisation = (actor: Actor): boolean => isAdmin(actor);

export function assertCanManageOrganisation(actor: Actor): void {
  if (!canManageOrganisation(actor)) throw forbidden('Only admins can change the organisation structure');
}
