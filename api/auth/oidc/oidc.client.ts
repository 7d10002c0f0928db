import * as client from 'openid-client';
import type { OidcConfig } from '../../config.js';
import type { PendingSignIn } from './oidc.state.js';
import { OIDC_STATE_MAX_AGE_MS } from './oidc.state.js';
import { SsoRefusal } from './oidc.errors.js';

/** What the app reads of the person the provider signed in (ID token claims, completed by userinfo). */
export interface SsoClaims {
  issuer: string;
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  preferred_username?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  name?: unknown;
  groups?: unknown;
}

/** The scopes asked for: the person's id, email and profile (the `groups` claim, where a provider sends it, comes with these). */
const SCOPES = 'openid email profile';

// One discovery per provider configuration and process (a failed one is tried again at the next sign-in).
const discovered = new WeakMap<OidcConfig, Promise<client.Configuration>>();

/** The provider's metadata (discovered from the issuer), over plain HTTP only for a loopback issuer (config.ts allows no other). */
function providerOf(oidc: OidcConfig): Promise<client.Configuration> {
  let found = discovered.get(oidc);
  if (!found) {
    const insecure = oidc.issuerUrl.startsWith('http:');
    found = client.discovery(new URL(oidc.issuerUrl), oidc.clientId, oidc.clientSecret ?? undefined, oidc.clientSecret ? undefined : client.None(), {
      execute: insecure ? [client.allowInsecureRequests] : [],
      timeout: 10,
    });
    discovered.set(oidc, found);
    found.catch(() => discovered.delete(oidc));
  }
  return found;
}

async function reachProvider(oidc: OidcConfig): Promise<client.Configuration> {
  try {
    return await providerOf(oidc);
  } catch (err) {
    throw new SsoRefusal('unavailable', `The provider's discovery failed: ${(err as Error).message}`);
  }
}

/** Starts a sign-in: the provider's authorization address, and what the callback must check (kept in the sealed cookie). */
export async function beginSignIn(oidc: OidcConfig, redirectUri: string, returnTo: string, now: number): Promise<{ url: URL; pending: PendingSignIn }> {
  const provider = await reachProvider(oidc);
  const pending: PendingSignIn = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
    returnTo,
    expiresAt: now + OIDC_STATE_MAX_AGE_MS,
  };
  const url = client.buildAuthorizationUrl(provider, {
    redirect_uri: redirectUri,
    scope: SCOPES,
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: 'S256',
  });
  return { url, pending };
}

/**
 * Finishes a sign-in: exchanges the code (PKCE verifier) and checks the ID token (issuer, audience,
 * nonce, expiry: openid-client), then completes its claims from the userinfo endpoint when there is one.
 * `callbackUrl` is the redirect URI with the provider's query.
 */
export async function finishSignIn(oidc: OidcConfig, callbackUrl: URL, pending: PendingSignIn): Promise<SsoClaims> {
  const provider = await reachProvider(oidc);
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(provider, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
  } catch (err) {
    if (err instanceof client.AuthorizationResponseError) throw new SsoRefusal('denied', `The provider answered ${err.error}`);
    throw new SsoRefusal('exchange', `The code exchange failed: ${(err as Error).message}`);
  }
  const idClaims = tokens.claims();
  if (!idClaims?.sub) throw new SsoRefusal('exchange', 'The provider sent no ID token');
  let extra: Record<string, unknown> = {};
  if (provider.serverMetadata().userinfo_endpoint && tokens.access_token) {
    try {
      extra = await client.fetchUserInfo(provider, tokens.access_token, idClaims.sub);
    } catch (err) {
      throw new SsoRefusal('exchange', `The provider's userinfo failed: ${(err as Error).message}`);
    }
  }
  return { ...extra, ...idClaims, issuer: provider.serverMetadata().issuer, sub: idClaims.sub };
}
