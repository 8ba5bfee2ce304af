import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InferSelectModel } from 'drizzle-orm';
import { issuerApplicationReviews, issuerApplicationSignatures, issuerApplications } from '@ledgerwell/db/schema';
import {
  ONBOARDING_MESSAGES as M,
  maskEinLast4,
  normalizeEin,
  type OnboardingSubmission,
  type OnboardingSubmitResponse,
} from '@ledgerwell/shared/issuer-onboarding';
import { guardAttempt, type Attempt } from '../../lib/attempt-guard';
import { throttleAddress } from '../../lib/client-address';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { fieldContext } from '../../lib/field-encryption';
import { queueApplicationReceived, queueStaffNotice } from './emails';
import { checkSignaturePng } from '../../lib/signature-image';

/** New applications from one address: a company applies once; ten an hour leaves room for a shared office. */
export const SUBMIT_MAX_PER_IP = 10;
export const SUBMIT_WINDOW_MS = 60 * 60 * 1000;
/** Who the first review entry names. */
export const APPLICANT = 'Applicant';
const FINGERPRINT_PURPOSE = 'issuer-onboarding-fingerprint';

type ApplicationRow = InferSelectModel<typeof issuerApplications>;

/**
 * An HMAC of the parsed (trimmed, canonical) body under a key derived from the encryption key: two
 * sends of one application compare equal, and a database dump alone cannot test guesses of an EIN
 * against it.
 */
export function submissionFingerprint(deps: Pick<AppDeps, 'cipher'>, submission: OnboardingSubmission): string {
  return createHmac('sha256', deps.cipher.deriveKey(FINGERPRINT_PURPOSE))
    .update(JSON.stringify(submission))
    .digest('base64url');
}

/** The answer to the first send, rebuilt from the row: every resend gets exactly it. */
const answerFor = (row: Pick<ApplicationRow, 'id' | 'onboardingId'>): OnboardingSubmitResponse => ({
  success: true,
  message: M.submitted,
  applicationId: row.onboardingId,
  id: row.id,
  status: 'SUBMITTED',
});

function sameFingerprint(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The stored application under this id answers a resend with the first answer; another body with it is a 409. */
function replay(
  row: Pick<ApplicationRow, 'id' | 'onboardingId' | 'requestFingerprint'>,
  fingerprint: string,
): OnboardingSubmitResponse {
  if (!sameFingerprint(row.requestFingerprint, fingerprint)) throw new AppError('CONFLICT', M.conflict);
  return answerFor(row);
}

async function findByOnboardingId(deps: AppDeps, onboardingId: string) {
  const [row] = await deps.db
    .select({
      id: issuerApplications.id,
      onboardingId: issuerApplications.onboardingId,
      requestFingerprint: issuerApplications.requestFingerprint,
    })
    .from(issuerApplications)
    .where(eq(issuerApplications.onboardingId, onboardingId));
  return row;
}

/** A time the browser stated, never later than now (a queued application is sent after it was made). */
const notAfter = (stated: string, now: Date) => {
  const time = new Date(stated);
  return Number.isNaN(time.getTime()) || time > now ? now : time;
};

/** Thrown inside the transaction when another send of the same id committed first: rolls ours back. */
class AlreadyStored extends Error {}

/**
 * Stores an application (spec 7.2) in one transaction: the application (EIN encrypted), its
 * signature, the first review entry, the confirmation e-mail and, when configured, the staff notice.
 * Idempotent on the browser's onboardingId, also when two sends race (the unique index decides).
 */
export async function submitApplication(
  deps: AppDeps,
  submission: OnboardingSubmission,
  meta: RequestMeta,
): Promise<OnboardingSubmitResponse> {
  const form = submission.final_application_data;
  const fingerprint = submissionFingerprint(deps, submission);

  // A resend (the browser's queue, a retry after a lost answer) is answered before the throttle counts anything.
  const existing = await findByOnboardingId(deps, form.onboardingId);
  if (existing) return replay(existing, fingerprint);

  const attempt: Attempt = await guardAttempt(
    deps,
    [
      {
        key: `onboarding-submit:ip:${throttleAddress(meta.ip)}`,
        limit: SUBMIT_MAX_PER_IP,
        windowMs: SUBMIT_WINDOW_MS,
        message: M.tooMany,
      },
    ],
    { pastLimit: 'refuse' },
  );
  const signaturePng = await checkSignaturePng(submission.signature_data);

  const now = deps.clock.now();
  const id = randomUUID();
  const ein = normalizeEin(form.ein);
  const einLast4 = ein.slice(-4);
  const { signatureData, ein: _ein, ...rest } = form;
  // What the admin screen shows as raw data: the EIN masked, the signature without its image.
  const applicationData: Record<string, unknown> = {
    ...rest,
    ein: maskEinLast4(einLast4),
    signatureData: signatureData ? { timestamp: signatureData.timestamp, method: signatureData.method } : null,
  };
  const summary = {
    id,
    onboardingId: form.onboardingId,
    companyName: form.company_name,
    entityType: form.entity_type,
    contactName: form.contact_name,
    contactEmail: form.contact_email,
    contactPhone: form.contact_phone,
    submittedAt: notAfter(form.submittedAt, now),
  };

  try {
    await deps.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(issuerApplications)
        .values({
          id,
          onboardingId: form.onboardingId,
          status: 'SUBMITTED',
          companyName: form.company_name,
          entityType: form.entity_type,
          contactName: form.contact_name,
          contactEmail: form.contact_email,
          contactPhone: form.contact_phone,
          legalName: form.legal_name,
          incorporationState: form.incorporation_state,
          incorporationDate: form.incorporation_date,
          einEncrypted: deps.cipher.encrypt(ein, fieldContext.issuerEin(id)),
          einLast4,
          addressLine1: form.address_line1,
          addressLine2: form.address_line2 || null,
          city: form.city,
          state: form.state,
          postalCode: form.postal_code,
          country: form.country || 'USA',
          description: form.description || null,
          shareholderCount: form.shareholder_count || null,
          submissionNotes: submission.submission_notes || form.comments || null,
          applicationData,
          requestFingerprint: fingerprint,
          sessionToken: submission.session_token,
          ipAddress: meta.ip,
          userAgent: meta.userAgent,
          submittedAt: summary.submittedAt,
          createdAt: now,
          updatedAt: now,
        })
        // Waits for a concurrent insert of the same id, then does nothing if it committed.
        .onConflictDoNothing({ target: issuerApplications.onboardingId })
        .returning({ id: issuerApplications.id });
      if (inserted.length === 0) throw new AlreadyStored();
      await tx.insert(issuerApplicationSignatures).values({
        applicationId: id,
        signatureName: form.signature_name,
        signatureTitle: form.signature_title,
        signaturePng,
        signedAt: notAfter(form.signatureDate, now),
        createdAt: now,
      });
      await tx.insert(issuerApplicationReviews).values({
        applicationId: id,
        status: 'SUBMITTED',
        notes: null,
        reviewedById: null,
        reviewedBy: APPLICANT,
        createdAt: now,
      });
      await queueApplicationReceived(deps, tx, summary);
      if (deps.config.ONBOARDING_NOTIFY_TO) await queueStaffNotice(deps, tx, deps.config.ONBOARDING_NOTIFY_TO, summary);
    });
  } catch (error) {
    if (!(error instanceof AlreadyStored)) throw error;
    // The other send won: this one is a resend after all, and does not count against the address.
    await attempt.forgive();
    const winner = await findByOnboardingId(deps, form.onboardingId);
    if (!winner) throw error;
    return replay(winner, fingerprint);
  }
  return answerFor({ id, onboardingId: form.onboardingId });
}
