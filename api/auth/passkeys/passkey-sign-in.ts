import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { AppError, forbidden } from '../../common/errors.js';
import type { ServiceContext } from '../../common/context.js';
import { User } from '../../modules/user/user.entity.js';
import { recordSecurityEvent } from '../sessions/security-events.js';
import { Passkey } from './passkey.entity.js';
import { CHALLENGE_TTL_MS, keepChallenge, parseResponse, relyingParty, takeChallenge } from './passkey.challenges.js';
import { transportsOf } from './passkeys.service.js';

/** A refused passkey sign-in: 401, with why it was refused for the security event (never told to the caller beyond the message). */
class PasskeyRefusal extends AppError {
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super('UNAUTHENTICATED', message);
  }
}

const NOT_VERIFIED = 'That passkey could not be verified. Please try again.';

/** Passkey sign-in follows PASSWORD_LOGIN: a server that signs people in by single sign-on only offers no other way in. */
function assertPasskeysOn(ctx: ServiceContext): void {
  if (!ctx.app.config.passwordLogin) throw forbidden('Signing in with a passkey is turned off here. Please use single sign-on.');
}

/**
 * The options for the browser's navigator.credentials.get, with no username: no credentials are
 * listed, so the browser offers the person's discoverable passkeys for this site. The challenge is
 * kept for five minutes.
 */
export async function signInOptions(ctx: ServiceContext): Promise<PublicKeyCredentialRequestOptionsJSON> {
  assertPasskeysOn(ctx);
  const { rpID } = relyingParty(ctx.app.config);
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'preferred', timeout: CHALLENGE_TTL_MS });
  await keepChallenge(ctx, options.challenge, 'sign-in', null);
  return options;
}

/**
 * Signs in with the browser's answer to signInOptions, as a password sign-in does: one attempt from
 * the caller's address and one from the passkey's owner (the login limiter) first, then the challenge
 * (once), the signature, origin and RP ID, and a counter that must go up (when the authenticator keeps
 * one); a new session id, and a security event with the address. No two-factor code is asked: a
 * passkey is itself two factors (the device, and the PIN or biometric that unlocks it; docs/API.md,
 * "Passkeys"). Throws BAD_USER_INPUT (malformed answer), RATE_LIMITED, UNAUTHENTICATED (unknown
 * passkey, failed verification, expired or reused challenge, inactive user).
 */
export async function signInWithPasskey(ctx: ServiceContext, raw: unknown): Promise<User> {
  assertPasskeysOn(ctx);
  const response = parseResponse(raw, ['authenticatorData', 'signature']);
  const passkey = await ctx.em.findOne(Passkey, { credentialId: response.id }, { refresh: true });
  const user = passkey ? await ctx.em.findOne(User, { id: passkey.userId }, { refresh: true }) : null;
  // The limiter's per-username bucket: the owner's, so passkey and password attempts at one account share it.
  const limitKey = user?.username ?? `passkey:${response.id.slice(0, 64)}`;
  try {
    await ctx.app.loginLimiter.take(ctx.ip, limitKey);
    const challenge = await takeChallenge(ctx, response, 'sign-in', null);
    if (!passkey || !user) throw new PasskeyRefusal('This passkey is not registered here. Please sign in another way.', 'unknown passkey');
    const userHandle = response.response.userHandle;
    if (typeof userHandle === 'string' && userHandle && Buffer.from(userHandle, 'base64url').toString('utf8') !== user.id)
      throw new PasskeyRefusal(NOT_VERIFIED, 'the passkey names another person');
    const { rpID, origin } = relyingParty(ctx.app.config);
    let newCounter: number;
    try {
      const result = await verifyAuthenticationResponse({
        response: response as unknown as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: passkey.credentialId,
          publicKey: Buffer.from(passkey.publicKey, 'base64url'),
          counter: passkey.counter,
          transports: transportsOf(passkey),
        },
        requireUserVerification: false,
      });
      if (!result.verified) throw new PasskeyRefusal(NOT_VERIFIED, 'the signature did not verify');
      newCounter = result.authenticationInfo.newCounter;
    } catch (err) {
      if (err instanceof PasskeyRefusal) throw err;
      const message = (err as Error).message ?? '';
      throw new PasskeyRefusal(NOT_VERIFIED, /counter/i.test(message) ? 'the counter went backwards (a cloned passkey?)' : 'it did not verify');
    }
    await ctx.app.loginLimiter.clearUser(limitKey);
    if (!user.isActive) throw new PasskeyRefusal('This account is inactive. Please contact your administrator.', 'inactive account');
    // The counter moves forward only: of two sign-ins racing with one answer, the challenge let one through.
    await ctx.em.nativeUpdate(Passkey, { id: passkey.id }, { counter: Math.max(newCounter, passkey.counter), lastUsedAt: ctx.now() });
    await ctx.session?.signIn(user.id, 'passkey');
    await recordSecurityEvent(ctx, { kind: 'passkey-sign-in', userId: user.id, actorId: null, username: user.username, detail: passkey.name });
    return user;
  } catch (err) {
    const reason = err instanceof PasskeyRefusal ? err.reason : err instanceof AppError && err.code === 'UNAUTHENTICATED' ? 'expired or reused request' : null;
    if (reason)
      await recordSecurityEvent(ctx, {
        kind: 'passkey-sign-in-failed',
        userId: user?.id ?? null,
        actorId: null,
        username: user?.username ?? null,
        detail: reason,
      });
    throw err;
  }
}
