import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';

/** The cookie that carries one sign-in's state, nonce and PKCE verifier from /start to /callback. */
export const OIDC_COOKIE = 'lwf.oidc';
const COOKIE_PATH = '/api/auth/oidc';
/** How long a started sign-in may take at the provider. */
export const OIDC_STATE_MAX_AGE_MS = 10 * 60_000;

/** What /start keeps for /callback (never readable by the browser: sealed with the session secret). */
export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
  /** When it stops being accepted (ms since the epoch). */
  expiresAt: number;
}

const keyOf = (secret: string): Buffer => createHash('sha256').update(`lwf-oidc-state:${secret}`).digest();

/** AES-256-GCM over the JSON: the browser can neither read nor change it. */
export function seal(pending: PendingSignIn, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(pending), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The sealed sign-in, or null when it is missing, altered, sealed with another secret, or expired. */
export function unseal(value: string | undefined, secret: string, now: number): PendingSignIn | null {
  if (!value || value.length > 4096) return null;
  try {
    const raw = Buffer.from(value, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    const pending = JSON.parse(text) as PendingSignIn;
    return typeof pending.expiresAt === 'number' && pending.expiresAt > now ? pending : null;
  } catch {
    return null;
  }
}

/** The request's cookie of that name (no cookie parser is mounted). */
export function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return undefined;
}

/** Sets the pending sign-in's cookie: only /api/auth/oidc sees it, and a top-level return from the provider carries it (SameSite=Lax). */
export function setPendingCookie(res: Response, req: Request, value: string): void {
  res.cookie(OIDC_COOKIE, value, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: COOKIE_PATH, maxAge: OIDC_STATE_MAX_AGE_MS });
}

export function clearPendingCookie(res: Response, req: Request): void {
  res.clearCookie(OIDC_COOKIE, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: COOKIE_PATH });
}
