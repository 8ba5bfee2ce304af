import { and, desc, eq, inArray } from 'drizzle-orm';
import { adminActivity, adminUsers, shareholderAccounts } from '@ledgerwell/db/schema';
import { allowedStatusChanges, REVIEW_MESSAGES as M } from '@ledgerwell/shared/request-review';
import type { Db } from '@ledgerwell/db/client';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { holdingOf } from '../ledger/holdings';
import { findRequest, historyOf, identityDocumentsOf, type RequestRow } from '../request-history/read-request';
import { lostCertificateOf } from './lost-certificate-review';

export type { RequestRow };

/** The request, locked for the rest of the transaction when `forUpdate`; a 404 for an unknown or malformed id. */
export async function loadRequest(db: Db, id: string, forUpdate = false): Promise<RequestRow> {
  const row = await findRequest(db, id, { forUpdate });
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  return row;
}

async function usernames(deps: AppDeps, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await deps.db
    .select({ id: adminUsers.id, username: adminUsers.username })
    .from(adminUsers)
    .where(inArray(adminUsers.id, wanted));
  return new Map(rows.map((row) => [row.id, row.username]));
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * Everything the request details page reads (admin-request-review spec 2-3). Tax IDs appear only as
 * their last four digits (formData's `*_last4`); the verification code itself is never stored, so the
 * page learns only that one exists and when it expires.
 */
export async function requestDetail(deps: AppDeps, id: string, adminId: string) {
  const request = await loadRequest(deps.db, id);
  const [registered] = await deps.db
    .select({
      accountNumber: shareholderAccounts.accountNumber,
      registrationName: shareholderAccounts.registrationName,
      issuer: shareholderAccounts.issuer,
      shareClass: shareholderAccounts.shareClass,
    })
    .from(shareholderAccounts)
    .where(eq(shareholderAccounts.id, request.accountId));
  const account = registered && {
    ...registered,
    sharesHeld: (await holdingOf(deps.db, request.accountId)).sharesHeld,
  };
  const documents = await identityDocumentsOf(deps.db, id);
  const history = await historyOf(deps.db, id);
  const lostCertificate = request.requestType === 'LOST_CERTIFICATE' ? await lostCertificateOf(deps.db, id) : null;
  const activities = await deps.db
    .select()
    .from(adminActivity)
    .where(and(eq(adminActivity.resourceType, 'REQUEST'), eq(adminActivity.resourceId, id)))
    .orderBy(desc(adminActivity.id))
    .limit(100);
  const names = await usernames(deps, [
    request.processedBy,
    request.flaggedBy,
    request.assignedTo,
    ...documents.map((d) => d.reviewedBy),
    ...history.map((h) => h.adminId),
  ]);
  const name = (adminUserId: string | null) => (adminUserId ? (names.get(adminUserId) ?? null) : null);

  const toDocument = (d: (typeof documents)[number]) => ({
    id: d.id,
    type: d.documentType,
    status: d.status,
    rejectionReason: d.rejectionReason,
    createdAt: d.uploadedAt.toISOString(),
    verifiedAt: iso(d.reviewedAt),
    verifiedBy: name(d.reviewedBy),
    width: d.width,
    height: d.height,
    supersededAt: iso(d.supersededAt),
  });
  const current = documents.filter((d) => !d.supersededAt);
  const imageStates = request.imageStates;

  return {
    id: request.id,
    referenceNumber: request.referenceNumber,
    type: request.requestType,
    requestType: request.requestType,
    status: request.status,
    allowedStatusChanges: allowedStatusChanges(request.requestType, request.status),
    shareholderName: request.shareholderName,
    shareholderCode: request.shareholderCode,
    accountNumber: account?.accountNumber ?? null,
    account: account ?? null,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
    hasVerificationCode: request.verificationCodeHash !== null,
    verificationExpiresAt: iso(request.verificationExpiresAt),
    verificationSubmittedAt: iso(request.verificationSubmittedAt),
    verificationCompleted: current.length === 3,
    processedAt: iso(request.processedAt),
    processedBy: name(request.processedBy),
    formData: request.formData,
    transferType: request.transferType,
    sharesCount: request.sharesCount,
    transferAllShares: request.transferAllShares,
    pricePerShare: request.pricePerShare === null ? null : Number(request.pricePerShare),
    totalAmount: request.totalAmount === null ? null : Number(request.totalAmount),
    isFlagged: request.isFlagged,
    flagPriority: request.flagPriority,
    flagReason: request.flagReason,
    flaggedBy: name(request.flaggedBy),
    flaggedAt: iso(request.flaggedAt),
    assignedTo: name(request.assignedTo),
    assignedToMe: request.assignedTo === adminId,
    adminNotes: request.adminNotes,
    history: history.map((h) => ({
      id: h.id,
      action: h.action,
      description: describe(h.action, h.fromStatus, h.toStatus, h.details),
      user: h.actorType === 'ADMIN' ? name(h.adminId) : h.actorType === 'SHAREHOLDER' ? 'Shareholder' : 'System',
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      createdAt: h.createdAt.toISOString(),
    })),
    verificationDocuments: current.map(toDocument),
    previousDocuments: documents.filter((d) => d.supersededAt).map(toDocument),
    image_rotations: Object.fromEntries(Object.entries(imageStates).map(([type, state]) => [type, state.rotation])),
    image_zoom_states: Object.fromEntries(Object.entries(imageStates).map(([type, state]) => [type, state.zoomState])),
    adminActivities: activities.map((a) => ({
      id: a.id,
      adminUsername: a.adminUsername,
      actionType: a.actionType,
      details: a.details,
      createdAt: a.createdAt.toISOString(),
    })),
    ipAddress: request.ipAddress,
    userAgent: request.userAgent,
    lostCertificate,
  };
}

const LABEL: Record<string, string> = {
  SUBMITTED: 'Request submitted by the shareholder',
  DOCUMENT_UPLOADED: 'Identity document uploaded',
  DOCUMENT_REPLACED: 'Identity document replaced',
  NOTE_ADDED: 'Note added',
  FLAGGED: 'Request flagged',
  UNFLAGGED: 'Flag removed',
  DOCUMENT_APPROVED: 'Identity document approved',
  DOCUMENT_REJECTED: 'Identity document rejected',
};

function describe(
  action: string,
  from: string | null,
  to: string | null,
  details: Record<string, unknown> | null,
): string {
  if (action === 'STATUS_CHANGED')
    return `Status changed from ${from ?? '?'} to ${to ?? '?'}${details?.notes ? `: ${String(details.notes)}` : ''}`;
  const label = LABEL[action] ?? action;
  const kind = typeof details?.documentType === 'string' ? ` (${details.documentType})` : '';
  const reason = typeof details?.reason === 'string' && action !== 'STATUS_CHANGED' ? `: ${details.reason}` : '';
  return `${label}${kind}${reason}`;
}
