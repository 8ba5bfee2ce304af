import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { desc, eq, sql } from 'drizzle-orm';
import { shareholderAccounts, shareholderRequests, shareholders } from '@ledgerwell/db/schema';
import {
  formatReferenceNumber,
  REQUEST_TYPE_TITLES,
  REQUEST_MESSAGES as M,
  VERIFICATION_CODE_TTL_MS,
  parsePrice,
  type RequestType,
  type SubmitRequestInput,
} from '@ledgerwell/shared/portal-requests';
import type { Db } from '@ledgerwell/db/client';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { fieldContext } from '../../lib/field-encryption';
import type { PortalSession } from '../portal-auth/portal-sessions';
import { queueEmail } from '../email/queue-email';
import { recordHistory } from '../request-history/record-history';
import { holdingOf } from '../ledger/holdings';
import { compareDecimals, isWholeDecimal } from '@ledgerwell/shared/ledger';
import { claimIdempotencyKey, recordIdempotentAnswer } from '../../lib/idempotency';
import { requestFingerprint, TAX_ID_FIELDS, taxIdLast4Key } from './idempotency';
import { hashVerificationCode, newVerificationCode, verificationLink } from './verification-code';

export interface SubmitResult {
  status: number;
  body: Record<string, unknown>;
}

/** Tax IDs leave formData for the encrypted column; formData keeps their last four digits for display. */
function splitSensitive(deps: AppDeps, requestId: string, formData: Record<string, unknown>) {
  const visible: Record<string, unknown> = { ...formData };
  const secret: Record<string, string> = {};
  for (const field of TAX_ID_FIELDS) {
    const value = visible[field];
    if (typeof value === 'string' && value !== '') {
      secret[field] = value;
      visible[taxIdLast4Key(field)] = value.replace(/\D/g, '').slice(-4);
    }
    delete visible[field];
  }
  return {
    visible,
    encrypted: Object.keys(secret).length
      ? deps.cipher.encrypt(JSON.stringify(secret), fieldContext.requestSensitive(requestId))
      : null,
  };
}

/**
 * Files a portal request for the signed-in account: checked against its holdings, numbered,
 * stored with an e-mail to the shareholder in the outbox, in one transaction. With an
 * Idempotency-Key, a retry gets the first answer and creates nothing.
 */
export async function submitPortalRequest(
  deps: AppDeps,
  session: Pick<PortalSession, 'shareholderId' | 'accountId'>,
  input: SubmitRequestInput,
  meta: RequestMeta,
  idempotencyKey: string | null,
  codeKey: Buffer,
): Promise<SubmitResult> {
  const claim = idempotencyKey
    ? {
        scope: `portal:${session.shareholderId}`,
        key: idempotencyKey,
        fingerprint: requestFingerprint(deps.cipher, input),
      }
    : null;

  return deps.db.transaction(async (tx) => {
    if (claim) {
      const replay = await claimIdempotencyKey(tx, deps.clock, claim);
      if (replay) return replay;
    }

    const [row] = await tx
      .select({ account: shareholderAccounts, shareholder: shareholders })
      .from(shareholderAccounts)
      .innerJoin(shareholders, eq(shareholders.id, shareholderAccounts.shareholderId))
      .where(eq(shareholderAccounts.id, session.accountId ?? ''));
    if (!row) throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.');
    const { account, shareholder } = row;

    let sharesCount: number | null = null;
    let pricePerShare: number | null = null;
    let totalAmount: string | null = null;
    let transferType: string | null = null;
    const formData: Record<string, unknown> = { ...input.formData };
    if (input.requestType === 'TRANSFER') {
      const transfer = input.formData;
      transferType = transfer.transfer_type;
      // The holding is the ledger's; the posting checks it again, under lock, when staff post the transfer.
      const held = (await holdingOf(tx, account.id)).sharesHeld;
      if (transfer.transfer_all_shares && !isWholeDecimal(held)) {
        throw new AppError('VALIDATION_ERROR', M.fractionalHoldingAll, {
          'formData.transfer_all_shares': M.fractionalHoldingAll,
        });
      }
      // The request keeps its count as a JavaScript number: past 2^53 it would silently change the figure.
      if (transfer.transfer_all_shares && compareDecimals(held, String(Number.MAX_SAFE_INTEGER)) > 0) {
        throw new AppError('VALIDATION_ERROR', M.holdingTooLargeForAll, {
          'formData.transfer_all_shares': M.holdingTooLargeForAll,
        });
      }
      sharesCount = transfer.transfer_all_shares ? Number(held) : (transfer.transfer_shares_count ?? null);
      if (!transfer.transfer_all_shares && sharesCount !== null && compareDecimals(String(sharesCount), held) > 0) {
        throw new AppError('VALIDATION_ERROR', M.sharesAboveHoldings, {
          'formData.transfer_shares_count': M.sharesAboveHoldings,
        });
      }
      if (transfer.transfer_all_shares) formData.transfer_shares_count = null;
      if (transfer.transfer_type === 'sale') {
        pricePerShare = parsePrice(transfer.pricePerShare);
        // Exact: the price has at most 4 decimals; the product is rounded once, to the cent, at the end.
        totalAmount =
          pricePerShare !== null && sharesCount !== null
            ? Big(String(pricePerShare)).times(sharesCount).round(2, Big.roundHalfUp).toFixed(2)
            : null;
        // formData has always carried numbers for display; the column keeps the exact amount.
        Object.assign(formData, {
          pricePerShare,
          numberOfShares: sharesCount,
          totalAmount: totalAmount === null ? null : Number(totalAmount),
        });
      }
    }

    const [{ seq }] = (await tx
      .execute(sql`select nextval('request_reference_seq')::int as seq`)
      .then((r) => (r as { rows: unknown[] }).rows)) as [{ seq: number }];
    const year = deps.clock.now().getUTCFullYear();
    const referenceNumber = formatReferenceNumber(input.requestType, year, seq);
    const isTransfer = input.requestType === 'TRANSFER';
    const verificationCode = isTransfer ? newVerificationCode() : null;
    // The id is chosen here: the tax IDs' ciphertext is bound to it.
    const requestId = randomUUID();
    const { visible, encrypted } = splitSensitive(deps, requestId, formData);

    const [request] = await tx
      .insert(shareholderRequests)
      .values({
        id: requestId,
        referenceNumber,
        requestType: input.requestType,
        status: isTransfer ? 'AWAITING_VERIFICATION' : 'PENDING',
        shareholderId: shareholder.id,
        shareholderName: shareholder.name,
        shareholderCode: shareholder.code.toUpperCase(),
        accountId: account.id,
        formData: visible,
        sensitiveEncrypted: encrypted,
        transferType,
        sharesCount,
        transferAllShares: isTransfer && input.formData.transfer_all_shares,
        pricePerShare: pricePerShare === null ? null : String(pricePerShare),
        totalAmount,
        verificationCodeHash: verificationCode ? hashVerificationCode(codeKey, verificationCode) : null,
        verificationExpiresAt: verificationCode
          ? new Date(deps.clock.now().getTime() + VERIFICATION_CODE_TTL_MS)
          : null,
        ipAddress: meta.ip,
        userAgent: meta.userAgent,
        createdAt: deps.clock.now(),
        updatedAt: deps.clock.now(),
      })
      .returning({ id: shareholderRequests.id });

    await recordHistory(tx, deps.clock.now(), {
      requestId: request!.id,
      actorType: 'SHAREHOLDER',
      action: 'SUBMITTED',
      toStatus: isTransfer ? 'AWAITING_VERIFICATION' : 'PENDING',
      details: { referenceNumber, ip: meta.ip },
    });
    await queueConfirmation(deps, tx, {
      to: shareholder.email,
      name: shareholder.name,
      referenceNumber,
      type: input.requestType,
      requestId: request!.id,
      verificationCode,
    });

    const body: Record<string, unknown> = {
      success: true,
      message: 'Request submitted successfully',
      referenceNumber,
      data: {
        id: request!.id,
        referenceNumber,
        status: isTransfer ? 'AWAITING_VERIFICATION' : 'PENDING',
        ...(verificationCode ? { verificationCode } : {}),
      },
    };
    if (claim) {
      // The replay must not hand the verification code out again: it is shown once.
      const replay = {
        ...body,
        data: {
          ...(body.data as object),
          verificationCode: undefined,
          verificationCodeSent: Boolean(verificationCode),
        },
      };
      await recordIdempotentAnswer(tx, claim, 201, JSON.parse(JSON.stringify(replay)) as Record<string, unknown>);
    }
    return { status: 201, body };
  });
}

async function queueConfirmation(
  deps: AppDeps,
  tx: Db,
  email: {
    to: string;
    name: string;
    referenceNumber: string;
    type: RequestType;
    requestId: string;
    verificationCode: string | null;
  },
) {
  const lines = [
    `Dear ${email.name},`,
    '',
    `We received your ${REQUEST_TYPE_TITLES[email.type]}. Your reference number is ${email.referenceNumber}.`,
    'Requests are processed in 2-3 business days, and we will e-mail you when its status changes.',
  ];
  if (email.verificationCode) {
    lines.push(
      '',
      'A transfer needs a photo identity check. Open this link on a phone with a camera within 24 hours:',
      verificationLink(deps, email.verificationCode),
    );
  }
  await queueEmail(deps, tx, {
    to: email.to,
    subject: `We received your request ${email.referenceNumber}`,
    lines,
    kind: 'REQUEST_CONFIRMATION',
    relatedId: email.requestId,
  });
}

/** The signed-in shareholder's own requests, newest first. */
export async function listOwnRequests(deps: AppDeps, session: PortalSession) {
  const rows = await deps.db
    .select({
      id: shareholderRequests.id,
      referenceNumber: shareholderRequests.referenceNumber,
      requestType: shareholderRequests.requestType,
      status: shareholderRequests.status,
      createdAt: shareholderRequests.createdAt,
    })
    .from(shareholderRequests)
    .where(eq(shareholderRequests.shareholderId, session.shareholderId))
    .orderBy(desc(shareholderRequests.createdAt))
    .limit(50);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
