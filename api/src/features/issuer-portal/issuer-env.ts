import type { Context } from 'hono';
import type { IssuerPrincipal } from '../../identity/issuer-principal';
import type { AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';

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
