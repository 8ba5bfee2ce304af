import type { IssuerUserProfile } from '@ledgerwell/shared/issuer-auth';
import { paths } from '../../../config/paths';

/** Until a second factor exists the server answers the enrolment calls only: the Security screen is the one place to be. */
export function issuerGuardRedirect(user: Pick<IssuerUserProfile, 'mustEnrollMfa'>, pathname: string): string | null {
  return user.mustEnrollMfa && pathname !== paths.issuer.security ? paths.issuer.security : null;
}

/** Where a sign-in (or a signed-in visit to the login page) lands. */
export function issuerLandingPath(user: Pick<IssuerUserProfile, 'mustEnrollMfa'>): string {
  return user.mustEnrollMfa ? paths.issuer.security : paths.issuer.capTable;
}
