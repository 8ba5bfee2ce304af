import { Hono, type Context } from 'hono';
import {
  asOfQuerySchema,
  authorizedAdjustmentInputSchema,
  cancellationInputSchema,
  conversionInputSchema,
  reissuanceInputSchema,
  reversalInputSchema,
  controlBookAnswerSchema,
  holderListSchema,
  holdersExportQuerySchema,
  holdersQuerySchema,
  issuanceInputSchema,
  issuerCreatedSchema,
  issuerInputSchema,
  issuerListSchema,
  journalQuerySchema,
  positionAnswerSchema,
  shareClassCreatedSchema,
  shareClassInputSchema,
  transactionListSchema,
  transactionPostedSchema,
  transactionsQuerySchema,
  transferInputSchema,
} from '@ledgerwell/shared/ledger';
import {
  certificateAnswerSchema,
  certificatePageSchema,
  certificateSearchAnswerSchema,
  certificateSearchQuerySchema,
  releaseInputSchema,
  stopOrderInputSchema,
} from '@ledgerwell/shared/certificates';
import {
  reconcileInputSchema,
  reconciliationAnswerSchema,
  recordDifferenceListSchema,
  recordDifferencesQuerySchema,
} from '@ledgerwell/shared/reconciliation';
import type { AppDeps, AppEnv } from '../../lib/context';
import { csvResponse } from '../../lib/csv-export';
import { idempotencyKeyOf, idempotencyParameter } from '../../lib/idempotency';
import { pathId } from '../../lib/ids';
import { documented } from '../../lib/openapi';
import { parseJson, parseQuery } from '../../lib/validate';
import { requireRole } from '../../identity/middleware';
import type { Actor } from '../activity/record-activity';
import { holderCsvColumns, holderPages, listHolders } from './holders';
import { accountCertificates, findCertificates, releaseCertificate, stopCertificate } from './certificate-register';
import { createIssuer, createShareClass, listIssuers } from './issuers';
import { accountTransactions, accountWithClass, controlBook, listJournal, positionAsOf } from './ledger-queries';
import { postAuthorizedAdjustment } from './post-authorized';
import { postCancellation } from './post-cancellation';
import { postConversion } from './post-conversion';
import { postReissuance } from './post-reissuance';
import { postReversal } from './post-reversal';
import { postIssuance } from './post-issuance';
import { postTransfer } from './post-transfer';
import { listRecordDifferences, reconcileNow } from './reconcile';

const actor = (c: Context<AppEnv>): Actor => {
  const { profile } = c.get('admin');
  return { id: profile.id, username: profile.username };
};

/** Mounted behind requireAdmin: every admin role reads the ledger; ADMIN and SUPER_ADMIN post to it. */
export function ledgerRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get(
      '/issuers',
      documented({
        tag: 'Ledger',
        auth: 'admin',
        summary: 'List issuers with their share classes',
        responses: { 200: issuerListSchema },
      }),
      async (c) => c.json({ success: true, data: await listIssuers(deps) }),
    )
    .post(
      '/issuers',
      documented({
        tag: 'Ledger',
        auth: 'admin',
        summary: 'Add an issuer (ADMIN and up)',
        body: issuerInputSchema,
        responses: { 201: issuerCreatedSchema },
        errors: [404, 409],
      }),
      requireRole('ADMIN'),
      async (c) => {
        const input = await parseJson(c, issuerInputSchema);
        return c.json({ success: true, data: await createIssuer(deps, actor(c), input, c.get('meta')) }, 201);
      },
    )
    .post(
      '/issuers/:issuerId/classes',
      documented({
        tag: 'Ledger',
        auth: 'admin',
        summary: 'Add a share class to an issuer, with its authorized shares (ADMIN and up)',
        body: shareClassInputSchema,
        responses: { 201: shareClassCreatedSchema },
        errors: [404, 409],
      }),
      requireRole('ADMIN'),
      async (c) => {
        const issuerId = pathId(c, 'issuerId', 'Issuer');
        const input = await parseJson(c, shareClassInputSchema);
        const data = await createShareClass(deps, actor(c), issuerId, input, c.get('meta'));
        return c.json({ success: true, data }, 201);
      },
    )
    .post(
      '/ledger/issuances',
      documented({
        tag: 'Ledger',
        auth: 'admin',
        summary: 'Issue new shares of a class to an account, within its authorized shares (ADMIN and up, step-up)',
        body: issuanceInputSchema,
        responses: { 201: transactionPostedSchema },
        errors: [404, 409],
      }),
      requireRole('ADMIN'),
      async (c) => {
        const input = await parseJson(c, issuanceInputSchema);
        const data = await postIssuance({ deps, actor: actor(c), input, meta: c.get('meta') });
        return c.json({ success: true, data }, 201);
      },
    )
    .post(
      '/ledger/authorized-adjustments',
      documented({
        tag: 'Ledger',
        auth: 'admin',
        summary:
          "Record a class's authorized shares on the issuer's written authorization: an AUTHORIZED_ADJUSTMENT (ADMIN and up, step-up)",
        body: authorizedAdjustmentInputSchema,
        responses: { 201: transactionPostedSchema },
        errors: [404, 409],
      }),
      requireRole('ADMIN'),
      async (c) => {
        const input = await parseJson(c, authorizedAdjustmentInputSchema);
        const data = await postAuthorizedAdjustment(deps, actor(c), input, c.get('meta'));
        return c.json({ success: true, data }, 201);
      },
    )
    .post(
      '/ledger/conversions',
      documented({
        tag: 'Ledger',
        auth: 'admin',
        summary:
          "Convert an account's certificates to DRS (the balance cut back) or DRS shares to a new certificate (ADMIN and up)",
        body: conversionInputSchema,
        responses: { 201: transactionPostedSchema },
        errors: [404, 409],
      }),
      requireRole('ADMIN'),
      async (c) => {
        const input = await parseJson(c, conversionInputSchema);
        return c.json({ success: true, data: await postConversion(deps, actor(c), input, c.get('meta')) }, 201);
      },
    )
    .post(
      '/ledger/cancellations',
      documented({
        tag: 'Ledger',
        auth: 'admin',
        summary: 'Cancel shares of an account, from DRS or certificates, with the reason (ADMIN and up, step-up)',
        body: cancellationInputSchema,
        responses: { 201: transactionPostedSchema },
        errors: [404, 409],
      }),
      requireRole('ADMIN'),
      async (c) => {
        const input = await parseJson(c, cancellationInputSchema);
        return c.json({ success: true, data: await postCancellation(deps, actor(c), input, c.get('meta')) }, 201);
      },
    )
    .post(
      '/ledger/reissuances',
      documented({
        tag: 'Ledger',
        auth: 'admin',
        summary:
          'Replace a lost, stolen or destroyed certificate under a stop order: a REISSUANCE cancels it and credits the same shares as DRS or on a new certificate (ADMIN and up, step-up)',
        body: reissuanceInputSchema,
        responses: { 201: transactionPostedSchema },
        errors: [404, 409],
      }),
      requireRole('ADMIN'),
      async (c) => {
        const input = await parseJson(c, reissuanceInputSchema);
        return c.json({ success: true, data: await postReissuance(deps, actor(c), input, c.get('meta')) }, 201);
      },
    )
    .post(
      '/ledger/transactions/:transactionId/reverse',
      documented({
        tag: 'Ledger',
        auth: 'admin',
        summary:
          'Reverse a DRS posting with a new transaction of the same type, its legs negated, with the reason (ADMIN and up, step-up)',
        body: reversalInputSchema,
        responses: { 201: transactionPostedSchema },
        errors: [404, 409],
      }),
      requireRole('ADMIN'),
      async (c) => {
        const id = pathId(c, 'transactionId', 'Transaction');
        const input = await parseJson(c, reversalInputSchema);
        return c.json({ success: true, data: await postReversal(deps, actor(c), id, input, c.get('meta')) }, 201);
      },
    )
    .post(
      '/ledger/transfers',
      documented({
        tag: 'Ledger',
        auth: 'admin',
        summary:
          'Transfer shares between two accounts of a class, from the DRS position or from named certificates (ADMIN and up)',
        body: transferInputSchema,
        extraParameters: [idempotencyParameter('a retry with the same key and body posts the transfer once')],
        responses: { 201: transactionPostedSchema },
        errors: [404, 409, 422],
      }),
      requireRole('ADMIN'),
      async (c) => {
        const idempotencyKey = idempotencyKeyOf(c);
        const input = await parseJson(c, transferInputSchema);
        const data = await postTransfer({ deps, actor: actor(c), input, meta: c.get('meta'), idempotencyKey });
        return c.json({ success: true, data }, 201);
      },
    )
    .get(
      '/ledger/transactions',
      documented({
        tag: 'Ledger',
        auth: 'admin',
        summary:
          'The journal: every posting with its legs, newest effective date first, by issuer or class, type, effective dates (inclusive) and account number',
        query: journalQuerySchema,
        responses: { 200: transactionListSchema },
      }),
      async (c) => c.json({ success: true, ...(await listJournal(deps, parseQuery(c, journalQuerySchema))) }),
    )
    .get(
      '/ledger/accounts/:accountId/position',
      documented({
        tag: 'Ledger',
        auth: 'admin',
        summary: "An account's position at the end of a date (inclusive; today in the issuer's time zone by default)",
        query: asOfQuerySchema,
        responses: { 200: positionAnswerSchema },
        errors: [404],
      }),
      async (c) => {
        const accountId = pathId(c, 'accountId', 'Account');
        const { asOf } = parseQuery(c, asOfQuerySchema);
        return c.json({ success: true, data: await positionAsOf(deps, accountId, asOf) });
      },
    )
    .get(
      '/ledger/accounts/:accountId/transactions',
      documented({
        tag: 'Ledger',
        auth: 'admin',
        summary: "An account's transactions with their legs, newest first",
        query: transactionsQuerySchema,
        responses: { 200: transactionListSchema },
        errors: [404],
      }),
      async (c) => {
        const accountId = pathId(c, 'accountId', 'Account');
        const query = parseQuery(c, transactionsQuerySchema);
        return c.json({ success: true, ...(await accountTransactions(deps, accountId, query)) });
      },
    )
    .get(
      '/ledger/accounts/:accountId/certificates',
      documented({
        tag: 'Ledger',
        auth: 'admin',
        summary: 'Every certificate registered to the account, in any status, with lineage and stop orders',
        query: transactionsQuerySchema,
        responses: { 200: certificatePageSchema },
        errors: [404],
      }),
      async (c) => {
        const accountId = pathId(c, 'accountId', 'Account');
        const query = parseQuery(c, transactionsQuerySchema);
        await accountWithClass(deps, accountId);
        return c.json({ success: true, ...(await accountCertificates(deps, accountId, query)) });
      },
    )
    .get(
      '/ledger/classes/:classId/holders',
      documented({
        tag: 'Ledger',
        auth: 'admin',
        summary: 'The record-date list: holders of a class at the end of a date, by account number',
        query: holdersQuerySchema,
        responses: { 200: holderListSchema },
        errors: [404],
      }),
      async (c) => {
        const classId = pathId(c, 'classId', 'Share class');
        const query = parseQuery(c, holdersQuerySchema);
        return c.json({ success: true, ...(await listHolders(deps, classId, query)) });
      },
    )
    .get(
      '/ledger/classes/:classId/holders/export/csv',
      documented({
        tag: 'Ledger',
        auth: 'admin',
        summary: 'The record-date list as a streamed CSV (ADMIN and up, step-up)',
        query: holdersExportQuerySchema,
        responses: { 200: { media: 'text/csv', description: 'The holders as CSV (spreadsheet formulas neutralised)' } },
        errors: [404],
      }),
      requireRole('ADMIN'),
      async (c) => {
        const classId = pathId(c, 'classId', 'Share class');
        const { asOf } = parseQuery(c, holdersExportQuerySchema);
        const { asOf: date, pages } = await holderPages(deps, classId, asOf);
        return csvResponse({ fileName: `holders-${date}.csv`, columns: holderCsvColumns(date), pages });
      },
    )
    .get(
      '/ledger/classes/:classId/control-book',
      documented({
        tag: 'Ledger',
        auth: 'admin',
        summary: "A class's control book against its master file: authorized, issued, outstanding and the difference",
        responses: { 200: controlBookAnswerSchema },
        errors: [404],
      }),
      async (c) => c.json({ success: true, data: await controlBook(deps, pathId(c, 'classId', 'Share class')) }),
    )
    .post(
      '/ledger/reconcile',
      documented({
        tag: 'Ledger',
        auth: 'admin',
        summary:
          'Reconcile every class (or one) now: the master file and the journal against the control book; a difference is recorded with its age (ADMIN and up)',
        body: reconcileInputSchema,
        responses: { 200: reconciliationAnswerSchema },
      }),
      requireRole('ADMIN'),
      async (c) => {
        const { classId } = await parseJson(c, reconcileInputSchema);
        return c.json({ success: true, data: await reconcileNow(deps, actor(c), classId, c.get('meta')) });
      },
    )
    .get(
      '/ledger/record-differences',
      documented({
        tag: 'Ledger',
        auth: 'admin',
        summary:
          'Record differences found by reconciliation, open ones (or all), with their age; over 30 days they are aged',
        query: recordDifferencesQuerySchema,
        responses: { 200: recordDifferenceListSchema },
      }),
      async (c) => {
        const { status } = parseQuery(c, recordDifferencesQuerySchema);
        return c.json({ success: true, data: await listRecordDifferences(deps, status) });
      },
    )
    .get(
      '/certificates',
      documented({
        tag: 'Ledger',
        auth: 'admin',
        summary:
          'Find certificates by number in every issuer and status, cancelled ones included, with lineage and stop orders',
        query: certificateSearchQuerySchema,
        responses: { 200: certificateSearchAnswerSchema },
      }),
      async (c) => {
        const { number } = parseQuery(c, certificateSearchQuerySchema);
        return c.json({ success: true, data: await findCertificates(deps, number) });
      },
    )
    .post(
      '/certificates/:id/stop',
      documented({
        tag: 'Ledger',
        auth: 'admin',
        summary: 'Place a stop order on a certificate: no posting can consume it until it is released (ADMIN and up)',
        body: stopOrderInputSchema,
        responses: { 200: certificateAnswerSchema },
        errors: [404, 409],
      }),
      requireRole('ADMIN'),
      async (c) => {
        const id = pathId(c, 'id', 'Certificate');
        const input = await parseJson(c, stopOrderInputSchema);
        return c.json({ success: true, data: await stopCertificate(deps, actor(c), id, input, c.get('meta')) });
      },
    )
    .post(
      '/certificates/:id/release',
      documented({
        tag: 'Ledger',
        auth: 'admin',
        summary: "Release a certificate's stop order (ADMIN and up)",
        body: releaseInputSchema,
        responses: { 200: certificateAnswerSchema },
        errors: [404, 409],
      }),
      requireRole('ADMIN'),
      async (c) => {
        const id = pathId(c, 'id', 'Certificate');
        const input = await parseJson(c, releaseInputSchema);
        return c.json({ success: true, data: await releaseCertificate(deps, actor(c), id, input, c.get('meta')) });
      },
    );
}
