import { QUESTIONS_LINE } from '@ledgerwell/shared/contact-facts';
import { and, eq, isNull } from 'drizzle-orm';
import { shareholderRequests, verificationDocuments } from '@ledgerwell/db/schema';
import { VERIFICATION_CODE_TTL_MS, type RequestStatus } from '@ledgerwell/shared/portal-requests';
import { REVIEW_MESSAGES as M } from '@ledgerwell/shared/request-review';
import { DOCUMENT_LABELS, DOCUMENT_TYPES, type DocumentType } from '@ledgerwell/shared/verification';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { recordActivity } from '../activity/record-activity';
import { queueEmail } from '../email/queue-email';
import { recordHistory } from '../request-history/record-history';
import { hashVerificationCode, newVerificationCode, verificationLink } from '../portal-requests/verification-code';
import { loadRequest } from './request-detail';
import { holderEmail, reviewChange, type ReviewContext } from './review-actions';

type Decision = { status: 'APPROVED' } | { status: 'REJECTED'; rejectionReason: string };

export interface DocumentReviewResult {
  document: { id: string; status: 'APPROVED' | 'REJECTED' };
  requestStatus: { status: RequestStatus; allDocumentsVerified: boolean };
}

/**
 * PUT /requests/:id/documents/:docId/status. Approving the last of the three makes the request
 * VERIFIED and tells the shareholder. Rejecting one asks the shareholder for a new set: every current
 * photo is superseded (kept for the record), the request returns to AWAITING_VERIFICATION, and a fresh
 * code is e-mailed with the reason.
 */
export function reviewDocument(
  deps: AppDeps,
  requestId: string,
  documentId: string,
  context: ReviewContext,
  decision: Decision,
  codeKey: Buffer,
) {
  return reviewChange<DocumentReviewResult>(deps, requestId, context, async (tx, request, now) => {
    const current = await tx
      .select()
      .from(verificationDocuments)
      .where(and(eq(verificationDocuments.requestId, requestId), isNull(verificationDocuments.supersededAt)));
    const document = current.find((d) => d.id === documentId);
    if (!document) throw new AppError('NOT_FOUND', M.documentNotFound);
    const reviewable =
      decision.status === 'APPROVED' ? ['VERIFICATION_SUBMITTED'] : ['VERIFICATION_SUBMITTED', 'VERIFIED'];
    if (!reviewable.includes(request.status)) {
      throw new AppError(
        'CONFLICT',
        `Documents cannot be ${decision.status.toLowerCase()} while the request is ${request.status}.`,
      );
    }
    const review = { reviewedBy: context.actor.id, reviewedAt: now };
    // A status the review moves is a staff change like any other (docs/request-status.md): who and when are kept.
    const processed = { processedAt: now, processedBy: context.actor.id };
    const label = DOCUMENT_LABELS[document.documentType];

    if (decision.status === 'APPROVED') {
      await tx
        .update(verificationDocuments)
        .set({ status: 'APPROVED', rejectionReason: null, ...review })
        .where(eq(verificationDocuments.id, documentId));
      const approved = new Set(
        current.filter((d) => d.id === documentId || d.status === 'APPROVED').map((d) => d.documentType),
      );
      const allDocumentsVerified = DOCUMENT_TYPES.every((type) => approved.has(type));
      if (allDocumentsVerified) {
        await tx
          .update(shareholderRequests)
          .set({ status: 'VERIFIED', ...processed })
          .where(eq(shareholderRequests.id, requestId));
        await recordHistory(tx, now, {
          requestId,
          actorType: 'SYSTEM',
          action: 'STATUS_CHANGED',
          fromStatus: request.status,
          toStatus: 'VERIFIED',
          details: { reason: 'All identity documents approved' },
        });
        const holder = await holderEmail(tx, request);
        if (holder) {
          await queueEmail(deps, tx, {
            to: holder.email,
            subject: `Identity verified for your request ${request.referenceNumber}`,
            lines: [
              `Dear ${holder.name},`,
              '',
              `We have verified the identity documents sent for your request ${request.referenceNumber}.`,
              'Your transfer will now be processed; we will write again when it is decided.',
              '',
              QUESTIONS_LINE,
            ],
            kind: 'IDENTITY_VERIFIED',
            relatedId: requestId,
          });
        }
      }
      return {
        result: {
          document: { id: documentId, status: 'APPROVED' },
          requestStatus: { status: allDocumentsVerified ? 'VERIFIED' : request.status, allDocumentsVerified },
        },
        action: 'DOCUMENT_APPROVED',
        history: { action: 'DOCUMENT_APPROVED', details: { documentType: document.documentType } },
        details: { documentType: document.documentType },
      };
    }

    await tx
      .update(verificationDocuments)
      .set({ status: 'REJECTED', rejectionReason: decision.rejectionReason, ...review })
      .where(eq(verificationDocuments.id, documentId));
    await tx
      .update(verificationDocuments)
      .set({ supersededAt: now })
      .where(and(eq(verificationDocuments.requestId, requestId), isNull(verificationDocuments.supersededAt)));
    const code = newVerificationCode();
    await tx
      .update(shareholderRequests)
      .set({
        status: 'AWAITING_VERIFICATION',
        ...processed,
        verificationCodeHash: hashVerificationCode(codeKey, code),
        verificationExpiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_MS),
        verificationSubmittedAt: null,
      })
      .where(eq(shareholderRequests.id, requestId));
    await recordHistory(tx, now, {
      requestId,
      actorType: 'SYSTEM',
      action: 'STATUS_CHANGED',
      fromStatus: request.status,
      toStatus: 'AWAITING_VERIFICATION',
      details: { reason: `${label} rejected: new photos requested` },
    });
    const holder = await holderEmail(tx, request);
    if (holder) {
      await queueEmail(deps, tx, {
        to: holder.email,
        subject: `New photos needed for your request ${request.referenceNumber}`,
        lines: [
          `Dear ${holder.name},`,
          '',
          `We could not accept the ${label.toLowerCase()} photo sent for your request ${request.referenceNumber}.`,
          `Reason: ${decision.rejectionReason}`,
          '',
          'Please take all three photos again (selfie, ID front, ID back) with this link, valid 24 hours:',
          verificationLink(deps, code),
        ],
        kind: 'DOCUMENT_REJECTED',
        relatedId: requestId,
      });
    }
    return {
      result: {
        document: { id: documentId, status: 'REJECTED' },
        requestStatus: { status: 'AWAITING_VERIFICATION', allDocumentsVerified: false },
      },
      action: 'DOCUMENT_REJECTED',
      history: {
        action: 'DOCUMENT_REJECTED',
        details: { documentType: document.documentType, reason: decision.rejectionReason },
      },
      details: { documentType: document.documentType, reason: decision.rejectionReason },
    };
  });
}

/** The current photo of one kind, for the image call; viewing an identity document is itself recorded. */
export async function readDocumentImage(
  deps: AppDeps,
  requestId: string,
  documentType: DocumentType,
  context: ReviewContext,
) {
  const request = await loadRequest(deps.db, requestId);
  const [document] = await deps.db
    .select()
    .from(verificationDocuments)
    .where(
      and(
        eq(verificationDocuments.requestId, requestId),
        eq(verificationDocuments.documentType, documentType),
        isNull(verificationDocuments.supersededAt),
      ),
    );
  const file = document ? await deps.storage.stream(document.storageKey) : null;
  if (!document || !file) throw new AppError('NOT_FOUND', 'Image not found');
  await recordActivity(deps.db, {
    actor: context.actor,
    action: 'DOCUMENT_VIEWED',
    resourceType: 'REQUEST',
    resourceId: requestId,
    details: { referenceNumber: request.referenceNumber, documentType },
    meta: context.meta,
  });
  return file;
}
