import { createHmac, randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { certificates, lostCertificateReports } from '@ledgerwell/db/ledger-schema';
import { shareholderAccounts, shareholderRequests, shareholders } from '@ledgerwell/db/schema';
import {
  LOST_CERTIFICATE_MESSAGES as M,
  LOST_CERTIFICATE_NEXT_STEPS,
  LOST_CERTIFICATE_REASON_LABELS,
  REPLACEMENT_FORM_LABELS,
  type LostCertificateAnswer,
  type LostCertificateReport,
} from '@ledgerwell/shared/lost-certificates';
import { formatReferenceNumber } from '@ledgerwell/shared/portal-requests';
import { QUESTIONS_LINE } from '@ledgerwell/shared/contact-facts';
import { normalizeDecimal } from '@ledgerwell/shared/ledger';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { claimIdempotencyKey, recordIdempotentAnswer } from '../../lib/idempotency';
import { checkSignaturePng } from '../../lib/signature-image';
import { recordActivity } from '../activity/record-activity';
import { queueEmail } from '../email/queue-email';
import { placeStopOrderIn } from '../ledger/stop-orders';
import type { PortalSession } from '../portal-auth/portal-sessions';
import { recordHistory } from '../request-history/record-history';

/** The holder's certificate with this number, locked; null when no account of theirs holds one. */
async function holdersCertificate(tx: Db, shareholderId: string, number: string) {
  const [row] = await tx
    .select({
      id: certificates.id,
      number: certificates.number,
      status: certificates.status,
      shares: certificates.shares,
      accountId: certificates.accountId,
      accountNumber: shareholderAccounts.accountNumber,
    })
    .from(certificates)
    .innerJoin(shareholderAccounts, eq(shareholderAccounts.id, certificates.accountId))
    .where(and(eq(shareholderAccounts.shareholderId, shareholderId), eq(certificates.number, number)))
    // The same number in two issuers held by one holder: the one still outstanding is the one that can be lost.
    .orderBy(sql`${certificates.status} = 'OUTSTANDING' desc`, asc(certificates.issueDate))
    .limit(1)
    .for('update', { of: certificates });
  return row ?? null;
}

/** A retry's body compared by MAC, not kept: the signature and the circumstances stay with the request only. */
const fingerprint = (deps: AppDeps, input: LostCertificateReport) =>
  createHmac('sha256', deps.cipher.deriveKey('idempotency-body')).update(JSON.stringify(input)).digest('base64url');

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When the affidavit was signed: a date must be today somewhere on Earth (UTC-12 to UTC+14 of the server's day), and
 * is kept as the time the report arrived; a moment is kept as stated, never later than now, and no older than a day.
 */
function signingTime(stated: string, now: Date): Date {
  const refuse = () =>
    new AppError('VALIDATION_ERROR', M.signedAtNotToday, { 'affidavit.signedAt': M.signedAtNotToday });
  if (/^\d{4}-\d{2}-\d{2}$/.test(stated)) {
    const midnight = Date.parse(`${stated}T00:00:00Z`);
    // The holder's day runs from their midnight (UTC+14 at the earliest) to their next (UTC-12 at the latest).
    if (now.getTime() < midnight - 14 * 60 * 60 * 1000 || now.getTime() >= midnight + DAY_MS + 12 * 60 * 60 * 1000)
      throw refuse();
    return now;
  }
  const time = new Date(stated);
  if (time.getTime() < now.getTime() - DAY_MS) throw refuse();
  return time > now ? now : time;
}

/**
 * POST /lost-certificates: the holder reports one of their certificates lost, stolen or destroyed. In one
 * transaction: the stop order (the certificate is STOPPED at once), the LOST_CERTIFICATE request with its
 * affidavit, its history line, the activity row and the confirmation e-mail. Another holder's certificate and an
 * unknown number answer the same 404.
 */
export async function reportLostCertificate({
  deps,
  session,
  input,
  meta,
  idempotencyKey,
}: {
  deps: AppDeps;
  session: Pick<PortalSession, 'shareholderId'>;
  input: LostCertificateReport;
  meta: RequestMeta;
  idempotencyKey: string | null;
}): Promise<{ status: number; body: Record<string, unknown> }> {
  // Checked (and decoded) before the transaction: it is the slow part, and it touches no row.
  const signaturePng = await checkSignaturePng(input.affidavit.signature, 'affidavit.signature');
  const claim = idempotencyKey
    ? { scope: `portal-lost:${session.shareholderId}`, key: idempotencyKey, fingerprint: fingerprint(deps, input) }
    : null;

  return deps.db.transaction(async (tx) => {
    if (claim) {
      const replay = await claimIdempotencyKey(tx, deps.clock, claim);
      if (replay) return replay;
    }
    const [holder] = await tx.select().from(shareholders).where(eq(shareholders.id, session.shareholderId));
    if (!holder) throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.');
    const certificate = await holdersCertificate(tx, holder.id, input.certificateNumber);
    if (!certificate) throw new AppError('NOT_FOUND', M.notFound);
    if (certificate.status === 'STOPPED') throw new AppError('CONFLICT', M.alreadyStopped);
    if (certificate.status === 'CANCELLED') throw new AppError('CERTIFICATE_CANCELLED', M.cancelled);

    const now = deps.clock.now();
    const [{ seq }] = (await tx
      .execute(sql`select nextval('request_reference_seq')::int as seq`)
      .then((r) => (r as { rows: unknown[] }).rows)) as [{ seq: number }];
    const referenceNumber = formatReferenceNumber('LOST_CERTIFICATE', now.getUTCFullYear(), seq);

    await placeStopOrderIn(tx, {
      certificateId: certificate.id,
      reason: input.reason,
      note: `Reported ${input.reason.toLowerCase()} by the holder in the portal, request ${referenceNumber}`,
      actor: { id: null, username: null },
    });

    const requestId = randomUUID();
    const signedAt = signingTime(input.affidavit.signedAt, now);
    // What staff read on the request: the report as filed (the signature image is served on its own).
    const formData = {
      certificateNumber: certificate.number,
      shares: normalizeDecimal(certificate.shares),
      reason: input.reason,
      circumstances: input.circumstances,
      replacementForm: input.replacementForm,
      affidavitFullName: input.affidavit.fullName,
      affidavitSignedAt: signedAt.toISOString(),
      nextSteps: [...LOST_CERTIFICATE_NEXT_STEPS],
    };
    await tx.insert(shareholderRequests).values({
      id: requestId,
      referenceNumber,
      requestType: 'LOST_CERTIFICATE',
      status: 'PENDING',
      shareholderId: holder.id,
      shareholderName: holder.name,
      shareholderCode: holder.code.toUpperCase(),
      accountId: certificate.accountId,
      formData,
      ipAddress: meta.ip,
      userAgent: meta.userAgent,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(lostCertificateReports).values({
      requestId,
      certificateId: certificate.id,
      reason: input.reason,
      circumstances: input.circumstances,
      replacementForm: input.replacementForm,
      fullName: input.affidavit.fullName,
      signaturePng,
      signedAt,
      createdAt: now,
    });
    await recordHistory(tx, now, {
      requestId,
      actorType: 'SHAREHOLDER',
      action: 'SUBMITTED',
      toStatus: 'PENDING',
      details: { referenceNumber, ip: meta.ip, certificateNumber: certificate.number, stopOrderPlaced: true },
    });
    await recordActivity(tx, {
      actor: { id: null, username: `shareholder ${holder.code.toUpperCase()}` },
      action: 'LOST_CERTIFICATE_REPORTED',
      resourceType: 'REQUEST',
      resourceId: requestId,
      details: {
        referenceNumber,
        certificateId: certificate.id,
        certificateNumber: certificate.number,
        reason: input.reason,
        replacementForm: input.replacementForm,
        shareholderId: holder.id,
      },
      meta,
    });
    await queueEmail(deps, tx, {
      to: holder.email,
      subject: `We received your report of certificate ${certificate.number} (${referenceNumber})`,
      kind: 'REQUEST_CONFIRMATION',
      relatedId: requestId,
      lines: [
        `Dear ${holder.name},`,
        '',
        `We received your report that certificate ${certificate.number} was ${LOST_CERTIFICATE_REASON_LABELS[input.reason].toLowerCase()}. Your reference number is ${referenceNumber}.`,
        `You asked for the replacement as: ${REPLACEMENT_FORM_LABELS[input.replacementForm].toLowerCase()}.`,
        '',
        'What happens next:',
        ...LOST_CERTIFICATE_NEXT_STEPS.map((step) => `- ${step}`),
        '',
        QUESTIONS_LINE,
      ],
    });

    const body: LostCertificateAnswer = {
      success: true,
      message: 'Certificate reported and stopped',
      referenceNumber,
      data: {
        id: requestId,
        certificateNumber: certificate.number,
        status: 'STOPPED',
        nextSteps: [...LOST_CERTIFICATE_NEXT_STEPS],
      },
    };
    if (claim) await recordIdempotentAnswer(tx, claim, 201, body);
    return { status: 201, body };
  });
}
