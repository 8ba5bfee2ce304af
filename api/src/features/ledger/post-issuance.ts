import Big from 'big.js';
import type { Db } from '@ledgerwell/db/client';
import type { IssuanceInput } from '@ledgerwell/shared/ledger';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { recordActivity, type Actor } from '../activity/record-activity';
import type { AdviceDeps } from './advice-delivery';
import { checkEffectiveDate } from './effective-date';
import {
  insertTransaction,
  issueCertificate,
  loadAccounts,
  loadClass,
  lockPositions,
  moveControlBook,
  writeLegs,
  type PostingClass,
} from './journal';
import { withPostingErrors } from './posting-errors';
import { readTransaction } from './transaction-view';

export interface IssuancePosting {
  deps: AppDeps;
  actor: Actor;
  input: IssuanceInput;
  meta: RequestMeta | null;
}

/** Issues new shares of a class to an account, within the class's authorized shares. */
export async function postIssuance({ deps, actor, input, meta }: IssuancePosting) {
  return withPostingErrors(() =>
    deps.db.transaction(async (tx) => {
      const postingClass = await loadClass(tx, input.classId);
      checkEffectiveDate(deps, postingClass, input);
      const id = await issueShares(tx, postingClass, actor, {
        accountId: input.accountId,
        shares: Big(input.shares),
        certificates:
          input.form === 'CERTIFICATE' ? [{ number: input.certificateNumber, shares: Big(input.shares) }] : [],
        effectiveDate: input.effectiveDate,
        memo: input.memo,
        requireAuthorized: true,
        advise: deps,
      });
      await recordActivity(tx, {
        actor,
        action: 'LEDGER_ISSUANCE_POSTED',
        resourceType: 'ledger',
        resourceId: id,
        details: { classId: input.classId, accountId: input.accountId, shares: input.shares, form: input.form },
        meta,
      });
      return readTransaction(tx, id);
    }),
  );
}

export interface Issue {
  accountId: string;
  /** All the shares issued; those not on `certificates` are credited to the DRS position. */
  shares: Big;
  certificates: { number?: string | undefined; shares: Big }[];
  effectiveDate: string;
  memo?: string | undefined;
  /**
   * A new issuance needs the class's authorized shares on record. An opening balance carried onto the ledger
   * (the registry's) may precede them: the shares were issued before Ledgerwell kept the books.
   */
  requireAuthorized: boolean;
  /** Who announces the advice (writeLegs); null for an opening balance, which is no transaction of the holder's. */
  advise: AdviceDeps | null;
}

/** The ISSUANCE core, shared by the API and the registry's opening balances; returns the transaction's id. */
export async function issueShares(tx: Db, postingClass: PostingClass, actor: Actor, issue: Issue): Promise<string> {
  const accounts = await loadAccounts(tx, postingClass.id, [issue.accountId]);
  await lockPositions(tx, [issue.accountId]);
  await moveControlBook(tx, postingClass.id, { issued: issue.shares }, { requireAuthorized: issue.requireAuthorized });
  const header = {
    type: 'ISSUANCE' as const,
    postingClass,
    effectiveDate: issue.effectiveDate,
    actor,
    memo: issue.memo,
  };
  const transactionId = await insertTransaction(tx, header);
  const legs = [];
  let onCertificates = Big(0);
  for (const certificate of issue.certificates) {
    const issued = await issueCertificate(tx, transactionId, header, {
      accountId: issue.accountId,
      registration: accounts.get(issue.accountId)!.registrationName,
      shares: certificate.shares,
      number: certificate.number,
    });
    legs.push({
      accountId: issue.accountId,
      quantity: certificate.shares,
      form: 'CERTIFICATE' as const,
      certificateId: issued.id,
    });
    onCertificates = onCertificates.plus(certificate.shares);
  }
  const drs = issue.shares.minus(onCertificates);
  if (drs.gt(0)) legs.push({ accountId: issue.accountId, quantity: drs, form: 'DRS' as const });
  await writeLegs(tx, transactionId, header, legs, issue.advise);
  return transactionId;
}
