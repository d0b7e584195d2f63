import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';

/** Guard of delegate pages: without a token, go to /login and remember where the visitor was. */
export function RequireDelegate() {
  const { token } = useSession();
  const location = useLocation();
  if (!token) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.login} replace state={{ from }} />;
  }
  return <Outlet />;
}
