import { Router, type Request, type Response } from 'express';
import type { AppConfig, OidcConfig } from '../../config.js';
import { logger } from '../../common/logger.js';
import { contextForRequest, runtimeOf } from '../../rest/http.js';
import { beginSignIn, finishSignIn } from './oidc.client.js';
import { resolveSsoUser } from './oidc.accounts.js';
import { SsoRefusal } from './oidc.errors.js';
import { clearPendingCookie, OIDC_COOKIE, readCookie, seal, setPendingCookie, unseal } from './oidc.state.js';
import { safeReturnPath } from './return-to.js';

/** The address to register at the provider: `<PUBLIC_URL>/api/auth/oidc/callback`. */
export const callbackUrlOf = (config: AppConfig): string => `${config.publicUrl}/api/auth/oidc/callback`;

/** What the login page shows: the single sign-on button (and its label), and the password form. */
export function signInOptions(config: AppConfig): { sso: boolean; label: string | null; passwordLogin: boolean } {
  return { sso: !!config.oidc, label: config.oidc?.buttonLabel ?? null, passwordLogin: config.passwordLogin };
}

const now = (req: Request): number => (runtimeOf(req).clock?.() ?? new Date()).getTime();

/** Back to the login page with a short reason it shows (the detail goes to the log only). */
function refuse(req: Request, res: Response, err: unknown): void {
  const refusal = err instanceof SsoRefusal ? err : new SsoRefusal('failed', (err as Error)?.message ?? String(err));
  if (err instanceof SsoRefusal) logger.info(`Single sign-on refused (${refusal.code}): ${refusal.message}`);
  else logger.error('Single sign-on failed', err);
  clearPendingCookie(res, req);
  res.redirect(302, `/login?sso_error=${refusal.code}`);
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
      const { url, pending } = await beginSignIn(oidc, callbackUrlOf(config), safeReturnPath(req.query.returnTo), now(req));
      setPendingCookie(res, req, seal(pending, config.sessionSecret));
      res.redirect(302, url.href);
    } catch (err) {
      refuse(req, res, err);
    }
  });
  r.get('/auth/oidc/callback', async (req, res) => {
    try {
      const config = runtimeOf(req).config;
      const oidc = requireOidc(req);
      const pending = unseal(readCookie(req, OIDC_COOKIE), config.sessionSecret, now(req));
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
      await ctx.session.signIn(user.id);
      res.redirect(302, pending.returnTo);
    } catch (err) {
      refuse(req, res, err);
    }
  });
  return r;
}
