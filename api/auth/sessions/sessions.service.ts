import { createHash } from 'node:crypto';
import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { isAdmin } from '../../common/actor.js';
import { badInput, forbidden, notFound } from '../../common/errors.js';
import { findById } from '../../common/by-id.js';
import { User } from '../../modules/user/user.entity.js';
import { assertNotTokenCaller } from '../../modules/token/token.policy.js';
import { endSessions } from '../auth.service.js';
import type { StoredSession } from '../session-store.js';
import { recordSecurityEvent } from './security-events.js';
import { parseUserAgent } from '../../../schema/domain/user-agent.js';

/** One of the viewer's sessions as Settings › Security lists it. The session id itself never leaves the server. */
export interface SessionLine {
  /** An opaque id: a hash of the session id (revokeSession takes it). */
  id: string;
  current: boolean;
  browser: string;
  os: string;
  userAgent: string;
  ip: string | null;
  signedInAt: Date | null;
  lastSeenAt: Date | null;
}

/** The opaque id the client sees for a session id (a one-way hash: the session id cannot be had from it). */
export const publicSessionId = (sid: string): string => createHash('sha256').update(`session:${sid}`).digest('base64url').slice(0, 32);

const OPAQUE_ID = /^[A-Za-z0-9_-]{32}$/;

const dateOf = (iso: unknown): Date | null => {
  if (typeof iso !== 'string') return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

function lineOf(session: StoredSession, currentSid: string | null): SessionLine {
  const { data } = session;
  const { browser, os } = parseUserAgent(data.userAgent);
  return {
    id: publicSessionId(session.sid),
    current: session.sid === currentSid,
    browser,
    os,
    userAgent: data.userAgent ?? '',
    ip: data.ip ?? null,
    signedInAt: dateOf(data.signedInAt),
    lastSeenAt: dateOf(data.lastSeenAt),
  };
}

/** The person at the keyboard, signed in with a session (not an API token). */
function sessionActor(ctx: ServiceContext, what: string) {
  const actor = requireActor(ctx);
  assertNotTokenCaller(ctx, what);
  return actor;
}

/** The viewer's sessions: this one first, then the most recently seen. FORBIDDEN with an API token. */
export async function listMySessions(ctx: ServiceContext): Promise<SessionLine[]> {
  const actor = sessionActor(ctx, 'list sessions');
  const currentSid = ctx.session?.id ?? null;
  const lines = (await ctx.app.sessions.listUserSessions(actor.id)).map((s) => lineOf(s, currentSid));
  const seen = (line: SessionLine) => (line.lastSeenAt ?? line.signedInAt)?.getTime() ?? 0;
  return lines.sort((a, b) => Number(b.current) - Number(a.current) || seen(b) - seen(a) || a.id.localeCompare(b.id));
}

/**
 * Signs out one of the viewer's other sessions (by the id listMySessions gave): its cookie answers 401
 * from now on and its live-update sockets close, on every server process. BAD_USER_INPUT for a
 * malformed id or the current session (that is Sign Out); NOT_FOUND when it is not one of the
 * viewer's sessions (or already ended).
 */
export async function revokeSession(ctx: ServiceContext, id: unknown): Promise<void> {
  const actor = sessionActor(ctx, 'sign out a session');
  if (typeof id !== 'string' || !OPAQUE_ID.test(id)) throw badInput('Invalid session id');
  const currentSid = ctx.session?.id ?? null;
  const target = (await ctx.app.sessions.listUserSessions(actor.id)).find((s) => publicSessionId(s.sid) === id);
  if (!target) throw notFound('Session');
  if (target.sid === currentSid) throw badInput('This is the session you are using: sign out instead');
  await ctx.app.sessions.destroySession(target.sid);
  ctx.realtime.disconnectUser({ userId: actor.id, sessionId: target.sid, reason: 'session-revoked' });
  const { browser, os } = parseUserAgent(target.data.userAgent);
  await recordSecurityEvent(ctx, { kind: 'session-revoked', detail: `${browser} on ${os}${target.data.ip ? `, ${target.data.ip}` : ''}` });
}

/** Signs out every other session of the viewer (this one stays); answers how many there were. */
export async function revokeOtherSessions(ctx: ServiceContext): Promise<number> {
  const actor = sessionActor(ctx, 'sign out other sessions');
  const currentSid = ctx.session?.id ?? null;
  const others = (await ctx.app.sessions.listUserSessions(actor.id)).filter((s) => s.sid !== currentSid).length;
  await endSessions(ctx, actor.id, currentSid, 'signed-out');
  await recordSecurityEvent(ctx, { kind: 'other-sessions-revoked', detail: `${others} session${others === 1 ? '' : 's'}` });
  return others;
}

/**
 * Admins: signs a person out everywhere (every session ends and its sockets close; API tokens keep
 * working, as after a password change). FORBIDDEN for anyone else; NOT_FOUND for an unknown user;
 * answers how many sessions ended.
 */
export async function signOutUserEverywhere(ctx: ServiceContext, userId: unknown): Promise<number> {
  const actor = requireActor(ctx);
  if (!isAdmin(actor)) throw forbidden('Only admins can sign other people out');
  if (typeof userId !== 'string' || !userId) throw badInput('Invalid user id');
  const user = await findById(ctx.em, User, userId);
  if (!user) throw notFound('User');
  const count = (await ctx.app.sessions.listUserSessions(user.id)).length;
  await endSessions(ctx, user.id, null, 'signed-out');
  await recordSecurityEvent(ctx, { kind: 'signed-out-everywhere', userId: user.id, detail: `${count} session${count === 1 ? '' : 's'}` });
  return count;
}
