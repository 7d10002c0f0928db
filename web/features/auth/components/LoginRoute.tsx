import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useAuth } from '../../../lib/auth';
import { Loading } from '../../../ui/States';
import { safeReturnTo } from '../return-to';
import { LoginPage } from './LoginPage';

/** Pages the server renders itself (not routes of this app): reached by a full page load. */
const isServerPage = (path: string): boolean => path === '/graphql' || path.startsWith('/graphql?');

/**
 * /login: the sign-in screen, and once signed in the page `returnTo` names (same-origin relative paths
 * only, see safeReturnTo), else the planner. Used by the bookmarklet's 'Login to Create Task' and by
 * the API explorer at /graphql (a server page, so it is loaded afresh).
 */
export function LoginRoute() {
  const { viewer } = useAuth();
  const [params] = useSearchParams();
  const target = safeReturnTo(params.get('returnTo')) ?? '/';
  const leave = !!viewer && isServerPage(target);
  useEffect(() => {
    if (leave) window.location.replace(target);
  }, [leave, target]);
  if (!viewer) return <LoginPage />;
  if (leave) return <Loading />;
  return <Navigate to={target} replace />;
}
