import QRCode from 'qrcode';
import { logger } from '../../common/logger.js';
import { AppError, badInput, conflict, forbidden, notFound } from '../../common/errors.js';
import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { isAdmin } from '../../common/actor.js';
import { findById } from '../../common/by-id.js';
import { User } from '../../modules/user/user.entity.js';
import { recordAudit } from '../../modules/audit/audit.service.js';
import { TwoFactorLogin } from './two-factor.entity.js';
import { currentRequirement } from './two-factor.requirement.js';
import { sessionUser } from '../session-user.js';
import { mustSetUpFirst, signInKindOf } from './two-factor.policy.js';
import { recordSecurityEvent } from '../sessions/security-events.js';
import { openSecret, sealSecret } from './two-factor.seal.js';
import { hashRecoveryCode, isTotpShape, newRecoveryCodes, newTotpSecret, normalizeCode, otpauthUri, totpTimeStep } from './two-factor.codes.js';

/** The person's two-factor state as Settings shows it. */
export interface TwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
  /** Off, and the workspace requires it of this password session (Admin › Security): it reaches only the set-up until done. */
  setupRequired: boolean;
}

/** What set-up answers once: the secret, as text and as a QR code for the authenticator app. */
export interface TwoFactorSetup {
  secret: string;
  otpauthUri: string;
  qrCodeDataUrl: string;
}

/** Sign-in needs a code: 401 with code TWO_FACTOR_REQUIRED (the REST body and GraphQL extensions carry it). */
export const twoFactorRequired = () => new AppError('UNAUTHENTICATED', 'Two-factor code required', { code: 'TWO_FACTOR_REQUIRED' });
/** The code sent at sign-in is wrong, already used, or from another step: 401 TWO_FACTOR_INVALID. */
export const twoFactorInvalid = () => new AppError('UNAUTHENTICATED', 'That code is not right', { code: 'TWO_FACTOR_INVALID' });
const wrongCode = () => badInput('That code is not right', { field: 'code' });

const codesOf = (row: TwoFactorLogin): string[] => JSON.parse(row.recoveryCodes) as string[];

/** The user's confirmed two-factor row, or null when sign-in needs no code. */
async function enabledRow(ctx: ServiceContext, userId: string): Promise<TwoFactorLogin | null> {
  return ctx.em.findOne(TwoFactorLogin, { userId, enabled: true }, { refresh: true });
}

/**
 * Accepts a code once: a six-digit code of a time step after the last one used (the step is claimed
 * with one conditional write, so two requests with the same code cannot both pass), or an unused
 * recovery code (removed with one conditional write). False for anything else.
 */
async function acceptCode(ctx: ServiceContext, row: TwoFactorLogin, code: string, allowRecovery: boolean): Promise<boolean> {
  if (isTotpShape(code)) {
    const secret = openSecret(row.secret, ctx.app.config.sessionSecret);
    if (secret === null) {
      logger.warn(`The two-factor secret of user ${row.userId} cannot be opened (was SESSION_SECRET changed?): an admin can reset it`);
      return false;
    }
    const step = await totpTimeStep(secret, code, ctx.now().getTime() / 1000, row.lastTimeStep);
    if (step === null) return false;
    const claimed = await ctx.em.nativeUpdate(
      TwoFactorLogin,
      { userId: row.userId, $or: [{ lastTimeStep: null }, { lastTimeStep: { $lt: step } }] },
      { lastTimeStep: step },
    );
    return claimed === 1;
  }
  if (!allowRecovery || code.length !== 10) return false;
  const hash = hashRecoveryCode(code);
  const codes = codesOf(row);
  if (!codes.includes(hash)) return false;
  const left = JSON.stringify(codes.filter((c) => c !== hash));
  const used = await ctx.em.nativeUpdate(TwoFactorLogin, { userId: row.userId, recoveryCodes: row.recoveryCodes }, { recoveryCodes: left });
  return used === 1;
}

/**
 * The second step of a sign-in, after a right password (auth.service login): null when the user has
 * no two-factor, else which kind of code passed ('totp' or 'recovery'); TWO_FACTOR_REQUIRED without a
 * code; TWO_FACTOR_INVALID for a wrong, reused or already-used recovery code. The caller took the login
 * limiter's attempt before the password check.
 */
export async function checkSignInCode(ctx: ServiceContext, userId: string, rawCode: unknown): Promise<'totp' | 'recovery' | null> {
  const row = await enabledRow(ctx, userId);
  if (!row) return null;
  const code = normalizeCode(rawCode);
  if (!code) throw twoFactorRequired();
  if (code.length > 20 || !(await acceptCode(ctx, row, code, true))) throw twoFactorInvalid();
  return isTotpShape(code) ? 'totp' : 'recovery';
}

/** The signed-in person's two-factor state. */
export async function twoFactorStatus(ctx: ServiceContext): Promise<TwoFactorStatus> {
  const actor = requireActor(ctx);
  const row = await enabledRow(ctx, actor.id);
  const setupRequired = mustSetUpFirst({ required: await currentRequirement(ctx), role: actor.role, enabled: !!row, via: signInKindOf(ctx) });
  return { enabled: !!row, recoveryCodesLeft: row ? codesOf(row).length : 0, setupRequired };
}

/**
 * Starts (or restarts) set-up: a new secret, not yet in force. CONFLICT when two-factor is already on
 * (turn it off first). The secret is answered here only; confirmSetup switches it on.
 */
export async function startSetup(ctx: ServiceContext): Promise<TwoFactorSetup> {
  const user = await sessionUser(ctx, 'set up two-factor sign-in');
  const existing = await ctx.em.findOne(TwoFactorLogin, { userId: user.id }, { refresh: true });
  if (existing?.enabled) throw conflict('Two-factor sign-in is already on. Turn it off first to set it up again.');
  const row = existing ?? new TwoFactorLogin();
  if (!existing) {
    row.userId = user.id;
    row.createdAt = ctx.now();
    ctx.em.persist(row);
  }
  const secret = newTotpSecret();
  row.secret = sealSecret(secret, ctx.app.config.sessionSecret);
  row.lastTimeStep = null;
  row.recoveryCodes = '[]';
  row.updatedAt = ctx.now();
  await ctx.em.flush();
  const uri = otpauthUri(user.username, secret);
  return { secret, otpauthUri: uri, qrCodeDataUrl: await QRCode.toDataURL(uri, { margin: 1, width: 240 }) };
}

/**
 * Checks a code from the person's app (rate-limited like a sign-in: one attempt from the address and
 * one from the username, given back when it is right); BAD_USER_INPUT `field: code` when it is wrong.
 */
async function checkOwnCode(ctx: ServiceContext, user: User, row: TwoFactorLogin, rawCode: unknown, allowRecovery: boolean): Promise<void> {
  const code = normalizeCode(rawCode);
  if (!code) throw badInput('Enter the code from your authenticator app', { field: 'code' });
  await ctx.app.loginLimiter.take(ctx.ip, user.username);
  if (code.length > 20 || !(await acceptCode(ctx, row, code, allowRecovery))) throw wrongCode();
  await ctx.app.loginLimiter.clearUser(user.username);
}

/** Stores ten new recovery codes (hashed) on the row and answers them as shown once. */
function renewCodes(row: TwoFactorLogin): string[] {
  const codes = newRecoveryCodes();
  row.recoveryCodes = JSON.stringify(codes.map(hashRecoveryCode));
  return codes;
}

/** Confirms set-up with a first code: two-factor is on; answers the ten recovery codes (shown once). */
export async function confirmSetup(ctx: ServiceContext, rawCode: unknown): Promise<string[]> {
  const user = await sessionUser(ctx, 'set up two-factor sign-in');
  const row = await ctx.em.findOne(TwoFactorLogin, { userId: user.id }, { refresh: true });
  if (!row) throw badInput('Start the set-up first');
  if (row.enabled) throw conflict('Two-factor sign-in is already on');
  await checkOwnCode(ctx, user, row, rawCode, false);
  await ctx.em.refresh(row);
  row.enabled = true;
  row.updatedAt = ctx.now();
  const codes = renewCodes(row);
  recordAudit(ctx, { action: 'updated', description: 'Turned on two-factor sign-in', entityType: 'user', entityId: user.id, taskId: null });
  await ctx.em.flush();
  await recordSecurityEvent(ctx, { kind: 'two-factor-enabled' });
  return codes;
}

/** Turns the person's own two-factor off; needs a current code (or a recovery code). */
export async function turnOff(ctx: ServiceContext, rawCode: unknown): Promise<void> {
  const user = await sessionUser(ctx, 'turn off two-factor sign-in');
  const row = await enabledRow(ctx, user.id);
  if (!row) throw conflict('Two-factor sign-in is not on');
  await checkOwnCode(ctx, user, row, rawCode, true);
  ctx.em.remove(row);
  recordAudit(ctx, { action: 'updated', description: 'Turned off two-factor sign-in', entityType: 'user', entityId: user.id, taskId: null });
  await ctx.em.flush();
  await recordSecurityEvent(ctx, { kind: 'two-factor-disabled' });
}

/** Replaces the recovery codes (the old ones stop working); needs a current code. Answers the new ones. */
export async function renewRecoveryCodes(ctx: ServiceContext, rawCode: unknown): Promise<string[]> {
  const user = await sessionUser(ctx, 'change recovery codes');
  const row = await enabledRow(ctx, user.id);
  if (!row) throw conflict('Two-factor sign-in is not on');
  await checkOwnCode(ctx, user, row, rawCode, false);
  await ctx.em.refresh(row);
  const codes = renewCodes(row);
  row.updatedAt = ctx.now();
  recordAudit(ctx, { action: 'updated', description: 'Made new two-factor recovery codes', entityType: 'user', entityId: user.id, taskId: null });
  await ctx.em.flush();
  await recordSecurityEvent(ctx, { kind: 'recovery-codes-renewed' });
  return codes;
}

/**
 * An admin turns another person's two-factor off (a lost phone): audited. FORBIDDEN for anyone else;
 * NOT_FOUND for an unknown user. Answers whether it was on.
 */
export async function resetTwoFactor(ctx: ServiceContext, userId: string): Promise<boolean> {
  const actor = requireActor(ctx);
  if (!isAdmin(actor)) throw forbidden('Only admins can reset two-factor sign-in');
  const user = await findById(ctx.em, User, userId);
  if (!user) throw notFound('User');
  const wasOn = !!(await enabledRow(ctx, user.id));
  await ctx.em.nativeDelete(TwoFactorLogin, { userId: user.id });
  recordAudit(ctx, {
    action: 'updated',
    description: `Reset two-factor sign-in for ${user.username}`,
    entityType: 'user',
    entityId: user.id,
    taskId: null,
    oldValues: { twoFactor: wasOn },
    newValues: { twoFactor: false },
  });
  await ctx.em.flush();
  await recordSecurityEvent(ctx, { kind: 'two-factor-reset', userId: user.id, detail: wasOn ? '' : 'it was not on' });
  return wasOn;
}
