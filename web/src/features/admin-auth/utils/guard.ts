import type { AdminProfile } from '@ledgerwell/shared/admin-auth';
import { paths } from '../../../config/paths';

type Restrictions = Pick<AdminProfile, 'mustChangePassword' | 'mustEnrollMfa'>;

/**
 * Where a signed-in admin must be while their session is restricted, or null when it is not: the
 * password change comes first (the server refuses everything else until then), then the second
 * factor's enrolment on the Security screen.
 */
export function restrictedTarget(admin: Restrictions): string | null {
  if (admin.mustChangePassword) return paths.admin.changePassword;
  if (admin.mustEnrollMfa) return paths.admin.security;
  return null;
}

/** The guard's redirect for `pathname`, or null to render the page asked for. */
export function guardRedirect(admin: Restrictions, pathname: string): string | null {
  const target = restrictedTarget(admin);
  return target && target !== pathname ? target : null;
}

/** Where a sign-in (or an already signed-in visit to the login page) lands. */
export function landingPath(admin: Restrictions): string {
  return restrictedTarget(admin) ?? paths.admin.dashboard;
}
