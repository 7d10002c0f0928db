import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { Loading } from '../../../ui/States';
import { safeReturnTo } from '../../../lib/return-to';

/** Pages the server renders itself (not routes of this app): reached by a full page load. */
const isServerPage = (path: string): boolean => path === '/graphql' || path.startsWith('/graphql?');

/**
 * /login once signed in: on to the page `returnTo` names (same-origin relative paths only, see
 * safeReturnTo), else the planner. Rendered only for a signed-in person: signed out, App shows the
 * sign-in screen itself on every path.
 * Used by an ended session, the bookmarklet's 'Login to Create Task' and the API explorer at /graphql
 * (a server page, so it is loaded afresh).
 */
export function LoginRoute() {
  const [params] = useSearchParams();
  const target = safeReturnTo(params.get('returnTo')) ?? '/';
  const leave = isServerPage(target);
  useEffect(() => {
    if (leave) window.location.replace(target);
  }, [leave, target]);
  if (leave) return <Loading />;
  return <Navigate to={target} replace />;
}
