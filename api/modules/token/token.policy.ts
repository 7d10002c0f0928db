import { forbidden } from '../../common/errors.js';

/** Tokens one user may hold at once. */
export const MAX_TOKENS_PER_USER = 50;
/** Longest token name (characters, after trimming). */
export const MAX_TOKEN_NAME_LENGTH = 100;
/** A token's lastUsedAt is written again only when it is older than this. */
export const LAST_USED_PRECISION_MS = 60_000;

/** A caller as the token rules see it: authenticated by a token (tokenId) or by a session (null). */
export interface Credential {
  tokenId: string | null;
}

/** True when the caller used a session (not a token): only people at the keyboard may do `what`. */
export const isSessionCaller = (caller: Credential): boolean => caller.tokenId === null;

/**
 * FORBIDDEN when the request was authenticated with an API token: a leaked token must not mint more
 * tokens or take over the account by changing a password.
 */
export function assertNotTokenCaller(caller: Credential, what: string): void {
  if (!isSessionCaller(caller)) throw forbidden(`An API token cannot ${what}: sign in to the app to do this`);
}

/** A token is listed and revoked by its owner only (others' tokens answer NOT_FOUND). */
export const ownsToken = (actorId: string, token: { userId: string }): boolean => token.userId === actorId;
