import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { Spinner } from '../../../components/ui/spinner';
import { useIssuerAuth } from '../auth-context';
import { issuerGuardRedirect } from '../utils/guard';

/**
 * The issuer area's guard: a spinner while the stored token is checked, then /issuer/login (replacing
 * history) for visitors, and /issuer/security for a user who has no second factor yet.
 */
export function RequireIssuer() {
  const { session } = useIssuerAuth();
  const { pathname } = useLocation();

  if (session.status === 'loading') return <Spinner block />;
  if (session.status === 'anonymous') return <Navigate to={paths.issuer.login} replace />;
  const redirect = issuerGuardRedirect(session.user, pathname);
  if (redirect) return <Navigate to={redirect} replace />;
  return <Outlet />;
}
