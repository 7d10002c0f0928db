import { Router, type Request, type Response } from 'express';
import type { AppConfig, OidcConfig } from '../../config.js';
import { logger } from '../../common/logger.js';
import { contextForRequest, runtimeOf } from '../../rest/http.js';
import { beginSignIn, finishSignIn } from './oidc.client.js';
import { resolveSsoUser } from './oidc.accounts.js';
import { SsoRefusal } from './oidc.errors.js';
import { clearPendingCookie, OIDC_COOKIE, readCookie, seal, setPendingCookie, unseal, type PendingSignIn } from './oidc.state.js';
import { safeReturnPath } from './return-to.js';
import { recordSecurityEvent } from '../sessions/security-events.js';

/** The address to register at the provider: `<PUBLIC_URL>/api/auth/oidc/callback`. */
export const callbackUrlOf = (config: AppConfig): string => `${config.publicUrl}/api/auth/oidc/callback`;

/** What the login page shows: the single sign-on button (and its label), and the password form. */
export function signInOptions(config: AppConfig): { sso: boolean; label: string | null; passwordLogin: boolean } {
  return { sso: !!config.oidc, label: config.oidc?.buttonLabel ?? null, passwordLogin: config.passwordLogin };
}

const now = (req: Request): number => (runtimeOf(req).clock?.() ?? new Date()).getTime();

/** Refusals that say something about the person (not about the server or the provider): logged as info. */
const PERSONAL: ReadonlySet<SsoRefusal['code']> = new Set(['state', 'denied', 'unknown_account', 'inactive', 'ambiguous', 'no_email']);

/** Back to the login page with a short reason it shows (the detail goes to the log only), keeping where the person was going. */
function refuse(req: Request, res: Response, err: unknown, returnTo = '/'): void {
  const refusal = err instanceof SsoRefusal ? err : new SsoRefusal('failed', (err as Error)?.message ?? String(err));
  if (!(err instanceof SsoRefusal)) logger.error('Single sign-on failed', err);
  else if (PERSONAL.has(refusal.code)) logger.info(`Single sign-on refused (${refusal.code}): ${refusal.message}`);
  else logger.warn(`Single sign-on failed (${refusal.code}): ${refusal.message}`);
  clearPendingCookie(res, req);
  res.redirect(302, `/login?sso_error=${refusal.code}${returnTo === '/' ? '' : `&returnTo=${encodeURIComponent(returnTo)}`}`);
}

function requireOidc(req: Request): OidcConfig {
  const { oidc } = runtimeOf(req).config;
  if (!oidc) throw new SsoRefusal('off', 'Single sign-on is not configured');
  return oidc;
}

/**
 * GET /api/auth/oidc (the login page's options), GET /api/auth/oidc/start?returnTo=/path (302 to the
 * provider; state, nonce and PKCE verifier sealed in a 10-minute cookie) and GET /api/auth/oidc/callback
 * (checks, signs in through the session like a password sign-in, 302 to returnTo or /login?sso_error=).
 */
export function oidcRoutes(): Router {
  const r = Router();
  r.get('/auth/oidc', (req, res) => {
    res.json(signInOptions(runtimeOf(req).config));
  });
  r.get('/auth/oidc/start', async (req, res) => {
    try {
      const config = runtimeOf(req).config;
      const oidc = requireOidc(req);
      // The provider returns to PUBLIC_URL: start there, so the sign-in's cookie is where the callback reads it
      // (once: a proxy that hides the public host must not make this a loop).
      const publicHost = new URL(config.publicUrl).host;
      if (req.get('host') !== publicHost && req.query.moved === undefined) {
        const returnTo = encodeURIComponent(safeReturnPath(req.query.returnTo));
        res.redirect(302, `${config.publicUrl}/api/auth/oidc/start?returnTo=${returnTo}&moved=1`);
        return;
      }
      const { url, pending } = await beginSignIn(oidc, callbackUrlOf(config), safeReturnPath(req.query.returnTo), now(req));
      setPendingCookie(res, req, seal(pending, config.sessionSecret));
      res.redirect(302, url.href);
    } catch (err) {
      refuse(req, res, err, safeReturnPath(req.query.returnTo));
    }
  });
  r.get('/auth/oidc/callback', async (req, res) => {
    let pending: PendingSignIn | null = null;
    try {
      const config = runtimeOf(req).config;
      const oidc = requireOidc(req);
      pending = unseal(readCookie(req, OIDC_COOKIE), config.sessionSecret, now(req));
      // One use: the cookie goes whatever happens next (refuse clears it too), so the same answer cannot be played again.
      clearPendingCookie(res, req);
      if (!pending || typeof req.query.state !== 'string' || req.query.state !== pending.state)
        throw new SsoRefusal('state', pending ? 'The state does not match' : 'No sign-in was started here (or it expired)');
      const callbackUrl = new URL(callbackUrlOf(config));
      const query = req.originalUrl.indexOf('?');
      callbackUrl.search = query >= 0 ? req.originalUrl.slice(query) : '';
      const claims = await finishSignIn(oidc, callbackUrl, pending);
      const ctx = await contextForRequest(req, res);
      if (!ctx.session) throw new SsoRefusal('failed', 'The request has no session to sign in');
      const user = await resolveSsoUser(ctx, oidc, claims);
      await ctx.session.signIn(user.id, 'sso');
      await recordSecurityEvent(ctx, { kind: 'sign-in', userId: user.id, actorId: null, username: user.username, detail: 'single sign-on' });
      res.redirect(302, pending.returnTo);
    } catch (err) {
      if (err instanceof SsoRefusal && PERSONAL.has(err.code)) {
        const ctx = await contextForRequest(req, res).catch(() => null);
        if (ctx) await recordSecurityEvent(ctx, { kind: 'sign-in-failed', userId: null, actorId: null, detail: `single sign-on (${err.code})` });
      }
      refuse(req, res, err, pending?.returnTo);
    }
  });
  return r;
}
