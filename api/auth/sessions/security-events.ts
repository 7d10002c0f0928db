import type { MikroORM } from '@mikro-orm/core';
import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { isAdmin } from '../../common/actor.js';
import { badInput, forbidden } from '../../common/errors.js';
import { logger } from '../../common/logger.js';
import { User } from '../../modules/user/user.entity.js';
import { SecurityEvent } from './security-event.entity.js';
import { parseUserAgent } from '../../../schema/domain/user-agent.js';

/** What Admin › Security events lists, and what each says. */
export const SECURITY_EVENT_KINDS = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in refused',
  'sign-out': 'Signed out',
  'passkey-sign-in': 'Signed in with a passkey',
  'passkey-sign-in-failed': 'Passkey sign-in refused',
  'passkey-added': 'Added a passkey',
  'passkey-renamed': 'Renamed a passkey',
  'passkey-removed': 'Removed a passkey',
  'two-factor-enabled': 'Turned on two-factor sign-in',
  'two-factor-disabled': 'Turned off two-factor sign-in',
  'two-factor-reset': 'Two-factor sign-in reset',
  'recovery-codes-renewed': 'Made new recovery codes',
  'password-changed': 'Changed their password',
  'session-revoked': 'Signed out a session',
  'other-sessions-revoked': 'Signed out everywhere else',
  'signed-out-everywhere': 'Signed out everywhere',
} as const;
export type SecurityEventKind = keyof typeof SECURITY_EVENT_KINDS;

export interface SecurityEventRecord {
  kind: SecurityEventKind;
  /** The person it is about (default: the actor). */
  userId?: string | null;
  username?: string | null;
  detail?: string;
  /** Who did it, when not the signed-in actor: null for a sign-in (whoever the request was signed in as before). */
  actorId?: string | null;
}

/**
 * Writes a security event at once, in a unit of work of its own (a refused sign-in has no change to
 * join, and its error must not undo the record). The request's address and User-Agent go with it; the
 * actor is kept when it is someone else than the person. A failed write is logged, never the caller's
 * failure.
 */
export async function recordSecurityEvent(ctx: ServiceContext, record: SecurityEventRecord): Promise<void> {
  const event = new SecurityEvent();
  event.kind = record.kind;
  event.userId = record.userId === undefined ? (ctx.actor?.id ?? null) : record.userId;
  const actorId = record.actorId === undefined ? (ctx.actor?.id ?? null) : record.actorId;
  event.actorId = actorId && actorId !== event.userId ? actorId : null;
  event.username = record.username?.slice(0, 100) ?? null;
  event.detail = (record.detail ?? '').slice(0, 200);
  event.ip = ctx.ip.slice(0, 64);
  event.userAgent = ctx.userAgent.slice(0, 512);
  event.createdAt = ctx.now();
  try {
    await ctx.app.orm.em.fork().persist(event).flush();
  } catch (err) {
    logger.error(`Could not record the security event ${record.kind}`, err);
  }
}

/** One line of Admin › Security events. */
export interface SecurityEventLine {
  id: string;
  kind: string;
  /** What happened, as a sentence ("Signed in", "Sign-in refused: wrong username or password"). */
  description: string;
  userId: string | null;
  /** The person's name now (or the username typed, for an unknown one). */
  userName: string | null;
  /** Who did it, when someone else than the person. */
  actorName: string | null;
  ip: string;
  userAgent: string;
  /** "Firefox 133 on Windows". */
  device: string;
  createdAt: Date;
}

export interface SecurityEventPage {
  items: SecurityEventLine[];
  offset: number;
  totalCount: number;
}

const nameOf = (user: User | undefined): string | null => (user ? `${user.firstName} ${user.lastName}`.trim() || user.username : null);

/**
 * Admins: security events, newest first, `first` (1 to 200) after the first `offset`; optionally one
 * person's. FORBIDDEN for anyone else; BAD_USER_INPUT for a page size out of range.
 */
export async function listSecurityEvents(ctx: ServiceContext, page: { first: number; offset: number; userId?: string | null }): Promise<SecurityEventPage> {
  const actor = requireActor(ctx);
  if (!isAdmin(actor)) throw forbidden('Only admins can read security events');
  if (!Number.isInteger(page.first) || page.first < 1 || page.first > 200) throw badInput('first must be a whole number from 1 to 200');
  if (!Number.isInteger(page.offset) || page.offset < 0) throw badInput('offset must be a whole number, 0 or more');
  const where = page.userId ? { userId: page.userId } : {};
  const [rows, totalCount] = await ctx.em.findAndCount(SecurityEvent, where, {
    orderBy: { createdAt: 'desc', id: 'desc' },
    limit: page.first,
    offset: page.offset,
  });
  const ids = [...new Set(rows.flatMap((r) => [r.userId, r.actorId]).filter((id): id is string => !!id))];
  const users = new Map((ids.length ? await ctx.em.find(User, { id: { $in: ids } }) : []).map((u) => [u.id, u]));
  const items = rows.map((row): SecurityEventLine => {
    const what = SECURITY_EVENT_KINDS[row.kind as SecurityEventKind] ?? row.kind;
    const { browser, os } = parseUserAgent(row.userAgent);
    return {
      id: row.id,
      kind: row.kind,
      description: row.detail ? `${what}: ${row.detail}` : what,
      userId: row.userId,
      userName: (row.userId ? nameOf(users.get(row.userId)) : null) ?? row.username,
      actorName: row.actorId ? (nameOf(users.get(row.actorId)) ?? 'Unknown User') : null,
      ip: row.ip,
      userAgent: row.userAgent,
      device: row.userAgent ? `${browser} on ${os}` : '',
      createdAt: row.createdAt,
    };
  });
  return { items, offset: page.offset, totalCount };
}

const DAY_MS = 86_400_000;

/**
 * Deletes the security events older than `retentionDays` (SECURITY_EVENT_RETENTION_DAYS; 0 keeps them
 * for ever); answers how many. Run with the event log's clean-up (api/app.ts).
 */
export async function pruneSecurityEvents(orm: MikroORM, now: Date, retentionDays: number): Promise<number> {
  if (retentionDays <= 0) return 0;
  return orm.em.fork().nativeDelete(SecurityEvent, { createdAt: { $lt: new Date(now.getTime() - retentionDays * DAY_MS) } });
}
