import { raw, type EntityManager } from '@mikro-orm/core';
import type { ServiceContext } from '../../common/context.js';
import type { OidcConfig } from '../../config.js';
import type { RoleValue } from '../../../schema/domain/catalog.js';
import { User } from '../../modules/user/user.entity.js';
import { USER_AUDIT_FIELDS } from '../../modules/user/user.service.js';
import { presentFields } from '../../modules/audit/audit.diff.js';
import { recordAudit } from '../../modules/audit/audit.service.js';
import { UserIdentity } from './identity.entity.js';
import type { SsoClaims } from './oidc.client.js';
import { SsoRefusal } from './oidc.errors.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const text = (value: unknown, max: number): string =>
  typeof value === 'string'
    ? value
        .replace(/[\p{C}]/gu, '')
        .trim()
        .slice(0, max)
    : '';
const lowerOf = (column: string) => raw((alias: string) => `lower(${alias}.${column})`);

/** The claim's email when it is one and the provider says it verified it. */
function verifiedEmail(claims: SsoClaims): string | null {
  const email = text(claims.email, 255);
  return EMAIL.test(email) && (claims.email_verified === true || claims.email_verified === 'true') ? email : null;
}

/** The one user with this email (any case); null for none, a refusal when several share it. */
async function userByEmail(em: EntityManager, email: string): Promise<User | null> {
  const found = await em.find(User, { [lowerOf('email')]: email.toLowerCase() } as never, { limit: 2 });
  if (found.length > 1) throw new SsoRefusal('ambiguous', `More than one user has the email ${email}`);
  return found[0] ?? null;
}

/** preferred_username, else the email's local part, in letters, digits and . _ - @ +, made unique (name, name2, name3...). */
async function freeUsername(em: EntityManager, claims: SsoClaims, email: string): Promise<string> {
  const clean = (value: string) => value.replace(/[^\p{L}\p{N}._@+-]/gu, '').slice(0, 90);
  const base = clean(text(claims.preferred_username, 200)) || clean(email.split('@')[0]) || 'user';
  for (let n = 1; n < 1000; n += 1) {
    const candidate = n === 1 ? base : `${base}${n}`;
    if (!(await em.findOne(User, { [lowerOf('username')]: candidate.toLowerCase() } as never))) return candidate;
  }
  throw new SsoRefusal('failed', `No free username near "${base}"`);
}

/** A new member from the provider's claims; no password (they sign in through the provider; an admin may set one). */
async function createMember(ctx: ServiceContext, claims: SsoClaims): Promise<User> {
  const email = text(claims.email, 255);
  if (!EMAIL.test(email)) throw new SsoRefusal('no_email', 'The provider sent no email address to create the account with');
  const user = new User();
  user.username = await freeUsername(ctx.em, claims, email);
  user.email = email;
  const [first, ...rest] = text(claims.name, 200).split(/\s+/);
  user.firstName = text(claims.given_name, 100) || text(first, 100);
  user.lastName = text(claims.family_name, 100) || text(rest.join(' '), 100);
  user.createdAt = ctx.now();
  user.updatedAt = ctx.now();
  ctx.em.persist(user);
  recordAudit(ctx, {
    action: 'created',
    description: `Created user "${user.username}" at their first single sign-on`,
    entityType: 'user',
    entityId: user.id,
    taskId: null,
    newValues: presentFields(user, USER_AUDIT_FIELDS),
  });
  return user;
}

/** The role the `groups` claim grants (admin over manager), or null; a role is only ever raised, never lowered. */
function grantedRole(oidc: OidcConfig, claims: SsoClaims, current: RoleValue): RoleValue | null {
  const groups = Array.isArray(claims.groups) ? claims.groups : typeof claims.groups === 'string' ? [claims.groups] : [];
  if (oidc.adminGroup && groups.includes(oidc.adminGroup) && current !== 'admin') return 'admin';
  if (oidc.managerGroup && groups.includes(oidc.managerGroup) && current === 'member') return 'manager';
  return null;
}

/**
 * The user the provider's person is: the one linked to their subject at this issuer; else the one
 * user with their verified email, then linked; else, with OIDC_AUTO_CREATE, a new member, linked.
 * Refuses an unknown person, an inactive user and an email several users share. A group of
 * OIDC_ADMIN_GROUP / OIDC_MANAGER_GROUP raises the role. Staged and flushed here (one transaction).
 */
export async function resolveSsoUser(ctx: ServiceContext, oidc: OidcConfig, claims: SsoClaims): Promise<User> {
  const { em } = ctx;
  const link = await em.findOne(UserIdentity, { issuer: claims.issuer, subject: claims.sub });
  let user = link ? await em.findOne(User, { id: link.userId }) : null;
  if (link && !user) em.remove(link); // its user was deleted: match the person afresh
  if (!user) {
    const email = verifiedEmail(claims);
    user = email ? await userByEmail(em, email) : null;
    if (!user && !oidc.autoCreate) throw new SsoRefusal('unknown_account', `No user for subject ${claims.sub} (email ${text(claims.email, 255) || 'none'})`);
    if (user && !user.isActive) throw new SsoRefusal('inactive', `User ${user.username} is inactive`);
    user ??= await createMember(ctx, claims);
    const identity = new UserIdentity();
    Object.assign(identity, { userId: user.id, issuer: claims.issuer, subject: claims.sub, createdAt: ctx.now() });
    em.persist(identity);
  }
  if (!user.isActive) throw new SsoRefusal('inactive', `User ${user.username} is inactive`);
  const role = grantedRole(oidc, claims, user.role);
  if (role) {
    recordAudit(ctx, {
      action: 'updated',
      description: `Made "${user.username}" ${role === 'admin' ? 'an admin' : 'a manager'} (single sign-on group)`,
      entityType: 'user',
      entityId: user.id,
      taskId: null,
      oldValues: { role: user.role },
      newValues: { role },
    });
    user.role = role;
    user.updatedAt = ctx.now();
  }
  await em.flush();
  return user;
}
