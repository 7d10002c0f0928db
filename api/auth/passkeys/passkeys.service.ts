import { generateRegistrationOptions, verifyRegistrationResponse, type AuthenticatorTransport } from '@simplewebauthn/server';
import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { badInput, conflict, notFound } from '../../common/errors.js';
import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import * as v from '../../common/validate.js';
import { recordAudit } from '../../modules/audit/audit.service.js';
import { sessionUser } from '../session-user.js';
import { recordSecurityEvent } from '../sessions/security-events.js';
import { Passkey } from './passkey.entity.js';
import { CHALLENGE_TTL_MS, keepChallenge, parseResponse, relyingParty, takeChallenge } from './passkey.challenges.js';

/** How many passkeys one person may have. */
export const PASSKEYS_MAX = 20;
const NAME_MAX = 100;

export const transportsOf = (row: Passkey): AuthenticatorTransport[] => JSON.parse(row.transports) as AuthenticatorTransport[];

/** The viewer's passkeys, oldest first. */
export async function listPasskeys(ctx: ServiceContext): Promise<Passkey[]> {
  const actor = requireActor(ctx);
  return ctx.em.find(Passkey, { userId: actor.id }, { orderBy: { createdAt: 'asc', id: 'asc' }, refresh: true });
}

/** One of the viewer's own passkeys; NOT_FOUND for anyone else's (or an unknown id). */
async function ownPasskey(ctx: ServiceContext, id: string): Promise<Passkey> {
  const actor = requireActor(ctx);
  const key = v.lookupId('Passkey id', id);
  const row = key ? await ctx.em.findOne(Passkey, { id: key, userId: actor.id }) : null;
  if (!row) throw notFound('Passkey');
  return row;
}

/**
 * Starts adding a passkey: the options for the browser's navigator.credentials.create (a discoverable
 * credential, so sign-in needs no username; the person's passkeys already here are excluded). The
 * challenge is kept for this person for five minutes.
 */
export async function registrationOptions(ctx: ServiceContext): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const user = await sessionUser(ctx, 'add a passkey');
  const existing = await listPasskeys(ctx);
  if (existing.length >= PASSKEYS_MAX) throw conflict(`You can have at most ${PASSKEYS_MAX} passkeys. Remove one first.`);
  const { rpID, rpName } = relyingParty(ctx.app.config);
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userID: new TextEncoder().encode(user.id),
    userName: user.username,
    userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.username,
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await keepChallenge(ctx, options.challenge, 'registration', user.id);
  return options;
}

export interface AddPasskeyInput {
  name?: unknown;
  response?: unknown;
}

const nameOf = (value: unknown): string => (value === undefined || value === null || value === '' ? 'Passkey' : v.requiredText('Name', value, NAME_MAX));

/**
 * Finishes adding a passkey with the browser's answer to registrationOptions: checks the challenge
 * (once), the origin and RP ID, and stores the credential under `name` (default "Passkey"). Audited
 * and recorded as a security event. BAD_USER_INPUT for a malformed answer or name, UNAUTHENTICATED
 * (code PASSKEY_CHALLENGE) for an expired or reused challenge, CONFLICT for a passkey already added.
 */
export async function addPasskey(ctx: ServiceContext, input: AddPasskeyInput): Promise<Passkey> {
  const user = await sessionUser(ctx, 'add a passkey');
  const name = nameOf(input.name);
  const response = parseResponse(input.response, ['attestationObject']);
  const challenge = await takeChallenge(ctx, response, 'registration', user.id);
  const { rpID, origin } = relyingParty(ctx.app.config);
  let info;
  try {
    const result = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
    info = result.verified ? result.registrationInfo : undefined;
  } catch (err) {
    throw badInput(`That passkey could not be added: ${(err as Error).message}`);
  }
  if (!info) throw badInput('That passkey could not be added. Please try again.');
  const credentialId = info.credential.id;
  if (await ctx.em.count(Passkey, { credentialId })) throw conflict('This passkey is already added');
  if ((await ctx.em.count(Passkey, { userId: user.id })) >= PASSKEYS_MAX) throw conflict(`You can have at most ${PASSKEYS_MAX} passkeys. Remove one first.`);
  const row = ctx.em.create(Passkey, {
    userId: user.id,
    credentialId,
    publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
    counter: info.credential.counter,
    transports: JSON.stringify((info.credential.transports ?? []).slice(0, 10)),
    name,
    createdAt: ctx.now(),
    lastUsedAt: null,
  });
  recordAudit(ctx, { action: 'created', description: `Added the passkey "${name}"`, entityType: 'user', entityId: user.id, taskId: null });
  try {
    await ctx.em.flush();
  } catch (err) {
    // Two answers with the same credential at once: the unique credential id keeps one.
    if ((err as { name?: string }).name === 'UniqueConstraintViolationException') throw conflict('This passkey is already added');
    throw err;
  }
  await recordSecurityEvent(ctx, { kind: 'passkey-added', detail: name });
  return row;
}

/** Renames one of the viewer's passkeys (1 to 100 characters); NOT_FOUND for anyone else's. Audited. */
export async function renamePasskey(ctx: ServiceContext, id: string, rawName: unknown): Promise<Passkey> {
  await sessionUser(ctx, 'rename a passkey');
  const row = await ownPasskey(ctx, id);
  const name = v.requiredText('Name', rawName, NAME_MAX);
  if (name === row.name) return row;
  const before = row.name;
  row.name = name;
  recordAudit(ctx, { action: 'updated', description: `Renamed the passkey "${before}" to "${name}"`, entityType: 'user', entityId: row.userId, taskId: null });
  await ctx.em.flush();
  await recordSecurityEvent(ctx, { kind: 'passkey-renamed', detail: `${before} → ${name}` });
  return row;
}

/** Removes one of the viewer's passkeys (it no longer signs them in); NOT_FOUND for anyone else's. Audited. */
export async function removePasskey(ctx: ServiceContext, id: string): Promise<void> {
  await sessionUser(ctx, 'remove a passkey');
  const row = await ownPasskey(ctx, id);
  ctx.em.remove(row);
  recordAudit(ctx, { action: 'deleted', description: `Removed the passkey "${row.name}"`, entityType: 'user', entityId: row.userId, taskId: null });
  await ctx.em.flush();
  await recordSecurityEvent(ctx, { kind: 'passkey-removed', detail: row.name });
}

/** A passkey in REST answers. */
export const passkeyJson = (row: Passkey) => ({ id: row.id, name: row.name, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt });
