import type { z } from 'zod';
import {
  certificateAnswerSchema,
  certificatePageSchema,
  certificateSearchAnswerSchema,
  type CertificateView,
  type StopOrderInput,
  type releaseInputSchema,
} from '@ledgerwell/shared/certificates';
import {
  controlBookAnswerSchema,
  holderListSchema,
  issuerListSchema,
  issuerCreatedSchema,
  positionAnswerSchema,
  shareClassCreatedSchema,
  transactionListSchema,
  transactionPostedSchema,
  type authorizedAdjustmentInputSchema,
  type issuerInputSchema,
  type reissuanceInputSchema,
  type shareClassInputSchema,
  type ControlBookView,
  type IssuerView,
  type PositionView,
  type ShareClassView,
  type TransactionType,
  type TransactionView,
} from '@ledgerwell/shared/ledger';
import { postingQueueSchema, type PostingView } from '@ledgerwell/shared/ledger-postings';
import {
  reconciliationAnswerSchema,
  recordDifferenceListSchema,
  type ReconciliationRunView,
  type RecordDifferenceView,
} from '@ledgerwell/shared/reconciliation';
import { apiPaths } from '../../../config/paths';
import { apiBlob, apiRequest } from '../../../lib/api-client';
import { pageOf, type ListPage } from '../../../lib/list-page';

export type {
  CertificateView,
  ControlBookView,
  IssuerView,
  PositionView,
  PostingView,
  RecordDifferenceView,
  ShareClassView,
  StopOrderInput,
  TransactionType,
  TransactionView,
};
export type ReleaseInput = z.input<typeof releaseInputSchema>;

/** Every issuer with its share classes and their shares outstanding. */
export async function fetchIssuers(signal?: AbortSignal): Promise<IssuerView[]> {
  const body = await apiRequest(apiPaths.admin.issuers, {
    auth: 'admin',
    schema: issuerListSchema,
    signal,
    failureMessage: 'Failed to load the issuers',
  });
  return body.data;
}

/** A class's control book against its master file. */
export async function fetchControlBook(classId: string, signal?: AbortSignal): Promise<ControlBookView> {
  const body = await apiRequest(apiPaths.admin.controlBook(classId), {
    auth: 'admin',
    schema: controlBookAnswerSchema,
    signal,
    failureMessage: 'Failed to check the control book',
  });
  return body.data;
}

/** Every certificate with this number, in any issuer and any status (cancelled ones included). */
export async function searchCertificates(number: string, signal?: AbortSignal): Promise<CertificateView[]> {
  const body = await apiRequest(apiPaths.admin.certificates, {
    auth: 'admin',
    query: { number },
    schema: certificateSearchAnswerSchema,
    signal,
    failureMessage: 'Failed to search the certificate register',
  });
  return body.data;
}

export async function placeStopOrder(id: string, input: StopOrderInput): Promise<CertificateView> {
  const body = await apiRequest(apiPaths.admin.certificateStop(id), {
    method: 'POST',
    auth: 'admin',
    body: input,
    schema: certificateAnswerSchema,
    failureMessage: 'Failed to place the stop order',
  });
  return body.data;
}

export async function releaseStopOrder(id: string, input: ReleaseInput): Promise<CertificateView> {
  const body = await apiRequest(apiPaths.admin.certificateRelease(id), {
    method: 'POST',
    auth: 'admin',
    body: input,
    schema: certificateAnswerSchema,
    failureMessage: 'Failed to release the stop order',
  });
  return body.data;
}

export type ReissuanceInput = z.input<typeof reissuanceInputSchema>;

/**
 * Replaces a stopped (lost, stolen or destroyed) certificate: a REISSUANCE dated the issuer's today. Answers the
 * certificate as it now stands (cancelled, with its replacement in its lineage).
 */
export async function reissueCertificate(
  certificate: CertificateView,
  input: ReissuanceInput,
): Promise<CertificateView> {
  await apiRequest(apiPaths.admin.ledgerReissuances, {
    method: 'POST',
    auth: 'admin',
    body: input,
    schema: transactionPostedSchema,
    failureMessage: 'Failed to issue the replacement',
  });
  const found = await searchCertificates(certificate.number);
  return found.find((candidate) => candidate.id === certificate.id) ?? certificate;
}

/** The dual-control queue: postings waiting for a second person to confirm them. */
export async function fetchLedgerPostings(signal?: AbortSignal): Promise<PostingView[]> {
  const body = await apiRequest(apiPaths.admin.ledgerPostings, {
    auth: 'admin',
    schema: postingQueueSchema,
    signal,
    failureMessage: 'Failed to load the postings awaiting confirmation',
  });
  return body.data;
}

/** The record differences reconciliation found and has not seen resolved, with their age. */
export async function fetchRecordDifferences(signal?: AbortSignal): Promise<RecordDifferenceView[]> {
  const body = await apiRequest(apiPaths.admin.recordDifferences, {
    auth: 'admin',
    schema: recordDifferenceListSchema,
    signal,
    failureMessage: 'Failed to load the record differences',
  });
  return body.data;
}

/** Reconciles every class now (ADMIN and up). */
export async function reconcileNow(): Promise<ReconciliationRunView> {
  const body = await apiRequest(apiPaths.admin.ledgerReconcile, {
    method: 'POST',
    auth: 'admin',
    body: {},
    schema: reconciliationAnswerSchema,
    failureMessage: 'Failed to reconcile the ledger',
  });
  return body.data;
}

export type HolderList = z.infer<typeof holderListSchema>;

/** The record-date list of a class: the holders at the end of `asOf` (the issuer's today when absent), paged. */
export async function fetchClassHolders(
  classId: string,
  query: { asOf?: string; page: number },
  signal?: AbortSignal,
): Promise<HolderList> {
  return apiRequest(apiPaths.admin.classHolders(classId), {
    auth: 'admin',
    query: { ...(query.asOf ? { asOf: query.asOf } : {}), page: query.page, limit: 50 },
    schema: holderListSchema,
    signal,
    failureMessage: 'Failed to load the holders',
  });
}

/** The whole record-date list as CSV, through the bearer fetch (a plain link would carry no token). */
export function exportClassHolders(classId: string, asOf: string): Promise<Blob> {
  return apiBlob(apiPaths.admin.classHoldersExport(classId), {
    auth: 'admin',
    query: { asOf },
    failureMessage: 'Failed to export the holders',
  });
}

/** A page of a ledger list in the shape the admin lists page by (PagedResults). */
export type LedgerPage<T> = ListPage<T>;

export interface JournalFilters {
  issuerId?: string;
  classId?: string;
  type?: TransactionType;
  from?: string;
  to?: string;
  accountNumber?: string;
}

/** The journal: postings newest first, narrowed by the filters that are set. */
export async function fetchJournal(
  filters: JournalFilters,
  page: number,
  signal?: AbortSignal,
): Promise<LedgerPage<TransactionView>> {
  const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => value));
  const body = await apiRequest(apiPaths.admin.ledgerTransactions, {
    auth: 'admin',
    query: { ...query, page, limit: 25 },
    schema: transactionListSchema,
    signal,
    failureMessage: 'Failed to load the journal',
  });
  return pageOf(body);
}

/** An account's position at the end of `asOf` (the issuer's today when empty), with its registration. */
export async function fetchAccountPosition(
  accountId: string,
  asOf: string,
  signal?: AbortSignal,
): Promise<PositionView> {
  const body = await apiRequest(apiPaths.admin.accountPosition(accountId), {
    auth: 'admin',
    query: asOf ? { asOf } : {},
    schema: positionAnswerSchema,
    signal,
    failureMessage: 'Failed to load the account',
  });
  return body.data;
}

/** An account's transactions, newest first, each with the balance after it. */
export async function fetchAccountTransactions(
  accountId: string,
  page: number,
  signal?: AbortSignal,
): Promise<LedgerPage<TransactionView>> {
  const body = await apiRequest(apiPaths.admin.accountTransactions(accountId), {
    auth: 'admin',
    query: { page, limit: 25 },
    schema: transactionListSchema,
    signal,
    failureMessage: "Failed to load the account's transactions",
  });
  return pageOf(body);
}

/** Every certificate registered to the account, in any status. */
export async function fetchAccountCertificates(
  accountId: string,
  page: number,
  signal?: AbortSignal,
): Promise<LedgerPage<CertificateView>> {
  const body = await apiRequest(apiPaths.admin.accountCertificates(accountId), {
    auth: 'admin',
    query: { page, limit: 25 },
    schema: certificatePageSchema,
    signal,
    failureMessage: "Failed to load the account's certificates",
  });
  return pageOf(body);
}

export type IssuerInput = z.input<typeof issuerInputSchema>;
export type ShareClassInput = z.input<typeof shareClassInputSchema>;
export type AuthorizedAdjustmentInput = z.input<typeof authorizedAdjustmentInputSchema>;

/** Adds an issuer to the ledger (ADMIN and up, step-up). */
export async function createIssuer(input: IssuerInput): Promise<void> {
  await apiRequest(apiPaths.admin.issuers, {
    method: 'POST',
    auth: 'admin',
    body: input,
    schema: issuerCreatedSchema,
    failureMessage: 'Failed to add the issuer',
  });
}

/** Adds a share class to an issuer, with its authorized shares (ADMIN and up, step-up). */
export async function createShareClass(issuerId: string, input: ShareClassInput): Promise<void> {
  await apiRequest(apiPaths.admin.issuerClasses(issuerId), {
    method: 'POST',
    auth: 'admin',
    body: input,
    schema: shareClassCreatedSchema,
    failureMessage: 'Failed to add the share class',
  });
}

/** Records a class's new authorized shares on the issuer's written authorization (ADMIN and up, step-up). */
export async function adjustAuthorizedShares(input: AuthorizedAdjustmentInput): Promise<void> {
  await apiRequest(apiPaths.admin.authorizedAdjustments, {
    method: 'POST',
    auth: 'admin',
    body: input,
    schema: transactionPostedSchema,
    failureMessage: 'Failed to record the authorized shares',
  });
}
