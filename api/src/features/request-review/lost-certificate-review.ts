import { eq } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { certificates, lostCertificateReports } from '@ledgerwell/db/ledger-schema';
import type { LostCertificateReview } from '@ledgerwell/shared/lost-certificates';
import { normalizeDecimal } from '@ledgerwell/shared/ledger';
import { REVIEW_MESSAGES } from '@ledgerwell/shared/request-review';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { recordActivity, type Actor } from '../activity/record-activity';
import { findRequest } from '../request-history/read-request';

/** The GET path of the affidavit's signature image, as the detail names it. */
export const affidavitSignaturePath = (requestId: string) =>
  `/api/admin/requests/${encodeURIComponent(requestId)}/affidavit-signature`;

/** A lost-certificate request's report and affidavit with the certificate as it stands; null for any other request. */
export async function lostCertificateOf(db: Db, requestId: string): Promise<LostCertificateReview | null> {
  const [row] = await db
    .select({
      report: {
        certificateId: lostCertificateReports.certificateId,
        reason: lostCertificateReports.reason,
        circumstances: lostCertificateReports.circumstances,
        replacementForm: lostCertificateReports.replacementForm,
        fullName: lostCertificateReports.fullName,
        signedAt: lostCertificateReports.signedAt,
      },
      number: certificates.number,
      status: certificates.status,
      shares: certificates.shares,
    })
    .from(lostCertificateReports)
    .innerJoin(certificates, eq(certificates.id, lostCertificateReports.certificateId))
    .where(eq(lostCertificateReports.requestId, requestId));
  if (!row) return null;
  const [replacement] = await db
    .select({ number: certificates.number })
    .from(certificates)
    .where(eq(certificates.sourceCertificateId, row.report.certificateId));
  const { reason } = row.report;
  if (reason === 'ADVERSE_CLAIM') throw new Error('A lost-certificate report never carries ADVERSE_CLAIM');
  return {
    certificateId: row.report.certificateId,
    certificateNumber: row.number,
    certificateStatus: row.status,
    shares: normalizeDecimal(row.shares),
    reason,
    circumstances: row.report.circumstances,
    replacementForm: row.report.replacementForm,
    fullName: row.report.fullName,
    signedAt: row.report.signedAt.toISOString(),
    signatureUrl: affidavitSignaturePath(requestId),
    replacementCertificateNumber: replacement?.number ?? null,
  };
}

/** GET /requests/:id/affidavit-signature: the PNG as the server re-encoded it; each view is on the activity log. */
export async function readAffidavitSignature(
  deps: AppDeps,
  requestId: string,
  context: { actor: Actor; meta: RequestMeta },
) {
  const request = await findRequest(deps.db, requestId, { forUpdate: false });
  if (!request) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.notFound);
  const [row] = await deps.db
    .select({ png: lostCertificateReports.signaturePng })
    .from(lostCertificateReports)
    .where(eq(lostCertificateReports.requestId, request.id));
  if (!row) throw new AppError('NOT_FOUND', 'Signature not found');
  await recordActivity(deps.db, {
    actor: context.actor,
    action: 'DOCUMENT_VIEWED',
    resourceType: 'REQUEST',
    resourceId: request.id,
    details: { referenceNumber: request.referenceNumber, documentType: 'affidavit-signature' },
    meta: context.meta,
  });
  return row.png;
}
