import type { ThemePreference } from './user.theme.js';
import { raw, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { badInput, conflict, notFound } from '../../common/errors.js';
import * as v from '../../common/validate.js';
import type { RoleValue } from '../../../schema/domain/catalog.js';
import { hashPassword } from '../../auth/passwords.js';
import { endSessionsAfterPasswordChange, endUserSessions } from '../../auth/auth.service.js';
import { assertNotTokenCaller } from '../token/token.policy.js';
import { recordAudit } from '../audit/audit.service.js';
import { diffFields, presentFields, snapshot } from '../audit/audit.diff.js';
import { User } from './user.entity.js';
import { parseUserFields, type UserFields } from './user.inputs.js';
import { assertCanManageUsers, assertNotOwnAccount, formsReportingCycle, REPORTING_MANAGER_ROLES } from './user.policy.js';

/** The fields the audit log compares (never the password hash). */
export const USER_AUDIT_FIELDS = [
  'username',
  'email',
  'firstName',
  'lastName',
  'role',
  'managerId',
  'isActive',
  'profileImageUrl',
  'dailyCapacityHours',
] as const satisfies readonly (keyof User)[];

/** "First Last", or the username when both names are blank. */
export const displayName = (user: Pick<User, 'firstName' | 'lastName' | 'username'>): string =>
  `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() || user.username;

/** Every user (active and inactive), for everyone signed in: names for assignees, the admin table. */
export async function listUsers(ctx: ServiceContext, options: { includeInactive?: boolean } = {}): Promise<User[]> {
  requireActor(ctx);
  const where = options.includeInactive === false ? { isActive: true } : {};
  return ctx.em.find(User, where, { orderBy: { firstName: 'asc', lastName: 'asc', username: 'asc', id: 'asc' } });
}

/** One user; NOT_FOUND when missing. */
export async function getUser(ctx: ServiceContext, userId: string): Promise<User> {
  requireActor(ctx);
  const user = v.lookupId('User id', userId) ? await ctx.em.findOne(User, { id: userId }) : null;
  if (!user) throw notFound('User');
  return user;
}

/**
 * Checks that `userId` names an active user whose role is one of `roles`; throws BAD_USER_INPUT with
 * `message` otherwise. Used for reporting managers, function heads, team managers, project managers.
 */
export async function assertActiveUserWithRole(em: EntityManager, userId: string, roles: readonly RoleValue[] | null, message: string): Promise<User> {
  const user = await em.findOne(User, { id: userId });
  if (!user || !user.isActive) throw badInput(`${message} (the chosen user does not exist or is inactive)`);
  if (roles && !roles.includes(user.role)) throw badInput(message);
  return user;
}

async function assertUsernameFree(em: EntityManager, username: string, exceptId: string | null): Promise<void> {
  const lower = raw((alias: string) => `lower(${alias}.username)`);
  const taken = await em.findOne(User, { [lower]: username.toLowerCase(), ...(exceptId ? { id: { $ne: exceptId } } : {}) } as never);
  if (taken) throw conflict(`The username "${username}" is already taken`);
}

async function assertManager(em: EntityManager, userId: string, managerId: string): Promise<void> {
  if (managerId === userId) throw badInput('A user cannot report to themselves');
  await assertActiveUserWithRole(em, managerId, REPORTING_MANAGER_ROLES, 'The reporting manager must be an active manager or admin');
  const line = await em.find(User, { managerId: { $ne: null } });
  const managerOf = new Map(line.map((u) => [u.id, u.managerId]));
  if (formsReportingCycle(userId, managerId, (id) => managerOf.get(id))) {
    throw badInput('This reporting manager would create a reporting cycle (they report to this user, directly or indirectly)');
  }
}

async function flushUnique(em: EntityManager, username: string | undefined): Promise<void> {
  try {
    await em.flush();
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) throw conflict(`The username "${username ?? ''}" is already taken`);
    throw err;
  }
}

/** Creates a user (admins). Username unique, email valid, role defaults to member, optional password. */
export async function createUser(ctx: ServiceContext, rawInput: Record<string, unknown>): Promise<User> {
  const actor = requireActor(ctx);
  assertCanManageUsers(actor);
  const fields = parseUserFields(rawInput, 'create');
  const user = new User();
  await applyFields(ctx, user, fields, 'create');
  user.createdAt = ctx.now();
  user.updatedAt = ctx.now();
  ctx.em.persist(user);
  recordAudit(ctx, {
    action: 'created',
    description: `Created user "${user.username}"${fields.password ? ' with a password' : ''}`,
    entityType: 'user',
    entityId: user.id,
    taskId: null,
    newValues: presentFields(user, USER_AUDIT_FIELDS),
  });
  await flushUnique(ctx.em, user.username);
  return user;
}

/** Checks every rule first (a query may flush pending changes), then copies the fields onto the user. */
async function applyFields(ctx: ServiceContext, user: User, fields: UserFields, mode: 'create' | 'update'): Promise<void> {
  if (fields.username !== undefined && fields.username !== user.username) {
    await assertUsernameFree(ctx.em, fields.username, mode === 'update' ? user.id : null);
  }
  if (fields.managerId) await assertManager(ctx.em, user.id, fields.managerId);
  const passwordHash = fields.password ? await hashPassword(fields.password) : null;
  const { password: _password, ...rest } = fields;
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) (user as unknown as Record<string, unknown>)[key] = value;
  }
  if (passwordHash) user.passwordHash = passwordHash;
}

/** Sets the signed-in user's own colour theme (a preference: not audited). Throws UNAUTHENTICATED signed out. */
export async function setOwnTheme(ctx: ServiceContext, theme: ThemePreference): Promise<User> {
  const actor = requireActor(ctx);
  const user = await getUser(ctx, actor.id);
  if (user.theme !== theme) {
    user.theme = theme;
    await ctx.em.flush();
  }
  return user;
}

/**
 * Updates a user (admins): the same rules as create, plus isActive. An admin cannot deactivate or
 * demote themselves; a user who still has direct reports keeps a manager or admin role. Deactivation
 * ends the user's sessions and live subscriptions; a new password ends their sessions and those
 * sessions' sockets (API tokens stay).
 */
export async function updateUser(ctx: ServiceContext, userId: string, rawInput: Record<string, unknown>): Promise<User> {
  const actor = requireActor(ctx);
  assertCanManageUsers(actor);
  const user = await getUser(ctx, userId);
  const fields = parseUserFields(rawInput, 'update');
  if (fields.password) assertNotTokenCaller(ctx, 'change a password');
  if (fields.isActive === false && user.isActive) assertNotOwnAccount(actor, user.id, 'deactivate');
  if (fields.role !== undefined && fields.role !== 'admin' && user.role === 'admin') assertNotOwnAccount(actor, user.id, 'demote');
  if (fields.managerId !== undefined && fields.managerId === user.managerId) delete fields.managerId; // unchanged: no re-check
  if (fields.role !== undefined && !REPORTING_MANAGER_ROLES.includes(fields.role) && REPORTING_MANAGER_ROLES.includes(user.role)) {
    const reportees = await ctx.em.count(User, { managerId: user.id, isActive: true });
    if (reportees > 0) {
      throw conflict(`${displayName(user)} still has ${reportees} direct report${reportees === 1 ? '' : 's'}: give them another reporting manager first`);
    }
  }

  const before = snapshot(user, USER_AUDIT_FIELDS);
  const wasActive = user.isActive;
  await applyFields(ctx, user, fields, 'update');
  const changes = diffFields(before, snapshot(user, USER_AUDIT_FIELDS), USER_AUDIT_FIELDS);
  if (changes.changed.length === 0 && !fields.password) return user;
  user.updatedAt = ctx.now();
  const deactivated = wasActive && !user.isActive;
  recordAudit(ctx, {
    action: 'updated',
    description: deactivated ? `Deactivated user "${user.username}"` : `Updated user "${user.username}"${fields.password ? ' (password changed)' : ''}`,
    entityType: 'user',
    entityId: user.id,
    taskId: null,
    oldValues: changes.oldValues,
    newValues: changes.newValues,
  });
  await flushUnique(ctx.em, user.username);
  if (deactivated) await endUserSessions(ctx, user.id, 'deactivated');
  // A reset signs the person out everywhere; an admin setting their own keeps the session they use.
  else if (fields.password) await endSessionsAfterPasswordChange(ctx, user.id, user.id === actor.id ? (ctx.session?.id ?? null) : null);
  return user;
}

/** Activates or deactivates a user (admins); deactivation signs them out everywhere. */
export function setUserActive(ctx: ServiceContext, userId: string, isActive: boolean): Promise<User> {
  return updateUser(ctx, userId, { isActive });
}
