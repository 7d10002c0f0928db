import { badInput, notFound, unauthenticated } from '../common/errors.js';
import * as v from '../common/validate.js';
import type { ServiceContext } from '../common/context.js';
import { requireActor } from '../common/context.js';
import { findById } from '../common/by-id.js';
import { User } from '../modules/user/user.entity.js';
import { assertPasswordRules, dummyVerify, hashPassword, verifyPassword } from './passwords.js';
import { deleteUserTokens, listApiTokens } from '../modules/token/token.service.js';
import type { ApiToken } from '../modules/token/token.entity.js';
import { assertNotTokenCaller } from '../modules/token/token.policy.js';
import { recordAudit } from '../modules/audit/audit.service.js';
import { deleteCalendarFeed } from '../modules/calendar/calendar.service.js';
import { assertPasswordLoginOn } from './oidc/password-login.js';
import { checkSignInCode } from './two-factor/two-factor.service.js';
import { recordSecurityEvent } from './sessions/security-events.js';
import { AppError } from '../common/errors.js';
import type { UserDisconnectMessage } from '../realtime/topics.js';

export interface Credentials {
  username?: unknown;
  password?: unknown;
  /** The two-factor code (authenticator or recovery code) when the user has two-factor on. */
  code?: unknown;
}

const LOGIN_FAILED = 'Invalid username or password';

/** A credential as sent: text, or '' for anything else; BAD_USER_INPUT when it is not plain text. */
const credential = (label: string, value: unknown): string => (typeof value === 'string' ? v.plainText(label, value) : '');

/**
 * Checks credentials and signs the caller in (new session id). Every attempt takes one from the
 * caller's address and one from the username (login limiter) before the password is checked; a correct
 * password (and, with two-factor on, a right code) gives the username its attempts back. Throws
 * BAD_USER_INPUT (blank fields, characters not allowed), RATE_LIMITED (over a limit), UNAUTHENTICATED
 * (wrong credentials, inactive user; with `code` TWO_FACTOR_REQUIRED or TWO_FACTOR_INVALID).
 */
export async function login(ctx: ServiceContext, credentials: Credentials): Promise<User> {
  assertPasswordLoginOn(ctx.app.config);
  const username = credential('Username', credentials.username).trim();
  const password = credential('Password', credentials.password);
  if (!username || !password.trim()) throw badInput('Please fill in all fields');
  if (username.length > 100 || password.length > 128) throw unauthenticated(LOGIN_FAILED);

  const { loginLimiter } = ctx.app;
  let user: User | null = null;
  try {
    await loginLimiter.take(ctx.ip, username);
    user = await ctx.em.findOne(User, { username }, { populate: ['passwordHash'] });
    const ok = user?.passwordHash ? await verifyPassword(user.passwordHash, password) : await dummyVerify(password);
    if (!user || !ok) throw unauthenticated(LOGIN_FAILED);
    const secondFactor = await checkSignInCode(ctx, user.id, credentials.code);
    await loginLimiter.clearUser(username);
    if (!user.isActive) throw unauthenticated('This account is inactive. Please contact your administrator.');
    await ctx.session?.signIn(user.id);
    const detail = secondFactor ? `password and ${secondFactor === 'recovery' ? 'a recovery code' : 'two-factor code'}` : 'password';
    await recordSecurityEvent(ctx, { kind: 'sign-in', userId: user.id, actorId: null, username, detail });
    return user;
  } catch (err) {
    const reason = refusalReason(err);
    if (reason) await recordSecurityEvent(ctx, { kind: 'sign-in-failed', userId: user?.id ?? null, actorId: null, username, detail: reason });
    throw err;
  }
}

/**
 * Why a sign-in was refused, as Admin › Security events says it; null when nothing to record: a code
 * still to ask for, or an attempt refused by the rate limits before any check (the attempts that
 * reached the limit are recorded; those past it would let anyone write rows as fast as they can send).
 */
function refusalReason(err: unknown): string | null {
  if (!(err instanceof AppError)) return null;
  const code = (err.details as { code?: string } | undefined)?.code;
  if (code === 'TWO_FACTOR_REQUIRED') return null;
  if (code === 'TWO_FACTOR_INVALID') return 'wrong two-factor code';
  if (err.code !== 'UNAUTHENTICATED') return null;
  return err.message === LOGIN_FAILED ? 'wrong username or password' : 'inactive account';
}

/**
 * Ends the caller's session on the server and closes the live-update sockets opened with it (on every
 * server process); ending an anonymous session is not an error.
 */
export async function logout(ctx: ServiceContext): Promise<void> {
  if (ctx.actor) ctx.realtime.disconnectUser({ userId: ctx.actor.id, sessionId: ctx.session?.id ?? null, reason: 'logout' });
  await ctx.session?.signOut();
  if (ctx.actor) await recordSecurityEvent(ctx, { kind: 'sign-out' });
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
  await recordSecurityEvent(ctx, { kind: 'signed-out-everywhere', userId, detail: `user ${reason}` });
}

/**
 * Ends the user's sessions on every server process: all of them, or all but `keepSessionId` (the
 * caller's own), and closes those sessions' sockets. API tokens and their sockets stay. Used after a
 * password change and by "sign out everywhere (else)" (sessions/sessions.service.ts).
 */
export async function endSessions(ctx: ServiceContext, userId: string, keepSessionId: string | null, reason: UserDisconnectMessage['reason']): Promise<void> {
  await ctx.app.sessions.destroyUserSessions(userId, keepSessionId);
  ctx.realtime.disconnectUser({ userId, keepSessionId, sessionSocketsOnly: true, reason });
}

/**
 * Ends the user's sessions after their password changed (all of them, or all but `keepSessionId`, the
 * session that changed its own password) and records the change as a security event. API tokens and
 * their sockets stay: the change's confirmation lists the tokens instead.
 */
export async function endSessionsAfterPasswordChange(ctx: ServiceContext, userId: string, keepSessionId: string | null): Promise<void> {
  await endSessions(ctx, userId, keepSessionId, 'password-changed');
  await recordSecurityEvent(ctx, { kind: 'password-changed', userId });
}

export interface PasswordChangeInput {
  currentPassword?: unknown;
  newPassword?: unknown;
}

/** A refusal shown at one field of the form (the field's name travels as `field`). */
const fieldError = (field: keyof PasswordChangeInput, message: string) => badInput(message, { field });

/**
 * The signed-in person changes their own password. The new password is checked first (the password
 * rules, different from the current one), then the current password is checked like a sign-in: one
 * attempt from the caller's address and one from their username (the login limiter), given back when
 * it is right. Then the other sessions end (this one stays) and the person's API tokens are returned,
 * still valid, so they can revoke any they no longer trust. Throws UNAUTHENTICATED (signed out),
 * FORBIDDEN (an API token), BAD_USER_INPUT with `field` (missing or bad new password, wrong current
 * password), RATE_LIMITED.
 */
export async function changeOwnPassword(ctx: ServiceContext, input: PasswordChangeInput): Promise<ApiToken[]> {
  const actor = requireActor(ctx);
  assertNotTokenCaller(ctx, 'change a password');
  const current = typeof input.currentPassword === 'string' ? input.currentPassword : '';
  if (!current) throw fieldError('currentPassword', 'Enter your current password');
  if (typeof input.newPassword !== 'string' || !input.newPassword) throw fieldError('newPassword', 'Enter a new password');
  const next = input.newPassword;
  assertPasswordRules(next, 'New password', { field: 'newPassword' });
  if (next === current) throw fieldError('newPassword', 'The new password must be different from your current one');

  const user = await ctx.em.findOne(User, { id: actor.id }, { populate: ['passwordHash'], refresh: true });
  if (!user) throw notFound('User');
  const { loginLimiter } = ctx.app;
  await loginLimiter.take(ctx.ip, user.username);
  const ok = current.length <= 128 && !!user.passwordHash && (await verifyPassword(user.passwordHash, current));
  if (!ok) throw fieldError('currentPassword', 'Your current password is not correct');
  await loginLimiter.clearUser(user.username);

  user.passwordHash = await hashPassword(next);
  user.updatedAt = ctx.now();
  recordAudit(ctx, { action: 'updated', description: 'Changed their password', entityType: 'user', entityId: user.id, taskId: null });
  await ctx.em.flush();
  await endSessionsAfterPasswordChange(ctx, user.id, ctx.session?.id ?? null);
  return listApiTokens(ctx);
}

/** The signed-in user, or null (the row createContext loaded: no query). */
export async function currentUser(ctx: ServiceContext): Promise<User | null> {
  if (!ctx.actor) return null;
  return findById(ctx.em, User, ctx.actor.id);
}
