import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { safeReturnTo } from '../../../lib/return-to';
import { useSignInOptions } from '../sign-in-options';

/** What the login page says for each `?sso_error=` code the server sends back (api/auth/oidc/oidc.errors.ts). */
const SSO_ERRORS: Record<string, string> = {
  off: 'single sign-on is not set up on this server.',
  state: 'the sign-in took too long or was started in another window. Please try again.',
  denied: 'the sign-in was cancelled at your provider.',
  exchange: 'your provider’s answer could not be checked. Please try again.',
  unavailable: 'your provider could not be reached. Please try again later.',
  unknown_account: 'there is no account here for you yet. Please ask your administrator to add you.',
  inactive: 'this account is inactive. Please contact your administrator.',
  ambiguous: 'more than one account here has your email address. Please ask your administrator.',
  no_email: 'your provider did not share your email address.',
};

/**
 * The single sign-on button of the login page when the server offers it (loaded on demand by SsoButton),
 * to the provider and back to the page the person was going to; why the last single sign-on failed, when
 * it did; and whether the server keeps the password form (told to the page through `onPasswordLogin`).
 */
export default function SsoPanel({ onPasswordLogin }: { onPasswordLogin: (on: boolean) => void }) {
  const options = useSignInOptions();
  useEffect(() => onPasswordLogin(options.passwordLogin), [onPasswordLogin, options.passwordLogin]);
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  // Signed out, every page shows this screen: come back to that page, or to /login's returnTo.
  const returnTo = (pathname === '/login' ? safeReturnTo(params.get('returnTo')) : safeReturnTo(`${pathname}${search}`)) ?? '/';
  const error = params.get('sso_error');
  return (
    <>
      {error && (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
          Single sign-on failed: {SSO_ERRORS[error] ?? 'something went wrong. Please try again.'}
        </p>
      )}
      {options.sso && (
        <a
          href={`/api/auth/oidc/start?returnTo=${encodeURIComponent(returnTo)}`}
          className="mt-4 flex h-10 w-full items-center justify-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 shadow-sm transition-colors hover:bg-slate-50"
        >
          {options.label ?? 'Sign in with SSO'}
        </a>
      )}
    </>
  );
}
