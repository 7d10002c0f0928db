import { AppError, badInput, unauthenticated } from '../common/errors.js';
import type { ServiceContext } from '../common/context.js';
import { User } from '../modules/user/user.entity.js';
import { dummyVerify, verifyPassword } from './passwords.js';

export interface Credentials {
  username?: unknown;
  password?: unknown;
}

const LOGIN_FAILED = 'Invalid username or password';

/**
 * Checks credentials and signs the caller in (new session id). Counts every attempt per IP and
 * failures per username; over the limit answers RATE_LIMITED. Inactive users are refused.
 */
export async function login(ctx: ServiceContext, credentials: Credentials): Promise<User> {
  const username = typeof credentials.username === 'string' ? credentials.username.trim() : '';
  const password = typeof credentials.password === 'string' ? credentials.password : '';
  if (!username || !password.trim()) throw badInput('Please fill in all fields');
  if (username.length > 100 || password.length > 128) throw unauthenticated(LOGIN_FAILED);

  const { loginLimiter, config } = ctx.app;
  const userKey = `user:${username.toLowerCase()}`;
  const ipCount = await loginLimiter.hit(`ip:${ctx.ip}`);
  if (ipCount > config.loginLimit.perIp || (await loginLimiter.count(userKey)) >= config.loginLimit.perUser) {
    throw new AppError('RATE_LIMITED', 'Too many sign-in attempts. Please wait a few minutes and try again.');
  }

  const user = await ctx.em.findOne(User, { username }, { populate: ['passwordHash'] });
  const ok = user?.passwordHash ? await verifyPassword(user.passwordHash, password) : await dummyVerify(password);
  if (!user || !ok) {
    await loginLimiter.hit(userKey);
    throw unauthenticated(LOGIN_FAILED);
  }
  if (!user.isActive) throw unauthenticated('This account is inactive. Please contact your administrator.');

  await loginLimiter.reset(userKey);
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
 * Signs a user out everywhere: destroys all their sessions and closes their sockets on every server
 * process. The user service calls it when a user is deactivated or deleted.
 */
export async function endUserSessions(ctx: ServiceContext, userId: string, reason: 'deactivated' | 'deleted'): Promise<void> {
  await ctx.app.sessions.destroyUserSessions(userId);
  ctx.realtime.disconnectUser({ userId, reason });
}

/** The signed-in user, or null. */
export async function currentUser(ctx: ServiceContext): Promise<User | null> {
  if (!ctx.actor) return null;
  return ctx.em.findOne(User, { id: ctx.actor.id });
}
