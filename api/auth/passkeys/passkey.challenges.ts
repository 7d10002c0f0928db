import type { ServiceContext } from '../../common/context.js';
import type { AppConfig } from '../../config.js';
import { AppError, badInput } from '../../common/errors.js';
import { PasskeyChallenge } from './passkey.entity.js';

/** How long a browser has to answer a passkey request (the options' timeout is the same). */
export const CHALLENGE_TTL_MS = 5 * 60_000;

export type ChallengePurpose = 'registration' | 'sign-in';

/**
 * The relying party passkeys belong to: PUBLIC_URL's host name is the RP ID and its origin the only
 * origin a response may come from (docs/API.md, "Passkeys"). Browsers offer passkeys only on pages
 * under that host, and never on an IP address.
 */
export function relyingParty(config: AppConfig): { rpID: string; rpName: string; origin: string } {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, rpName: 'Let work flow', origin: url.origin };
}

/** Keeps a new challenge until it is answered or expires; forgets the expired ones on the way. */
export async function keepChallenge(ctx: ServiceContext, challenge: string, purpose: ChallengePurpose, userId: string | null): Promise<void> {
  const now = ctx.now();
  await ctx.em.nativeDelete(PasskeyChallenge, { expiresAt: { $lt: now } });
  const row = ctx.em.create(PasskeyChallenge, { challenge, purpose, userId, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) });
  await ctx.em.persist(row).flush();
}

/** A response as the browser sent it (a RegistrationResponseJSON or an AuthenticationResponseJSON). */
export interface CredentialResponse {
  id: string;
  rawId: string;
  type: 'public-key';
  response: Record<string, unknown> & { clientDataJSON: string };
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment?: string;
}

const isText = (v: unknown, max = 100_000): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;

/**
 * The browser's answer, from an object or from JSON text (GraphQL passes text): BAD_USER_INPUT unless
 * it has the shape of a WebAuthn response with the named fields of `response` (base64url text).
 */
export function parseResponse(raw: unknown, fields: readonly string[]): CredentialResponse {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      value = null;
    }
  }
  const malformed = () => badInput('That is not a passkey response. Please try again.');
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw malformed();
  const r = value as Partial<CredentialResponse>;
  if (!isText(r.id, 1024) || !isText(r.rawId, 1024) || r.type !== 'public-key' || !r.response || typeof r.response !== 'object') throw malformed();
  for (const field of ['clientDataJSON', ...fields]) if (!isText(r.response[field])) throw malformed();
  return {
    ...r,
    clientExtensionResults: r.clientExtensionResults && typeof r.clientExtensionResults === 'object' ? r.clientExtensionResults : {},
  } as CredentialResponse;
}

/** The challenge the browser signed, read from its clientDataJSON; BAD_USER_INPUT when unreadable. */
function challengeOf(response: CredentialResponse): string {
  try {
    const data = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    if (isText(data.challenge, 128)) return data.challenge;
  } catch {
    /* below */
  }
  throw badInput('That is not a passkey response. Please try again.');
}

/** The request was never made here, expired, or was answered already: 401 with code PASSKEY_CHALLENGE. */
export const challengeUsed = () =>
  new AppError('UNAUTHENTICATED', 'This passkey request has expired or was already used. Please try again.', { code: 'PASSKEY_CHALLENGE' });

/**
 * Takes the challenge the response answers, once: one conditional delete, so two requests with the
 * same answer cannot both pass. Throws challengeUsed when it is unknown, expired, for another purpose
 * or another person.
 */
export async function takeChallenge(ctx: ServiceContext, response: CredentialResponse, purpose: ChallengePurpose, userId: string | null): Promise<string> {
  const challenge = challengeOf(response);
  const taken = await ctx.em.nativeDelete(PasskeyChallenge, { challenge, purpose, userId, expiresAt: { $gt: ctx.now() } });
  if (taken !== 1) throw challengeUsed();
  return challenge;
}
