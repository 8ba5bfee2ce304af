import { eq } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { certificates, certificateStopOrders } from '@ledgerwell/db/ledger-schema';
import { CERTIFICATE_MESSAGES as M } from '@ledgerwell/shared/certificates';
import type { StopReason } from '@ledgerwell/shared/ledger';
import { AppError } from '../../lib/errors';
import type { Actor } from '../activity/record-activity';

/** Locks the certificate's row, so a stop and a posting that would consume the certificate go one after the other. */
export async function lockCertificate(tx: Db, id: string) {
  const [row] = await tx
    .select({ status: certificates.status, number: certificates.number })
    .from(certificates)
    .where(eq(certificates.id, id))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  return row;
}

/**
 * Places a stop order in the caller's transaction: from then on no posting can consume the certificate
 * (consumeCertificates takes only OUTSTANDING ones and says CERTIFICATE_STOPPED). The actor is the staff member,
 * or nobody (id and username null) when the holder reported the certificate in the portal; the note says which.
 */
export async function placeStopOrderIn(
  tx: Db,
  input: { certificateId: string; reason: StopReason; note: string | null; actor: Actor },
) {
  const certificate = await lockCertificate(tx, input.certificateId);
  if (certificate.status === 'STOPPED') throw new AppError('CONFLICT', M.alreadyStopped);
  if (certificate.status === 'CANCELLED') throw new AppError('CERTIFICATE_CANCELLED', M.cancelledCannotStop);
  await tx.update(certificates).set({ status: 'STOPPED' }).where(eq(certificates.id, input.certificateId));
  await tx.insert(certificateStopOrders).values({
    certificateId: input.certificateId,
    action: 'PLACED',
    reason: input.reason,
    note: input.note,
    adminUserId: input.actor.id,
    adminUsername: input.actor.username,
  });
  return certificate;
}
