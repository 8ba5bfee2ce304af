import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { Spinner } from '../../../components/ui/spinner';
import { useAdminAuth } from '../auth-context';

/**
 * The protected-area guard: a Loading spinner while the stored token is checked, then
 * /admin/login (replacing history) for visitors, and the change-password screen only
 * while the admin must change their password.
 */
export function RequireAdmin() {
  const { session } = useAdminAuth();
  const { pathname } = useLocation();

  if (session.status === 'loading') return <Spinner block />;
  if (session.status === 'anonymous') return <Navigate to={paths.admin.login} replace />;
  if (session.admin.mustChangePassword && pathname !== paths.admin.changePassword) {
    return <Navigate to={paths.admin.changePassword} replace />;
  }
  return <Outlet />;
}
