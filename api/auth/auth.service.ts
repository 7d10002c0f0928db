import { badInput, unauthenticated } from '../common/errors.js';
import * as v from '../common/validate.js';
import type { ServiceContext } from '../common/context.js';
import { findById } from '../common/by-id.js';
import { User } from '../modules/user/user.entity.js';
import { dummyVerify, verifyPassword } from './passwords.js';
import { deleteUserTokens } from '../modules/token/token.service.js';
import { deleteCalendarFeed } from '../modules/calendar/calendar.service.js';

export interface Credentials {
  username?: unknown;
  password?: unknown;
}

const LOGIN_FAILED = 'Invalid username or password';

/** A credential as sent: text, or '' for anything else; BAD_USER_INPUT when it is not plain text. */
const credential = (label: string, value: unknown): string => (typeof value === 'string' ? v.plainText(label, value) : '');

/**
 * Checks credentials and signs the caller in (new session id). Every attempt takes one from the
 * caller's address and one from the username (login limiter) before the password is checked; a correct
 * password gives the username its attempts back. Throws BAD_USER_INPUT (blank fields, characters not
 * allowed), RATE_LIMITED (over a limit), UNAUTHENTICATED (wrong credentials, inactive user).
 */
export async function login(ctx: ServiceContext, credentials: Credentials): Promise<User> {
  const username = credential('Username', credentials.username).trim();
  const password = credential('Password', credentials.password);
  if (!username || !password.trim()) throw badInput('Please fill in all fields');
  if (username.length > 100 || password.length > 128) throw unauthenticated(LOGIN_FAILED);

  const { loginLimiter } = ctx.app;
  await loginLimiter.take(ctx.ip, username);
  const user = await ctx.em.findOne(User, { username }, { populate: ['passwordHash'] });
  const ok = user?.passwordHash ? await verifyPassword(user.passwordHash, password) : await dummyVerify(password);
  if (!user || !ok) throw unauthenticated(LOGIN_FAILED);
  await loginLimiter.clearUser(username);
  if (!user.isActive) throw unauthenticated('This account is inactive. Please contact your administrator.');

  await ctx.session?.signIn(user.id);
  return user;
}

/**
 * Ends the caller's session on the server and closes the live-update sockets opened with it (on every
 * server process); ending an anonymous session is not an error.
 */
export async function logout(ctx: ServiceContext): Promise<void> {
  if (ctx.actor) ctx.realtime.disconnectUser({ userId: ctx.actor.id, sessionId: ctx.session?.id ?? null, reason: 'logout' });
  await ctx.session?.signOut();
}

/**
 * Signs a user out everywhere: destroys all their sessions, deletes their API tokens and calendar feed
 * URL, and closes their sockets (session and token ones) on every server process. The user service
 * calls it when a user is deactivated or deleted.
 */
export async function endUserSessions(ctx: ServiceContext, userId: string, reason: 'deactivated' | 'deleted'): Promise<void> {
  await ctx.app.sessions.destroyUserSessions(userId);
  await deleteUserTokens(ctx.em, userId);
  await deleteCalendarFeed(ctx.em, userId);
  ctx.realtime.disconnectUser({ userId, reason });
}

/** The signed-in user, or null (the row createContext loaded: no query). */
export async function currentUser(ctx: ServiceContext): Promise<User | null> {
  if (!ctx.actor) return null;
  return findById(ctx.em, User, ctx.actor.id);
}
