import { alias } from 'drizzle-orm/pg-core';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { certificates, certificateStopOrders, issuers, shareClasses } from '@ledgerwell/db/ledger-schema';
import { shareholderAccounts } from '@ledgerwell/db/schema';
import { CERTIFICATE_MESSAGES as M, type CertificateView, type StopOrderInput } from '@ledgerwell/shared/certificates';
import { normalizeDecimal } from '@ledgerwell/shared/ledger';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { recordActivity, type Actor } from '../activity/record-activity';
import { lockCertificate, placeStopOrderIn } from './stop-orders';

const source = alias(certificates, 'source');

/** Certificates as the register shows them, with lineage and stop orders, in three queries. */
async function certificateViews(
  db: Db,
  where: ReturnType<typeof eq>,
  page: { limit: number; offset: number } = { limit: 100, offset: 0 },
): Promise<CertificateView[]> {
  const rows = await db
    .select({
      certificate: certificates,
      issuer: issuers.legalName,
      shareClass: shareClasses.name,
      accountNumber: shareholderAccounts.accountNumber,
      sourceNumber: source.number,
    })
    .from(certificates)
    .innerJoin(shareClasses, eq(shareClasses.id, certificates.classId))
    .innerJoin(issuers, eq(issuers.id, certificates.issuerId))
    .innerJoin(shareholderAccounts, eq(shareholderAccounts.id, certificates.accountId))
    .leftJoin(source, eq(source.id, certificates.sourceCertificateId))
    .where(where)
    .orderBy(asc(issuers.legalName), asc(certificates.number))
    .limit(page.limit)
    .offset(page.offset);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.certificate.id);
  const [derived, stops] = await Promise.all([
    db
      .select({ sourceId: certificates.sourceCertificateId, number: certificates.number })
      .from(certificates)
      .where(inArray(certificates.sourceCertificateId, ids))
      .orderBy(asc(certificates.number)),
    db
      .select()
      .from(certificateStopOrders)
      .where(inArray(certificateStopOrders.certificateId, ids))
      .orderBy(asc(certificateStopOrders.createdAt)),
  ]);
  return rows.map(({ certificate, issuer, shareClass, accountNumber, sourceNumber }) => ({
    id: certificate.id,
    number: certificate.number,
    issuer,
    shareClass,
    classId: certificate.classId,
    accountId: certificate.accountId,
    accountNumber,
    registration: certificate.registration,
    shares: normalizeDecimal(certificate.shares),
    status: certificate.status,
    issueDate: certificate.issueDate,
    issuedBy: certificate.issuedBy,
    cancellationDate: certificate.cancellationDate,
    cancelledBy: certificate.cancelledBy,
    sourceCertificateNumber: sourceNumber,
    derivedCertificateNumbers: derived.filter((d) => d.sourceId === certificate.id).map((d) => d.number),
    stopOrders: stops
      .filter((stop) => stop.certificateId === certificate.id)
      .map((stop) => ({
        action: stop.action,
        reason: stop.reason,
        note: stop.note,
        by: stop.adminUsername,
        at: stop.createdAt.toISOString(),
      })),
  }));
}

/** GET /certificates?number=: every certificate with that number, in any issuer and any status (17Ad-19). */
export const findCertificates = (deps: AppDeps, number: string) =>
  certificateViews(deps.db, eq(certificates.number, number));

/** GET /ledger/accounts/:id/certificates: every certificate registered to the account, in any status, paged by number. */
export async function accountCertificates(deps: AppDeps, accountId: string, query: { page: number; limit: number }) {
  const where = eq(certificates.accountId, accountId);
  const [data, [count]] = await Promise.all([
    certificateViews(deps.db, where, { limit: query.limit, offset: (query.page - 1) * query.limit }),
    deps.db.select({ total: sql<number>`count(*)::int` }).from(certificates).where(where),
  ]);
  return { data, total: count!.total, page: query.page, limit: query.limit };
}

async function oneCertificate(db: Db, id: string): Promise<CertificateView> {
  const [view] = await certificateViews(db, eq(certificates.id, id));
  if (!view) throw new AppError('NOT_FOUND', M.notFound);
  return view;
}

/**
 * POST /certificates/:id/stop: from now on no posting can consume the certificate (consumeCertificates takes
 * only OUTSTANDING ones and says CERTIFICATE_STOPPED); the event is kept for good.
 */
export async function stopCertificate(
  deps: AppDeps,
  actor: Actor,
  id: string,
  input: StopOrderInput,
  meta: RequestMeta | null,
) {
  return deps.db.transaction(async (tx) => {
    const certificate = await placeStopOrderIn(tx, {
      certificateId: id,
      reason: input.reason,
      note: input.note || null,
      actor,
    });
    await recordActivity(tx, {
      actor,
      action: 'CERTIFICATE_STOPPED',
      resourceType: 'ledger',
      resourceId: id,
      details: { number: certificate.number, reason: input.reason },
      meta,
    });
    return oneCertificate(tx, id);
  });
}

/** POST /certificates/:id/release: lifts the stop; the certificate can move again. */
export async function releaseCertificate(
  deps: AppDeps,
  actor: Actor,
  id: string,
  input: { note?: string | undefined },
  meta: RequestMeta | null,
) {
  return deps.db.transaction(async (tx) => {
    const certificate = await lockCertificate(tx, id);
    if (certificate.status !== 'STOPPED') throw new AppError('CONFLICT', M.notStopped);
    await tx.update(certificates).set({ status: 'OUTSTANDING' }).where(eq(certificates.id, id));
    await tx.insert(certificateStopOrders).values({
      certificateId: id,
      action: 'RELEASED',
      note: input.note || null,
      adminUserId: actor.id,
      adminUsername: actor.username,
    });
    await recordActivity(tx, {
      actor,
      action: 'CERTIFICATE_RELEASED',
      resourceType: 'ledger',
      resourceId: id,
      details: { number: certificate.number },
      meta,
    });
    return oneCertificate(tx, id);
  });
}
