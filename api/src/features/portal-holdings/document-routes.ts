import { Hono, type Context } from 'hono';
import { calendarDateIn } from '@ledgerwell/shared/ledger';
import {
  PORTAL_DOCUMENT_MESSAGES as M,
  portalDocumentsQuerySchema,
  portalDocumentsResponseSchema,
  statementQuerySchema,
} from '@ledgerwell/shared/portal-documents';
import type { AppDeps } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { documented } from '../../lib/openapi';
import { parseQuery } from '../../lib/validate';
import { requirePortalSession, type PortalEnv } from '../portal-auth/middleware';
import { statementPdf, STATEMENT_POSTINGS } from './document-pdfs';
import { holdingAsOf, listDocuments, recordDownload } from './documents';
import { holdersAccount } from './holdings';
import { accountPostings } from './postings';
import { transactionAdviceFile } from './transaction-advice';

const PDF_ANSWER = { media: 'application/pdf', description: 'The document as a tagged PDF' } as const;

/** A PDF for its holder only: shown in the browser, never kept by it, a proxy or the service worker. */
function pdfAnswer(c: Context, pdf: Buffer, fileName: string) {
  return c.body(new Uint8Array(pdf), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${fileName}"`,
    'Cache-Control': 'no-store',
  });
}

/** The holder's documents (issue 30), under /api/shareholder-portal. */
export function portalDocumentRoutes(deps: AppDeps) {
  const signedIn = requirePortalSession(deps, 'ACCOUNT');
  return new Hono<PortalEnv>()
    .use('/documents', signedIn)
    .use('/documents/*', signedIn)
    .use('/statement', signedIn)
    .get(
      '/documents',
      documented({
        tag: 'Shareholder portal',
        summary: "The holder's documents: a transaction advice for every posting to their accounts, newest first",
        auth: 'portal',
        query: portalDocumentsQuerySchema,
        responses: { 200: portalDocumentsResponseSchema },
      }),
      async (c) => {
        const query = parseQuery(c, portalDocumentsQuerySchema);
        return c.json({ success: true, ...(await listDocuments(deps, c.get('portalSession'), query)) });
      },
    )
    .get(
      '/documents/:id',
      documented({
        tag: 'Shareholder portal',
        summary: 'One transaction advice as a PDF, made from the ledger',
        auth: 'portal',
        responses: { 200: PDF_ANSWER },
        errors: [404],
      }),
      async (c) => {
        const session = c.get('portalSession');
        const id = c.req.param('id');
        // Another holder's document answers as an unknown one.
        const advice = await transactionAdviceFile(deps, session, id);
        if (!advice) throw notFound(M.documentNotFound);
        await recordDownload(deps, session, { document: id, accountId: advice.accountId }, c.get('meta'));
        return pdfAnswer(c, advice.pdf, advice.fileName);
      },
    )
    .get(
      '/statement',
      documented({
        tag: 'Shareholder portal',
        summary: 'A statement of holdings of one account as of a date, from the journal as of that date, as a PDF',
        auth: 'portal',
        query: statementQuerySchema,
        responses: { 200: PDF_ANSWER },
        errors: [404],
      }),
      async (c) => {
        const session = c.get('portalSession');
        const { accountId, asOf } = parseQuery(c, statementQuerySchema);
        const account = await holdersAccount(deps, session, accountId);
        if (!account) throw notFound(M.documentNotFound);
        if (asOf > calendarDateIn(account.timeZone, deps.clock.now()))
          throw new AppError('VALIDATION_ERROR', M.asOfInFuture, { asOf: M.asOfInFuture });
        const [holding, postings] = await Promise.all([
          holdingAsOf(deps, account.id, asOf),
          accountPostings(deps, session, account.id, { page: 1, limit: STATEMENT_POSTINGS, asOf }),
        ]);
        const pdf = await statementPdf(account, {
          asOf,
          ...holding,
          postings: postings.data,
          totalPostings: postings.total,
        });
        await recordDownload(deps, session, { document: 'statement', accountId: account.id, asOf }, c.get('meta'));
        return pdfAnswer(c, pdf, `statement-${asOf}.pdf`);
      },
    );
}
