import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { LoginMutation, LogoutMutation, MeQuery } from '../features/auth/auth.graphql';
import type { ViewerFieldsFragment } from '../gql/graphql';
import { resetSession } from './apollo';

export type Viewer = ViewerFieldsFragment;

interface AuthApi {
  viewer: Viewer | null;
  loading: boolean;
  login(username: string, password: string): Promise<Viewer>;
  logout(): Promise<void>;
}

const AuthContext = createContext<AuthApi | null>(null);

/** The session as the client knows it: checked with `me` at start, changed by login and logout. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { data, loading, error, refetch } = useQuery(MeQuery, { fetchPolicy: 'network-only' });
  const [loginMutation] = useMutation(LoginMutation);
  const [logoutMutation] = useMutation(LogoutMutation);

  const login = useCallback(
    async (username: string, password: string) => {
      const result = await loginMutation({ variables: { username, password } });
      const viewer = result.data?.login;
      if (!viewer) throw new Error('Login failed');
      await resetSession();
      await refetch();
      return viewer;
    },
    [loginMutation, refetch],
  );

  const logout = useCallback(async () => {
    try {
      await logoutMutation();
    } finally {
      await resetSession();
      await refetch();
    }
  }, [logoutMutation, refetch]);

  const api = useMemo<AuthApi>(
    () => ({ viewer: error ? null : (data?.me ?? null), loading: loading && !data, login, logout }),
    [data, loading, error, login, logout],
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
