import type { Actor } from '../../common/actor.js';
import { isAdmin } from '../../common/actor.js';
import { forbidden } from '../../common/errors.js';
import type { RoleValue } from '../../../schema/domain/catalog.js';

/** Roles a reporting manager may have (the user form's reporting manager choices). */
export const REPORTING_MANAGER_ROLES: readonly RoleValue[] = ['manager', 'admin'];

/** Only admins create, change, deactivate and delete users. Everyone signed in reads them. */
export const canManageUsers = (actor: Actor): boolean => isAdmin(actor);

/** Throws FORBIDDEN unless the actor is an admin. */
export function assertCanManageUsers(actor: Actor): void {
  if (!canManageUsers(actor)) throw forbidden('Only admins can manage users');
}

/** An admin cannot lock themselves out: no deactivating, deleting or demoting their own account. */
export function assertNotOwnAccount(actor: Actor, userId: string, action: 'deactivate' | 'delete' | 'demote'): void {
  if (actor.id !== userId) return;
  const messages = {
    deactivate: 'You cannot deactivate your own account',
    delete: 'You cannot delete your own account',
    demote: 'You cannot remove your own admin role',
  };
  throw forbidden(messages[action]);
}

/** True when `managerId`'s chain of managers (as `managerOf` reads it) leads back to `userId`. */
export function formsReportingCycle(userId: string, managerId: string, managerOf: (id: string) => string | null | undefined): boolean {
  const seen = new Set<string>();
  let current: string | null | undefined = managerId;
  while (current) {
    if (current === userId) return true;
    if (seen.has(current)) return false;
    seen.add(current);
    current = managerOf(current);
  }
  return false;
}
