import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { badInput, notFound } from '../../common/errors.js';
import { logger } from '../../common/logger.js';
import * as v from '../../common/validate.js';
import { ApiToken } from './token.entity.js';
import { assertNotTokenCaller, LAST_USED_PRECISION_MS, MAX_TOKEN_NAME_LENGTH, MAX_TOKENS_PER_USER, ownsToken } from './token.policy.js';

/** Every token starts with this, so secret scanners and people recognise one. */
export const TOKEN_PREFIX = 'lwf_';
/** Longer than any token we issue (4 + 43 characters): anything longer is not looked up. */
const MAX_TOKEN_LENGTH = 200;

/** The hex SHA-256 of a token: what is stored and looked up. */
export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** A new token: the prefix and 256 random bits (base64url). */
const newTokenSecret = (): string => `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

/** A token just created: the stored row and the secret, which is never available again. */
export interface CreatedApiToken {
  apiToken: ApiToken;
  token: string;
}

/** A token as REST JSON (never its hash). */
export const tokenJson = (t: ApiToken) => ({ id: t.id, name: t.name, createdAt: t.createdAt, lastUsedAt: t.lastUsedAt });

/** A token just created, with its secret (the one time it is shown). */
export const newTokenJson = ({ apiToken, token }: CreatedApiToken) => ({ id: apiToken.id, name: apiToken.name, token, createdAt: apiToken.createdAt });

/** What an authenticated token request runs as. */
export interface TokenIdentity {
  tokenId: string;
  userId: string;
}

/** The caller's own tokens, newest first. Throws UNAUTHENTICATED. */
export async function listApiTokens(ctx: ServiceContext): Promise<ApiToken[]> {
  const actor = requireActor(ctx);
  return ctx.em.find(ApiToken, { userId: actor.id }, { orderBy: { createdAt: 'desc', id: 'asc' } });
}

/**
 * Creates a named token for the caller and returns its secret (shown once; only its hash is kept).
 * Throws UNAUTHENTICATED, FORBIDDEN (the caller used a token), BAD_USER_INPUT (name missing, too long,
 * or the caller already has MAX_TOKENS_PER_USER tokens).
 */
export async function createApiToken(ctx: ServiceContext, rawName: unknown): Promise<CreatedApiToken> {
  const actor = requireActor(ctx);
  assertNotTokenCaller(ctx, 'create API tokens');
  const name = v.requiredText('Token name', rawName, MAX_TOKEN_NAME_LENGTH);
  const count = await ctx.em.count(ApiToken, { userId: actor.id });
  if (count >= MAX_TOKENS_PER_USER) throw badInput(`You can have at most ${MAX_TOKENS_PER_USER} API tokens: revoke one you no longer use first`);
  const token = newTokenSecret();
  const apiToken = ctx.em.create(ApiToken, { userId: actor.id, name, tokenHash: hashToken(token), createdAt: ctx.now(), lastUsedAt: null });
  await ctx.em.flush();
  return { apiToken, token };
}

/**
 * Revokes one of the caller's tokens: it answers 401 from the next request on, and its open sockets
 * are closed on every server process. Throws UNAUTHENTICATED, NOT_FOUND (no such token of the caller's).
 */
export async function revokeApiToken(ctx: ServiceContext, tokenId: unknown): Promise<string> {
  const actor = requireActor(ctx);
  const id = v.lookupId('Token id', tokenId);
  const token = id ? await ctx.em.findOne(ApiToken, { id }) : null;
  if (!token || !ownsToken(actor.id, token)) throw notFound('API token');
  await ctx.em.nativeDelete(ApiToken, { id: token.id });
  ctx.realtime.disconnectUser({ userId: token.userId, tokenId: token.id, reason: 'token-revoked' });
  return token.id;
}

/**
 * The identity a presented token stands for, or null when it is unknown or revoked (one indexed read
 * by hash; no cache, so a revocation holds on every process at once). Records `lastUsedAt` when it is
 * older than a minute, without holding up the request.
 */
export async function authenticateToken(orm: MikroORM, presented: string, now: Date): Promise<TokenIdentity | null> {
  if (!presented.startsWith(TOKEN_PREFIX) || presented.length > MAX_TOKEN_LENGTH) return null;
  const em = orm.em.fork();
  const row = await em.findOne(ApiToken, { tokenHash: hashToken(presented) }, { fields: ['id', 'userId', 'lastUsedAt'] });
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
    em.nativeUpdate(ApiToken, { id: row.id }, { lastUsedAt: now }).catch((err: unknown) =>
      logger.warn(`Could not record the use of an API token: ${(err as Error).message}`),
    );
  }
  return { tokenId: row.id, userId: row.userId };
}

/** True while the token exists (a socket checks it again after it is listed, against a racing revocation). */
export async function tokenExists(orm: MikroORM, tokenId: string): Promise<boolean> {
  return (await orm.em.fork().count(ApiToken, { id: tokenId })) > 0;
}

/** Deletes every token of a user (deactivation, deletion); the caller closes their sockets. */
export async function deleteUserTokens(em: EntityManager, userId: string): Promise<void> {
  await em.nativeDelete(ApiToken, { userId });
}
