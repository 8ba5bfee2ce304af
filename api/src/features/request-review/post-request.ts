import Big from 'big.js';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { ledgerPostings } from '@ledgerwell/db/ledger-schema';
import { shareholderRequests } from '@ledgerwell/db/schema';
import type { AdminRole } from '@ledgerwell/shared/admin-auth';
import { normalizeDecimal, type TransactionView } from '@ledgerwell/shared/ledger';
import {
  POSTING_MESSAGES as M,
  type PostingPreview,
  type PostingView,
  type PostRequestInput,
} from '@ledgerwell/shared/ledger-postings';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { checkEffectiveDate, issuerToday } from '../ledger/effective-date';
import { postReissuanceIn } from '../ledger/post-reissuance';
import { postTransferIn } from '../ledger/post-transfer';
import { withPostingErrors } from '../ledger/posting-errors';
import { readTransaction } from '../ledger/transaction-view';
import { nomineeAccount, openBuyerAccount } from './posting-accounts';
import { planRequestPosting, type PostingPlan } from './posting-plan';
import { loadRequest, type RequestRow } from './request-detail';
import { reviewChange, type ReviewContext } from './review-actions';

type PostingRow = typeof ledgerPostings.$inferSelect;

function postingView(row: PostingRow, request: Pick<RequestRow, 'referenceNumber'>): PostingView {
  return {
    id: row.id,
    requestId: row.requestId,
    referenceNumber: request.referenceNumber,
    classId: row.classId,
    shares: normalizeDecimal(row.shares),
    effectiveDate: row.effectiveDate,
    memo: row.memo,
    status: row.status,
    proposedBy: row.proposedByUsername,
    proposedAt: row.proposedAt.toISOString(),
    confirmedBy: null,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    transactionId: row.transactionId,
  };
}

async function waitingPosting(tx: Db, requestId: string, forUpdate = false) {
  const query = tx
    .select()
    .from(ledgerPostings)
    .where(and(eq(ledgerPostings.requestId, requestId), eq(ledgerPostings.status, 'PROPOSED')));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** Above the configured size, or proposed by a REVIEWER, a posting waits for a second person (dual control). */
const needsSecondPerson = (deps: AppDeps, role: AdminRole, shares: Big) =>
  role === 'REVIEWER' || shares.gt(deps.config.LEDGER_DUAL_CONTROL_SHARES);

/** GET /requests/:id/posting: what posting the request would write now; nothing is written. */
export async function previewPosting(deps: AppDeps, requestId: string, role: AdminRole): Promise<PostingPreview> {
  return deps.db.transaction(async (tx) => {
    const request = await loadRequest(tx, requestId);
    const plan = await planRequestPosting(tx, request);
    const waiting = await waitingPosting(tx, requestId);
    return {
      requestId,
      referenceNumber: request.referenceNumber,
      classId: plan.postingClass.id,
      issuer: plan.postingClass.issuer,
      shareClass: plan.postingClass.shareClass,
      shares: plan.shares.toFixed(),
      effectiveDate: waiting?.effectiveDate ?? issuerToday(deps, plan.postingClass),
      from: plan.from,
      to: {
        accountId: plan.to.accountId,
        accountNumber: plan.to.accountNumber,
        registrationName: plan.to.registrationName,
        kind: plan.to.kind,
        opensAccount: plan.to.opensAccount,
      },
      debit: {
        form: plan.certificates.length > 0 ? 'CERTIFICATE' : 'DRS',
        certificates: plan.certificates.map((c) => ({ number: c.number, shares: c.shares.toFixed() })),
        balanceBack: plan.balanceBack.toFixed(),
      },
      type: plan.type,
      toForm: plan.toForm,
      dualControl: needsSecondPerson(deps, role, plan.shares),
      dualControlShares: normalizeDecimal(deps.config.LEDGER_DUAL_CONTROL_SHARES),
      waiting: waiting && {
        id: waiting.id,
        proposedBy: waiting.proposedByUsername,
        proposedAt: waiting.proposedAt.toISOString(),
        effectiveDate: waiting.effectiveDate,
      },
    };
  });
}

/**
 * Writes the posting: opens the credited account when new, posts the transfer, completes the request. The holders
 * hear of it as of any posting: the ledger announces each advice by their delivery choice (advice-delivery.ts).
 */
async function executePosting(
  tx: Db,
  deps: AppDeps,
  context: ReviewContext,
  request: RequestRow,
  plan: PostingPlan,
  effectiveDate: string,
  memo: string | undefined,
): Promise<string> {
  if (plan.type === 'REISSUANCE') {
    const transactionId = await postReissuanceIn(
      tx,
      deps,
      context.actor,
      {
        certificateId: plan.reissuedCertificateId!,
        replacementForm: plan.toForm,
        effectiveDate,
        memo:
          memo ||
          `Replacement of certificate ${plan.certificates[0]?.number ?? ''}, request ${request.referenceNumber}`,
      },
      request.id,
    );
    await tx.update(shareholderRequests).set({ status: 'COMPLETED' }).where(eq(shareholderRequests.id, request.id));
    return transactionId;
  }
  // A conversion's credit is the holder's own account, which the plan names.
  const toAccountId =
    plan.to.accountId ??
    (plan.to.kind === 'NOMINEE'
      ? await nomineeAccount(tx, plan.postingClass)
      : (await openBuyerAccount(tx, deps, request, plan.postingClass, plan.to.buyer!)).id);
  const transactionId = await postTransferIn(
    tx,
    deps,
    context.actor,
    {
      classId: plan.postingClass.id,
      fromAccountId: plan.from.accountId,
      toAccountId,
      shares: plan.shares.toFixed(),
      certificateNumbers: plan.certificates.length > 0 ? plan.certificates.map((c) => c.number) : undefined,
      toForm: plan.toForm,
      effectiveDate,
      memo: memo || `${plan.type === 'CONVERSION' ? 'Certificate' : 'Transfer'} request ${request.referenceNumber}`,
    },
    request.id,
    plan.type,
  );
  await tx.update(shareholderRequests).set({ status: 'COMPLETED' }).where(eq(shareholderRequests.id, request.id));
  return transactionId;
}

export type PostOutcome =
  | { status: 'POSTED'; transaction: TransactionView }
  | { status: 'PROPOSED'; posting: PostingView };

/**
 * POST /requests/:id/post: posts an approved transfer as filed, or, under dual control, proposes it for a
 * second person. The request's row lock serializes everything done to one request.
 */
export function postRequest(
  deps: AppDeps,
  requestId: string,
  context: ReviewContext,
  role: AdminRole,
  input: PostRequestInput,
): Promise<PostOutcome> {
  return withPostingErrors(() =>
    reviewChange<PostOutcome>(deps, requestId, context, async (tx, request, now) => {
      if (await waitingPosting(tx, requestId)) throw new AppError('CONFLICT', M.alreadyWaiting);
      const plan = await planRequestPosting(tx, request);
      const effectiveDate = input.effectiveDate ?? issuerToday(deps, plan.postingClass);
      checkEffectiveDate(deps, plan.postingClass, { effectiveDate, memo: input.memo });
      if (needsSecondPerson(deps, role, plan.shares)) {
        const [row] = await tx
          .insert(ledgerPostings)
          .values({
            requestId,
            classId: plan.postingClass.id,
            shares: plan.shares.toFixed(),
            effectiveDate: input.effectiveDate ?? null,
            memo: input.memo || null,
            proposedBy: context.actor.id,
            proposedByUsername: context.actor.username ?? '',
            proposedAt: now,
          })
          .returning();
        const posting = postingView(row!, request);
        return {
          result: { status: 'PROPOSED' as const, posting },
          action: 'LEDGER_POSTING_PROPOSED',
          history: { action: 'POSTING_PROPOSED', details: { postingId: posting.id, shares: posting.shares } },
          details: { postingId: posting.id, shares: posting.shares },
        };
      }
      const transactionId = await executePosting(tx, deps, context, request, plan, effectiveDate, input.memo);
      return {
        result: { status: 'POSTED' as const, transaction: await readTransaction(tx, transactionId) },
        action: 'LEDGER_REQUEST_POSTED',
        history: { action: 'POSTED', fromStatus: 'APPROVED', toStatus: 'COMPLETED', details: { transactionId } },
        details: { transactionId, shares: plan.shares.toFixed(), effectiveDate },
      };
    }),
  );
}

/** POST /ledger/postings/:id/confirm: the second person posts a proposal; the proposer cannot. */
export async function confirmPosting(deps: AppDeps, postingId: string, context: ReviewContext) {
  const [proposal] = await deps.db.select().from(ledgerPostings).where(eq(ledgerPostings.id, postingId));
  if (!proposal) throw new AppError('NOT_FOUND', M.postingNotFound);
  return withPostingErrors(() =>
    // The request's lock first, then the proposal's: the same order as a new posting of the request.
    reviewChange(deps, proposal.requestId, context, async (tx, request, now) => {
      const waiting = await waitingPosting(tx, request.id, true);
      if (!waiting || waiting.id !== postingId) throw new AppError('CONFLICT', M.notWaiting);
      if (waiting.proposedBy === context.actor.id) throw new AppError('FORBIDDEN', M.proposerCannotConfirm);
      const plan = await planRequestPosting(tx, request, Big(waiting.shares));
      const effectiveDate = waiting.effectiveDate ?? issuerToday(deps, plan.postingClass);
      checkEffectiveDate(deps, plan.postingClass, { effectiveDate, memo: waiting.memo ?? undefined });
      const memo = waiting.memo ?? undefined;
      const transactionId = await executePosting(tx, deps, context, request, plan, effectiveDate, memo);
      await tx
        .update(ledgerPostings)
        .set({ status: 'POSTED', confirmedBy: context.actor.id, confirmedAt: now, transactionId })
        .where(eq(ledgerPostings.id, postingId));
      return {
        result: await readTransaction(tx, transactionId),
        action: 'LEDGER_POSTING_CONFIRMED',
        history: {
          action: 'POSTED',
          fromStatus: 'APPROVED',
          toStatus: 'COMPLETED',
          details: { transactionId, postingId, proposedBy: waiting.proposedByUsername },
        },
        details: { transactionId, postingId, proposedBy: waiting.proposedByUsername },
      };
    }),
  );
}

/** GET /ledger/postings: the dual-control queue, oldest first. */
export async function waitingPostings(deps: AppDeps): Promise<PostingView[]> {
  const rows = await deps.db
    .select({ posting: ledgerPostings, referenceNumber: shareholderRequests.referenceNumber })
    .from(ledgerPostings)
    .innerJoin(shareholderRequests, eq(shareholderRequests.id, ledgerPostings.requestId))
    .where(eq(ledgerPostings.status, 'PROPOSED'))
    .orderBy(asc(ledgerPostings.proposedAt))
    .limit(500);
  return rows.map((row) => postingView(row.posting, row));
}
