import { Navigate, useSearchParams } from 'react-router-dom';
import { useAuth } from '../../../lib/auth';
import { safeReturnTo } from '../return-to';
import { LoginPage } from './LoginPage';

/**
 * /login: the sign-in screen, and once signed in the page `returnTo` names (same-origin relative paths
 * only, see safeReturnTo), else the planner. Used by the bookmarklet's 'Login to Create Task'.
 */
export function LoginRoute() {
  const { viewer } = useAuth();
  const [params] = useSearchParams();
  if (!viewer) return <LoginPage />;
  return <Navigate to={safeReturnTo(params.get('returnTo')) ?? '/'} replace />;
}
