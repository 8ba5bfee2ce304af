import type { Context } from 'hono';
import type { IssuerPrincipal } from '../../identity/issuer-principal';
import type { AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { Actor } from '../activity/record-activity';

/** The issuer portal's routes run behind the issuer sign-in's middleware, which sets `issuerUser`. */
export type IssuerPortalEnv = AppEnv & { Variables: { issuerUser: IssuerPrincipal } };

/**
 * The signed-in issuer user. Every read below is scoped by its issuerId; a route reached without one (the routes
 * mounted without their middleware) answers 401 rather than reading anything unscoped.
 */
export function issuerPrincipal(c: Context<IssuerPortalEnv>): IssuerPrincipal {
  const principal = c.get('issuerUser') as IssuerPrincipal | undefined;
  if (!principal?.issuerId) throw new AppError('UNAUTHENTICATED', 'Please sign in');
  return principal;
}

/** The issuer user as the activity log names them: no staff id, their e-mail, their own user id. */
export const issuerActor = (principal: IssuerPrincipal): Actor => ({
  id: null,
  username: principal.email,
  issuerUserId: principal.userId,
});

/** Exports carry every holder's name out of the system: ISSUER_ADMIN only. */
export function requireIssuerAdmin(principal: IssuerPrincipal) {
  if (principal.role !== 'ISSUER_ADMIN') throw new AppError('FORBIDDEN', 'Only an issuer administrator can do this');
}
