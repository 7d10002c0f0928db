import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { LoginMutation, LoginWithPasskeyMutation, LogoutMutation, MeQuery, PasskeySignInOptionsMutation } from './auth.graphql';
import type { ViewerFieldsFragment } from '../gql/graphql';
import { resetSession } from './apollo';
import { onSessionEnded, returnPath } from './session-end';
import { loginPathFor } from './return-to';
import { clearTwoFactorSetupRequired, onTwoFactorSetupRequired } from './two-factor-setup';

export type Viewer = ViewerFieldsFragment;

interface AuthApi {
  viewer: Viewer | null;
  loading: boolean;
  /** True once the session ended underneath the page (until the next sign-in): the sign-in screen says so. */
  sessionEnded: boolean;
  /** Signs in; `code` is the two-factor code when the server asked for one (TWO_FACTOR_REQUIRED). */
  login(username: string, password: string, code?: string): Promise<Viewer>;
  /**
   * Signs in with a passkey, no username: the browser offers this site's passkeys (WebAuthn). Rejects
   * with the browser's NotAllowedError when the person cancels or the request times out.
   */
  loginWithPasskey(): Promise<Viewer>;
  logout(): Promise<void>;
  /** The workspace requires two-factor of this person and it is off: only its set-up shows until done. */
  twoFactorSetupRequired: boolean;
  /** Two-factor was just turned on: the app starts afresh at the page the person was going to. */
  finishTwoFactorSetup(): Promise<void>;
}

const AuthContext = createContext<AuthApi | null>(null);

/**
 * The session as the client knows it: checked with `me` at start, changed by login and logout. When a
 * request finds the session gone (session-end.ts), the sign-in screen shows at
 * /login?returnTo=<this page> and the cache is dropped; unsaved task edits stay (task-drafts.ts keeps
 * them in sessionStorage) and come back with the page once the person signs in again.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { data, loading, error, refetch } = useQuery(MeQuery, { fetchPolicy: 'network-only' });
  const [loginMutation] = useMutation(LoginMutation);
  const [logoutMutation] = useMutation(LogoutMutation);
  const [passkeyOptionsMutation] = useMutation(PasskeySignInOptionsMutation);
  const [passkeyLoginMutation] = useMutation(LoginWithPasskeyMutation);
  const navigate = useNavigate();
  const [sessionEnded, setSessionEnded] = useState(false);
  const [twoFactorSetupRequired, setTwoFactorSetupRequired] = useState(false);
  useEffect(() => onTwoFactorSetupRequired(() => setTwoFactorSetupRequired(true)), []);
  const signedIn = useRef(false);
  const signingOut = useRef(false);
  signedIn.current = !!data?.me && !error && !sessionEnded;

  useEffect(
    () =>
      onSessionEnded(() => {
        if (!signedIn.current || signingOut.current) return;
        signedIn.current = false;
        const back = returnPath();
        clearTwoFactorSetupRequired();
        setTwoFactorSetupRequired(false);
        setSessionEnded(true);
        navigate(loginPathFor(back), { replace: true });
        void resetSession().then(() => refetch());
      }),
    [navigate, refetch],
  );

  /** After a sign-in of any kind: the cache starts afresh for the person now signed in. */
  const signedInAs = useCallback(
    async (viewer: Viewer | null | undefined) => {
      if (!viewer) throw new Error('Login failed');
      clearTwoFactorSetupRequired();
      setTwoFactorSetupRequired(false);
      await resetSession();
      await refetch();
      setSessionEnded(false);
      return viewer;
    },
    [refetch],
  );

  const login = useCallback(
    async (username: string, password: string, code?: string) => signedInAs((await loginMutation({ variables: { username, password, code } })).data?.login),
    [loginMutation, signedInAs],
  );

  const loginWithPasskey = useCallback(async () => {
    const options = (await passkeyOptionsMutation()).data?.passkeySignInOptions;
    if (!options) throw new Error('Login failed');
    // Loaded on the first use: the sign-in page's first download stays without it.
    const { startAuthentication } = await import('@simplewebauthn/browser');
    const response = await startAuthentication({ optionsJSON: JSON.parse(options) });
    return signedInAs((await passkeyLoginMutation({ variables: { response: JSON.stringify(response) } })).data?.loginWithPasskey);
  }, [passkeyOptionsMutation, passkeyLoginMutation, signedInAs]);

  const finishTwoFactorSetup = useCallback(async () => {
    clearTwoFactorSetupRequired();
    // Fresh cache and socket, as after a sign-in: what was refused before the set-up is asked again.
    await resetSession();
    setTwoFactorSetupRequired(false);
  }, []);

  const logout = useCallback(async () => {
    signingOut.current = true;
    try {
      await logoutMutation();
    } finally {
      clearTwoFactorSetupRequired();
      setTwoFactorSetupRequired(false);
      try {
        await resetSession();
        await refetch();
      } finally {
        signingOut.current = false;
      }
    }
  }, [logoutMutation, refetch]);

  // Offline (started from the stored copy, offline-boot.ts): `me` cannot reach the server, and the
  // copy's viewer stands in until the network is back (the page then reloads).
  const client = useApolloClient();
  const offlineViewer =
    !navigator.onLine && error && !CombinedGraphQLErrors.is(error) && !ServerError.is(error) ? (client.readQuery({ query: MeQuery })?.me ?? null) : null;
  // Once the session ended, the answer is known (signed out) while `me` is asked again: the sign-in
  // screen stays on, rather than a spinner that would unmount it and drop what is being typed.
  const checking = loading && !data && !offlineViewer && !sessionEnded;
  const api = useMemo<AuthApi>(
    () => ({
      viewer: offlineViewer ?? (error || sessionEnded ? null : (data?.me ?? null)),
      loading: checking,
      sessionEnded,
      login,
      loginWithPasskey,
      logout,
      twoFactorSetupRequired,
      finishTwoFactorSetup,
    }),
    [data, checking, error, sessionEnded, login, loginWithPasskey, logout, offlineViewer, twoFactorSetupRequired, finishTwoFactorSetup],
  );
  return <AuthContext.Provider value={api}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthApi {
  const api = useContext(AuthContext);
  if (!api) throw new Error('useAuth must be used inside AuthProvider');
  return api;
}

/** The signed-in user (only inside the signed-in part of the app). */
export function useViewer(): Viewer {
  const { viewer } = useAuth();
  if (!viewer) throw new Error('useViewer needs a signed-in user');
  return viewer;
}

export const displayName = (user: { firstName?: string | null; lastName?: string | null; username?: string | null } | null | undefined): string =>
  user ? [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username || 'Unknown User' : 'Unknown User';
