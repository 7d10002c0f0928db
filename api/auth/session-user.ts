import type { ServiceContext } from '../common/context.js';
import { requireActor } from '../common/context.js';
import { notFound } from '../common/errors.js';
import { findById } from '../common/by-id.js';
import { User } from '../modules/user/user.entity.js';
import { assertNotTokenCaller } from '../modules/token/token.policy.js';

/**
 * The person at the keyboard (signed in with a session, not an API token), with their row: a way to
 * sign in (two-factor, passkeys) is changed by the person only. `what` completes the FORBIDDEN message.
 */
export async function sessionUser(ctx: ServiceContext, what: string): Promise<User> {
  const actor = requireActor(ctx);
  assertNotTokenCaller(ctx, what);
  const user = await findById(ctx.em, User, actor.id);
  if (!user) throw notFound('User');
  return user;
}
