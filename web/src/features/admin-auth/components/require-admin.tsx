import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { Spinner } from '../../../components/ui/spinner';
import { useAdminAuth } from '../auth-context';
import { guardRedirect } from '../utils/guard';

/**
 * The protected-area guard: a Loading spinner while the stored token is checked, then
 * /admin/login (replacing history) for visitors; while the session is restricted, only the
 * change-password screen (a password to change) or the Security screen (a second factor to enrol).
 */
export function RequireAdmin() {
  const { session } = useAdminAuth();
  const { pathname } = useLocation();

  if (session.status === 'loading') return <Spinner block />;
  if (session.status === 'anonymous') return <Navigate to={paths.admin.login} replace />;
  const redirect = guardRedirect(session.admin, pathname);
  if (redirect) return <Navigate to={redirect} replace />;
  return <Outlet />;
}
