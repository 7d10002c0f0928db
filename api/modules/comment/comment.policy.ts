import type { Actor } from '../../common/actor.js';
import { isAdmin } from '../../common/actor.js';
import { forbidden } from '../../common/errors.js';

/** The parts of a comment the rules look at. */
export interface CommentOwnership {
  userId: string;
}

/** Comments can be edited by their author only. (Reading follows the task: task.policy.) */
export const canUpdateComment = (actor: Actor, comment: CommentOwnership): boolean => comment.userId === actor.id;

/** Authors delete their own comments; admins may delete any. */
export const canDeleteComment = (actor: Actor, comment: CommentOwnership): boolean => comment.userId === actor.id || isAdmin(actor);

/** Throws FORBIDDEN unless the actor may delete the comment (call after the task read check). */
export function assertCanDeleteComment(actor: Actor, comment: CommentOwnership): void {
  if (!canDeleteComment(actor, comment)) throw forbidden('You can only delete your own comments');
}
