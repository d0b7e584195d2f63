import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { session, useSession } from '../../lib/session';
import type { LoginState } from './login-state';

/**
 * Guard of delegate pages: without a token, go to /login and remember where the visitor was; when
 * the server ended the session (a 401 while on the page), the login page says so.
 */
export function RequireDelegate() {
  const { token } = useSession();
  const location = useLocation();
  if (!token) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    const state: LoginState = session.endedByServer() ? { from, sessionEnded: true } : { from };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <Outlet />;
}
