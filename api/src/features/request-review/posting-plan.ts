import Big from 'big.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { certificates, issuers, lostCertificateReports, shareClasses } from '@ledgerwell/db/ledger-schema';
import { shareholderAccounts, shareholders } from '@ledgerwell/db/schema';
import { LEDGER_MESSAGES, NOMINEE_NAME } from '@ledgerwell/shared/ledger';
import { POSTING_MESSAGES as M } from '@ledgerwell/shared/ledger-postings';
import { AppError } from '../../lib/errors';
import { holdingOf } from '../ledger/holdings';
import type { RequestRow } from './request-detail';

export interface PlanAccount {
  accountId: string | null;
  accountNumber: string | null;
  registrationName: string;
}

export interface PostingClassInfo {
  id: string;
  issuerId: string;
  timeZone: string;
  issuer: string;
  shareClass: string;
  nomineeAccountId: string | null;
}

/** The buyer of a private sale, as the holder gave them (the tax ID stays encrypted with the request). */
export interface Buyer {
  name: string;
  email: string;
  phone: string | null;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string;
  postalCode: string;
}

/** What posting a request writes: the debit, the credit and where each comes from. */
export interface PostingPlan {
  postingClass: PostingClassInfo;
  from: { accountId: string; accountNumber: string; registrationName: string };
  to: PlanAccount & { kind: 'NOMINEE' | 'BUYER' | 'HOLDER'; opensAccount: boolean; buyer: Buyer | null };
  /**
   * A transfer, or (a certificate request) a CONVERSION of the holder's DRS shares onto a certificate, or (a
   * lost-certificate report) the REISSUANCE of the stopped certificate in the form the holder chose.
   */
  type: 'TRANSFER' | 'CONVERSION' | 'REISSUANCE';
  toForm: 'DRS' | 'CERTIFICATE';
  shares: Big;
  /** The certificates surrendered, oldest first; empty when the shares come from DRS. */
  certificates: { number: string; shares: Big }[];
  balanceBack: Big;
  /** REISSUANCE only: the stopped certificate the replacement cancels. */
  reissuedCertificateId?: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function buyerOf(formData: Record<string, unknown>): Buyer | null {
  const name =
    formData.buyerEntityType === 'entity'
      ? text(formData.buyerEntityName)
      : `${text(formData.buyerFirstName)} ${text(formData.buyerLastName)}`.trim();
  const email = text(formData.buyerEmail);
  if (!name || !email) return null;
  return {
    name,
    email,
    phone: text(formData.buyerPhone) || null,
    addressLine1: text(formData.buyerAddressLine1),
    addressLine2: text(formData.buyerAddressLine2) || null,
    city: text(formData.buyerCity),
    state: text(formData.buyerState),
    postalCode: text(formData.buyerPostalCode),
  };
}

export async function loadPostingClass(tx: Db, accountId: string): Promise<PostingClassInfo> {
  const [row] = await tx
    .select({
      id: shareClasses.id,
      issuerId: shareClasses.issuerId,
      timeZone: issuers.timeZone,
      issuer: issuers.legalName,
      shareClass: shareClasses.name,
      nomineeAccountId: shareClasses.nomineeAccountId,
    })
    .from(shareholderAccounts)
    .innerJoin(shareClasses, eq(shareClasses.id, shareholderAccounts.classId))
    .innerJoin(issuers, eq(issuers.id, shareClasses.issuerId))
    .where(eq(shareholderAccounts.id, accountId));
  if (!row) throw new AppError('NOT_FOUND', 'The account of this request is not on the ledger');
  return row;
}

/** The buyer's account in the class when the buyer is already a holder (same e-mail and name); null when new. */
async function existingBuyerAccount(tx: Db, classId: string, buyer: Buyer) {
  const [row] = await tx
    .select({
      accountId: shareholderAccounts.id,
      accountNumber: shareholderAccounts.accountNumber,
      registrationName: shareholderAccounts.registrationName,
    })
    .from(shareholderAccounts)
    .innerJoin(shareholders, eq(shareholders.id, shareholderAccounts.shareholderId))
    .where(
      and(
        eq(shareholderAccounts.classId, classId),
        sql`lower(${shareholders.email}) = ${buyer.email.toLowerCase()}`,
        sql`lower(${shareholders.name}) = ${buyer.name.toLowerCase()}`,
      ),
    )
    .orderBy(asc(shareholderAccounts.accountNumber))
    .limit(1);
  return row ?? null;
}

async function destination(tx: Db, request: RequestRow, postingClass: PostingClassInfo): Promise<PostingPlan['to']> {
  if (request.transferType === 'sale') {
    const buyer = buyerOf(request.formData);
    if (!buyer) throw new AppError('CONFLICT', M.noBuyer);
    const account = await existingBuyerAccount(tx, postingClass.id, buyer);
    return account
      ? { ...account, kind: 'BUYER', opensAccount: false, buyer }
      : {
          accountId: null,
          accountNumber: null,
          registrationName: buyer.name,
          kind: 'BUYER',
          opensAccount: true,
          buyer,
        };
  }
  // A DRS-profile or DWAC transfer (or one the holder was unsure of) goes to a broker: through the depository,
  // so the shares are registered to its nominee.
  if (postingClass.nomineeAccountId) {
    const [nominee] = await tx
      .select({ accountNumber: shareholderAccounts.accountNumber })
      .from(shareholderAccounts)
      .where(eq(shareholderAccounts.id, postingClass.nomineeAccountId));
    return {
      accountId: postingClass.nomineeAccountId,
      accountNumber: nominee?.accountNumber ?? null,
      registrationName: NOMINEE_NAME,
      kind: 'NOMINEE',
      opensAccount: false,
      buyer: null,
    };
  }
  return {
    accountId: null,
    accountNumber: null,
    registrationName: NOMINEE_NAME,
    kind: 'NOMINEE',
    opensAccount: true,
    buyer: null,
  };
}

/** The holder's outstanding certificates, oldest first, as many as it takes to cover the shares. */
async function certificatesCovering(tx: Db, accountId: string, shares: Big) {
  const held = await tx
    .select({ number: certificates.number, shares: certificates.shares })
    .from(certificates)
    .where(and(eq(certificates.accountId, accountId), eq(certificates.status, 'OUTSTANDING')))
    .orderBy(asc(certificates.issueDate), asc(certificates.number));
  const chosen: { number: string; shares: Big }[] = [];
  let covered = Big(0);
  for (const certificate of held) {
    if (covered.gte(shares)) break;
    chosen.push({ number: certificate.number, shares: Big(certificate.shares) });
    covered = covered.plus(certificate.shares);
  }
  return { chosen, covered };
}

/**
 * Works out how an approved transfer request posts, on the ledger as it is now: from DRS when the DRS
 * position covers it, otherwise from the holder's oldest certificates with the balance cut back; to the
 * depository's nominee or to the buyer. The posting itself checks every figure again under lock.
 */
export async function planRequestPosting(tx: Db, request: RequestRow, proposedShares?: Big): Promise<PostingPlan> {
  if (
    request.requestType !== 'TRANSFER' &&
    request.requestType !== 'CERTIFICATE' &&
    request.requestType !== 'LOST_CERTIFICATE'
  )
    throw new AppError('CONFLICT', M.notTransfer);
  if (request.status !== 'APPROVED') throw new AppError('CONFLICT', M.notApproved);
  const postingClass = await loadPostingClass(tx, request.accountId);
  if (request.requestType === 'LOST_CERTIFICATE') return reissuancePlan(tx, request, postingClass);
  const holding = await holdingOf(tx, request.accountId);
  if (request.requestType === 'CERTIFICATE') return certificatePlan(tx, request, postingClass, holding, proposedShares);
  // A proposal fixes the count; otherwise "all shares" is the holding now, not when the request was filed.
  const shares =
    proposedShares ?? (request.transferAllShares ? Big(holding.sharesHeld) : Big(request.sharesCount ?? 0));
  if (shares.lte(0)) throw new AppError('INSUFFICIENT_SHARES', M.nothingHeld);
  const from = await accountRef(tx, request.accountId);
  const to = await destination(tx, request, postingClass);

  let chosen: { number: string; shares: Big }[] = [];
  let balanceBack = Big(0);
  if (Big(holding.drsShares).lt(shares)) {
    const cover = await certificatesCovering(tx, request.accountId, shares);
    if (cover.covered.lt(shares)) {
      const message = Big(holding.sharesHeld).gte(shares) ? M.mixedHolding : LEDGER_MESSAGES.insufficientShares;
      throw new AppError('INSUFFICIENT_SHARES', message);
    }
    chosen = cover.chosen;
    balanceBack = cover.covered.minus(shares);
  }
  return {
    postingClass,
    from,
    to,
    shares,
    certificates: chosen,
    balanceBack,
    type: 'TRANSFER',
    toForm: 'DRS',
  };
}

async function accountRef(tx: Db, accountId: string) {
  const [row] = await tx
    .select({
      accountId: shareholderAccounts.id,
      accountNumber: shareholderAccounts.accountNumber,
      registrationName: shareholderAccounts.registrationName,
    })
    .from(shareholderAccounts)
    .where(eq(shareholderAccounts.id, accountId));
  return row!;
}

/** A certificate request: the holder's DRS shares (all of them, as the request asks no count) onto one new certificate. */
async function certificatePlan(
  tx: Db,
  request: RequestRow,
  postingClass: PostingClassInfo,
  holding: { drsShares: string },
  proposedShares?: Big,
): Promise<PostingPlan> {
  const shares = proposedShares ?? Big(holding.drsShares);
  if (shares.lte(0)) throw new AppError('INSUFFICIENT_SHARES', M.noDrsToCertify);
  const account = await accountRef(tx, request.accountId);
  return {
    postingClass,
    from: account,
    to: { ...account, kind: 'HOLDER', opensAccount: false, buyer: null },
    shares,
    certificates: [],
    balanceBack: Big(0),
    type: 'CONVERSION',
    toForm: 'CERTIFICATE',
  };
}

/**
 * A lost-certificate report: the certificate it stopped, cancelled, and its shares back to the same account in the
 * form the holder chose. The ledger's reissuance checks the stop and the figures again under lock.
 */
async function reissuancePlan(tx: Db, request: RequestRow, postingClass: PostingClassInfo): Promise<PostingPlan> {
  const [report] = await tx
    .select({
      certificateId: certificates.id,
      number: certificates.number,
      shares: certificates.shares,
      replacementForm: lostCertificateReports.replacementForm,
    })
    .from(lostCertificateReports)
    .innerJoin(certificates, eq(certificates.id, lostCertificateReports.certificateId))
    .where(eq(lostCertificateReports.requestId, request.id));
  if (!report) throw new AppError('CONFLICT', M.noLostReport);
  const account = await accountRef(tx, request.accountId);
  const shares = Big(report.shares);
  return {
    postingClass,
    from: account,
    to: { ...account, kind: 'HOLDER', opensAccount: false, buyer: null },
    shares,
    certificates: [{ number: report.number, shares }],
    balanceBack: Big(0),
    type: 'REISSUANCE',
    toForm: report.replacementForm,
    reissuedCertificateId: report.certificateId,
  };
}
