import { createHash } from 'node:crypto';
import Big from 'big.js';
import type { TransactionView, TransferInput } from '@ledgerwell/shared/ledger';
import type { Db } from '@ledgerwell/db/client';
import type { AppDeps, RequestMeta } from '../../lib/context';
import type { AdviceDeps } from './advice-delivery';
import { claimIdempotencyKey, recordIdempotentAnswer } from '../../lib/idempotency';
import { recordActivity, type Actor } from '../activity/record-activity';
import { debit } from './debit';
import { checkEffectiveDate } from './effective-date';
import { insertTransaction, issueCertificate, loadAccounts, loadClass, lockPositions, writeLegs } from './journal';
import { readTransaction } from './transaction-view';
import { withPostingErrors } from './posting-errors';
import { isPlainDrsTransfer, postPlainDrsTransfer } from './post-transfer-fast';

export interface TransferPosting {
  deps: AppDeps;
  actor: Actor;
  input: TransferInput;
  meta: RequestMeta | null;
  sourceRequestId?: string | null;
  /** A retry with the same key (and body) answers the first posting again instead of posting twice. */
  idempotencyKey?: string | null;
}

/** What a key's record keeps of the body: its hash (a transfer body holds ids and figures, no personal data). */
const transferFingerprint = (input: TransferInput) =>
  createHash('sha256').update(JSON.stringify(input)).digest('base64url');

/**
 * Moves shares from one account to another in one class. From certificates: each named certificate is
 * cancelled whole; the transferred part is credited in the form asked, and any balance goes back to the
 * holder as a new certificate cut from the last one named, so every certificate's chain closes. Without
 * certificates the shares come from the DRS position.
 */
export async function postTransfer({
  deps,
  actor,
  input,
  meta,
  sourceRequestId,
  idempotencyKey,
}: TransferPosting): Promise<TransactionView> {
  if (!idempotencyKey && !sourceRequestId && isPlainDrsTransfer(input)) {
    const posted = await withPostingErrors(() => postPlainDrsTransfer(deps, actor, input, meta));
    if (posted) return posted;
  }
  const claim = idempotencyKey
    ? { scope: `ledger-transfer:${actor.id ?? 'system'}`, key: idempotencyKey, fingerprint: transferFingerprint(input) }
    : null;
  return withPostingErrors(() =>
    deps.db.transaction(async (tx) => {
      // Claimed in the posting's own transaction: a refused posting releases the key with everything else.
      const replay = claim ? await claimIdempotencyKey(tx, deps.clock, claim) : null;
      if (replay) return replay.body as unknown as TransactionView;
      const id = await postTransferIn(tx, deps, actor, input, sourceRequestId ?? null);
      await recordActivity(tx, {
        actor,
        action: 'LEDGER_TRANSFER_POSTED',
        resourceType: 'ledger',
        resourceId: id,
        details: { classId: input.classId, shares: input.shares, effectiveDate: input.effectiveDate },
        meta,
      });
      const view = await readTransaction(tx, id);
      if (claim) await recordIdempotentAnswer(tx, claim, 201, view);
      return view;
    }),
  );
}

/** What a caller replaying another system's records (an OCF import) fixes itself; a staff posting gives none. */
export interface ReplayOptions {
  /** The numbers of the certificate the shares go to and of the balance certificate; else the issuer's next. */
  resultNumber?: string | undefined;
  balanceNumber?: string | undefined;
  /** Who announces the advice (writeLegs): null for an opening cap table, which is no transaction of the holder's. */
  advise?: AdviceDeps | null;
}

export async function postTransferIn(
  tx: Db,
  deps: AppDeps,
  actor: Actor,
  input: TransferInput,
  sourceRequestId: string | null,
  type: 'TRANSFER' | 'CONVERSION' = 'TRANSFER',
  options: ReplayOptions = {},
): Promise<string> {
  const postingClass = await loadClass(tx, input.classId);
  checkEffectiveDate(deps, postingClass, input);
  const accounts = await loadAccounts(tx, input.classId, [input.fromAccountId, input.toAccountId]);
  const positions = await lockPositions(tx, [input.fromAccountId, input.toAccountId]);
  const header = { type, postingClass, effectiveDate: input.effectiveDate, actor, memo: input.memo };
  const transactionId = await insertTransaction(tx, { ...header, sourceRequestId });
  const shares = Big(input.shares);
  const toAccount = accounts.get(input.toAccountId)!;
  const { legs, lastSource } = await debit(tx, deps, transactionId, header, positions.get(input.fromAccountId)!, {
    accountId: input.fromAccountId,
    registration: accounts.get(input.fromAccountId)!.registrationName,
    shares,
    certificateNumbers: input.certificateNumbers ?? [],
    balanceNumber: options.balanceNumber,
  });

  if (input.toForm === 'CERTIFICATE') {
    const issued = await issueCertificate(tx, transactionId, header, {
      accountId: input.toAccountId,
      registration: toAccount.registrationName,
      shares,
      number: options.resultNumber,
      sourceCertificateId: lastSource,
    });
    legs.push({ accountId: input.toAccountId, quantity: shares, form: 'CERTIFICATE', certificateId: issued.id });
  } else {
    legs.push({ accountId: input.toAccountId, quantity: shares, form: 'DRS' });
  }
  await writeLegs(tx, transactionId, header, legs, options.advise === undefined ? deps : options.advise);
  return transactionId;
}
