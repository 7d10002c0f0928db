import type { Actor } from '../../common/actor.js';
import { isAdmin } from '../../common/actor.js';
import { forbidden } from '../../common/errors.js';

/** The export holds everything (password hashes included), so only admins download it. */
export function assertCanExportWorkspace(actor: Actor): void {
  if (!isAdmin(actor)) throw forbidden('Only admins can download the workspace export');
}
