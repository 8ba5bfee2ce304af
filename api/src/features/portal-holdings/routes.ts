import { Hono } from 'hono';
import {
  PORTAL_HOLDINGS_MESSAGES as M,
  portalHoldingsResponseSchema,
  portalTransactionsQuerySchema,
  portalTransactionsResponseSchema,
} from '@ledgerwell/shared/portal-holdings';
import type { AppDeps } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { documented } from '../../lib/openapi';
import { parseQuery } from '../../lib/validate';
import { requirePortalSession, type PortalEnv } from '../portal-auth/middleware';
import { holderHoldings, holdersAccount } from './holdings';
import { accountPostings } from './postings';

/** The holder's window on the ledger (issue 30), under /api/shareholder-portal. */
export function portalHoldingRoutes(deps: AppDeps) {
  const signedIn = requirePortalSession(deps, 'ACCOUNT');
  return new Hono<PortalEnv>()
    .use('/holdings', signedIn)
    .use('/accounts/*', signedIn)
    .get(
      '/holdings',
      documented({
        tag: 'Shareholder portal',
        summary: 'Every account registered to the signed-in holder, with its shares and certificates from the ledger',
        auth: 'portal',
        responses: { 200: portalHoldingsResponseSchema },
      }),
      async (c) => c.json({ success: true, data: { accounts: await holderHoldings(deps, c.get('portalSession')) } }),
    )
    .get(
      '/accounts/:accountId/transactions',
      documented({
        tag: 'Shareholder portal',
        summary: "One of the holder's accounts: its postings, newest first, with the balance after each",
        auth: 'portal',
        query: portalTransactionsQuerySchema,
        responses: { 200: portalTransactionsResponseSchema },
        errors: [404],
      }),
      async (c) => {
        const session = c.get('portalSession');
        // Another holder's account answers as an unknown one: the holder learns nothing of it.
        const account = await holdersAccount(deps, session, c.req.param('accountId'));
        if (!account) throw notFound(M.accountNotFound);
        const query = parseQuery(c, portalTransactionsQuerySchema);
        return c.json({ success: true, ...(await accountPostings(deps, session, account.id, query)) });
      },
    );
}
