import { Hono, type Context } from 'hono';
import {
  capTableQuerySchema,
  capTableSchema,
  issuerRequestListSchema,
  issuerRequestsQuerySchema,
  issuerTransactionListSchema,
  issuerTransactionsQuerySchema,
} from '@ledgerwell/shared/issuer-portal';
import { holderListSchema, holdersExportQuerySchema, holdersQuerySchema } from '@ledgerwell/shared/ledger';
import type { AppDeps } from '../../lib/context';
import { pathId } from '../../lib/ids';
import { documented } from '../../lib/openapi';
import { parseQuery } from '../../lib/validate';
import { requireRecentProof } from '../../identity/recent-proof';
import { listHolders } from '../ledger/holders';
import { capTable } from './cap-table';
import { issuerHoldersCsv } from './holders-export';
import { issuerActor, issuerPrincipal, requireIssuerAdmin, type IssuerPortalEnv } from './issuer-env';
import { exportOcf } from '../ocf/ocf-export';
import { issuerJournal } from './issuer-journal';
import { issuerRequests } from './issuer-requests';

const classParam = (c: Context<IssuerPortalEnv>) => pathId(c, 'classId', 'Share class');

/**
 * The issuer portal's reads, mounted at /api/issuer behind the issuer sign-in's middleware (which sets `issuerUser`):
 * each reads the principal first and scopes everything by its issuer.
 */
export function issuerPortalRoutes(deps: AppDeps) {
  return new Hono<IssuerPortalEnv>()
    .get(
      '/cap-table',
      documented({
        tag: 'Issuer portal',
        auth: 'issuer',
        summary:
          "The issuer's cap table: per class authorized, issued, cancelled and outstanding shares, the number of holders and a page of them, largest first, with their percentage of the class",
        query: capTableQuerySchema,
        responses: { 200: capTableSchema },
        errors: [404],
      }),
      async (c) => {
        const { issuerId } = issuerPrincipal(c);
        const query = parseQuery(c, capTableQuerySchema);
        return c.json({ success: true, data: await capTable({ deps, issuerId, query }) });
      },
    )
    .get(
      '/classes/:classId/holders',
      documented({
        tag: 'Issuer portal',
        auth: 'issuer',
        summary: "The record-date list of one of the issuer's classes: holders at the end of a date, by account number",
        query: holdersQuerySchema,
        responses: { 200: holderListSchema },
        errors: [404],
      }),
      async (c) => {
        const { issuerId } = issuerPrincipal(c);
        const classId = classParam(c);
        const query = parseQuery(c, holdersQuerySchema);
        return c.json({ success: true, ...(await listHolders(deps, classId, query, { issuerId })) });
      },
    )
    .get(
      '/classes/:classId/holders/export/csv',
      documented({
        tag: 'Issuer portal',
        auth: 'issuer',
        summary:
          "The record-date list of one of the issuer's classes as a streamed CSV, tax IDs masked to the last four (ISSUER_ADMIN)",
        query: holdersExportQuerySchema,
        responses: {
          200: { media: 'text/csv', description: 'The holders as CSV (spreadsheet formulas neutralised)' },
        },
        errors: [403, 404],
      }),
      async (c) => {
        const principal = issuerPrincipal(c);
        // Every holder's name leaves the system: an administrator's, with a recent proof (decision 025); a viewer is
        // refused before being asked for any proof.
        requireIssuerAdmin(principal);
        await requireRecentProof(deps, principal.sessionId);
        const classId = classParam(c);
        const { asOf } = parseQuery(c, holdersExportQuerySchema);
        return issuerHoldersCsv({ deps, principal, classId, asOf, meta: c.get('meta') });
      },
    )
    .get(
      '/ocf',
      documented({
        tag: 'Issuer portal',
        auth: 'issuer',
        summary:
          "The issuer's own cap table as an Open Cap Table Format 1.2.0 bundle (manifest, stock classes, stakeholders, transactions), streamed (ISSUER_ADMIN)",
        responses: {
          200: { media: 'application/zip', description: 'The OCF bundle (.ocf.zip) built from the ledger' },
        },
        errors: [403],
      }),
      async (c) => {
        const principal = issuerPrincipal(c);
        requireIssuerAdmin(principal);
        await requireRecentProof(deps, principal.sessionId);
        return exportOcf(deps, issuerActor(principal), principal.issuerId, c.get('meta'));
      },
    )
    .get(
      '/transactions',
      documented({
        tag: 'Issuer portal',
        auth: 'issuer',
        summary:
          "The journal of the issuer's classes: every posting with its legs, newest effective date first, by class, type and effective dates (inclusive)",
        query: issuerTransactionsQuerySchema,
        responses: { 200: issuerTransactionListSchema },
        errors: [404],
      }),
      async (c) => {
        const { issuerId } = issuerPrincipal(c);
        const query = parseQuery(c, issuerTransactionsQuerySchema);
        return c.json({ success: true, ...(await issuerJournal({ deps, issuerId, query })) });
      },
    )
    .get(
      '/requests',
      documented({
        tag: 'Issuer portal',
        auth: 'issuer',
        summary:
          "Shareholder requests on the issuer's holders' accounts, newest first, with this month's SEC Rule 17Ad-2 turnaround of its transfers (3 business days, 90 % target)",
        query: issuerRequestsQuerySchema,
        responses: { 200: issuerRequestListSchema },
      }),
      async (c) => {
        const { issuerId } = issuerPrincipal(c);
        const query = parseQuery(c, issuerRequestsQuerySchema);
        return c.json({ success: true, ...(await issuerRequests({ deps, issuerId, query })) });
      },
    );
}
