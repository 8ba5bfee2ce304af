import { identityCheckOf, type RequestDetail, type IdentityCheck } from '@ledgerwell/shared/request-review';
import { DOCUMENT_TYPES } from '@ledgerwell/shared/verification';

/**
 * The identity check as the request list counts it (identityCheckOf), from the current (not
 * superseded) documents the details answer's `verificationDocuments` holds: each kind counts once.
 */
export function verificationState(documents: readonly { type: string; status: string }[]): IdentityCheck {
  const held = DOCUMENT_TYPES.filter((type) => documents.some((document) => document.type === type));
  const approved = DOCUMENT_TYPES.filter((type) =>
    documents.some((document) => document.type === type && document.status === 'APPROVED'),
  );
  return identityCheckOf(held.length, approved.length);
}

export const VERIFICATION_STATUS_LABELS: Record<IdentityCheck, string> = {
  PENDING: 'Pending',
  SUBMITTED: 'Submitted, awaiting review',
  VERIFIED: 'Completed',
};

type VerificationFacts = Pick<RequestDetail, 'type' | 'status' | 'hasVerificationCode' | 'verificationDocuments'>;

/** The Overview's "Verification status": shown only when a verification code exists (spec 2). */
export function overviewVerificationStatus(
  request: Pick<VerificationFacts, 'hasVerificationCode' | 'verificationDocuments'>,
): string | null {
  return request.hasVerificationCode
    ? VERIFICATION_STATUS_LABELS[verificationState(request.verificationDocuments)]
    : null;
}

export const VERIFICATION_NOTICES = {
  incomplete: 'ID verification is not complete. Consider waiting for verification before approving.',
  complete: 'ID verification complete. All required documents have been submitted.',
} as const;

/** The statuses that say the holder's three photos are in (VERIFICATION_SUBMITTED and later in the identity check). */
const PHOTOS_IN_STATUSES: readonly string[] = ['VERIFICATION_SUBMITTED', 'VERIFIED'];

/**
 * The Actions panel's transfer warning (spec 4): none without a verification code; complete once all
 * three current photos are in (submitted, whether reviewed yet or not: "all required documents have
 * been submitted", as its words say), or the status says so; otherwise incomplete.
 */
export function transferVerificationNotice(request: VerificationFacts): keyof typeof VERIFICATION_NOTICES | null {
  if (request.type !== 'TRANSFER' || !request.hasVerificationCode) return null;
  return PHOTOS_IN_STATUSES.includes(request.status) || verificationState(request.verificationDocuments) !== 'PENDING'
    ? 'complete'
    : 'incomplete';
}
