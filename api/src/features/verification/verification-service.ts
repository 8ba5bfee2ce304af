import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { shareholderRequests, verificationDocuments } from '@ledgerwell/db/schema';
import type { RequestStatus } from '@ledgerwell/shared/portal-requests';
import {
  DOCUMENT_TYPES,
  UPLOAD_SERVER_MESSAGES as M,
  VERIFICATION_THROTTLE,
  type DocumentType,
  type VerificationState,
} from '@ledgerwell/shared/verification';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { throttleAddress } from '../../lib/client-address';
import { AppError } from '../../lib/errors';
import { newStorageKey } from '../../lib/storage';
import { guardAttempt } from '../../lib/attempt-guard';
import { recordHistory } from '../request-history/record-history';
import { storedCodeHashes } from '../portal-requests/verification-code';
import { normaliseIdentityPhoto } from './identity-photo';

type RequestRow = typeof shareholderRequests.$inferSelect;

/** Documents are taken while a transfer waits for them, and replaced until staff review them. */
const ACCEPTING: readonly RequestStatus[] = ['AWAITING_VERIFICATION', 'VERIFICATION_SUBMITTED'];

/** The current (not superseded) photo of one kind. */
const current = (requestId: string, documentType: DocumentType) =>
  and(
    eq(verificationDocuments.requestId, requestId),
    eq(verificationDocuments.documentType, documentType),
    isNull(verificationDocuments.supersededAt),
  );

const failuresByIp = (ip: string) => `verify:code-fail:ip:${throttleAddress(ip)}`;

/**
 * The transfer a verification code opens, or a 404. The code is the only credential here, so failed
 * codes are counted per address and, past the limit, every code (right or wrong) gets the same 429.
 */
export async function requestForCode(
  deps: AppDeps,
  code: string,
  meta: RequestMeta,
  proof?: string,
): Promise<RequestRow> {
  const attempt = await guardAttempt(
    deps,
    [
      {
        key: failuresByIp(meta.ip),
        limit: VERIFICATION_THROTTLE.failedCodesPerIp,
        windowMs: VERIFICATION_THROTTLE.windowMs,
        message: M.tooManyAttempts,
      },
    ],
    { proof },
  );
  const [request] = await deps.db
    .select()
    .from(shareholderRequests)
    .where(inArray(shareholderRequests.verificationCodeHash, await storedCodeHashes(deps, code)))
    .limit(1);
  const expired =
    !request?.verificationExpiresAt || request.verificationExpiresAt.getTime() <= deps.clock.now().getTime();
  if (!request || expired) {
    throw new AppError('NOT_FOUND', M.invalidCode);
  }
  await attempt.forgive();
  return request;
}

/** A signed-in shareholder's transfer: the one named, or the latest. */
export async function requestForPortal(
  deps: AppDeps,
  shareholderId: string,
  requestId: string | undefined,
): Promise<RequestRow> {
  const [request] = await deps.db
    .select()
    .from(shareholderRequests)
    .where(
      and(
        eq(shareholderRequests.shareholderId, shareholderId),
        eq(shareholderRequests.requestType, 'TRANSFER'),
        requestId ? eq(shareholderRequests.id, requestId) : undefined,
      ),
    )
    .orderBy(desc(shareholderRequests.createdAt))
    .limit(1);
  if (!request) throw new AppError('NOT_FOUND', 'No transfer request needs identity documents.');
  return request;
}

export async function verificationState(deps: AppDeps, request: RequestRow): Promise<VerificationState> {
  const rows = await deps.db
    .select({ documentType: verificationDocuments.documentType })
    .from(verificationDocuments)
    .where(and(eq(verificationDocuments.requestId, request.id), isNull(verificationDocuments.supersededAt)));
  const held = new Set(rows.map((r) => r.documentType));
  const documents = { selfie: held.has('selfie'), id_front: held.has('id_front'), id_back: held.has('id_back') };
  return {
    referenceNumber: request.referenceNumber,
    status: request.status,
    expiresAt: request.verificationExpiresAt?.toISOString() ?? null,
    documents,
    verificationComplete: DOCUMENT_TYPES.every((type) => documents[type]),
  };
}

/**
 * Stores one identity photo for a transfer. Idempotent on (request, kind): the same bytes again are a
 * no-op; new bytes replace the photo. The file is written first (atomically), then the row in a
 * transaction that also moves the request to VERIFICATION_SUBMITTED once all three are in; the file
 * it replaced is removed only after the commit, and a failed commit removes the new file.
 */
export async function storeIdentityPhoto(
  deps: AppDeps,
  request: RequestRow,
  documentType: DocumentType,
  bytes: Buffer,
  meta: RequestMeta,
) {
  const sourceSha256 = createHash('sha256').update(bytes).digest('hex');
  const [existing] = await deps.db.select().from(verificationDocuments).where(current(request.id, documentType));
  // A retry of an upload the server already holds (its answer was lost): the same answer, nothing new.
  if (existing?.sourceSha256 === sourceSha256 && existing.status !== 'REJECTED')
    return verificationState(deps, request);
  if (!ACCEPTING.includes(request.status)) throw new AppError('CONFLICT', M.notAccepting);

  const photo = await normaliseIdentityPhoto(bytes);
  const stored = await deps.storage.put(newStorageKey('verification', 'jpg', deps.clock.now()), photo.data);

  let replacedKey: string | null = null;
  try {
    await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const [locked] = await tx
        .select()
        .from(shareholderRequests)
        .where(eq(shareholderRequests.id, request.id))
        .for('update');
      if (!locked || !ACCEPTING.includes(locked.status)) throw new AppError('CONFLICT', M.notAccepting);
      const [previous] = await tx
        .select({ storageKey: verificationDocuments.storageKey })
        .from(verificationDocuments)
        .where(current(request.id, documentType));
      const values = {
        storageKey: stored.key,
        sha256: stored.sha256,
        sourceSha256,
        mimeType: 'image/jpeg',
        width: photo.width,
        height: photo.height,
        sizeBytes: stored.size,
        status: 'PENDING' as const,
        reviewedBy: null,
        reviewedAt: null,
        rejectionReason: null,
        uploadedIp: meta.ip,
        uploadedAt: now,
      };
      await tx
        .insert(verificationDocuments)
        .values({ requestId: request.id, documentType, ...values })
        .onConflictDoUpdate({
          target: [verificationDocuments.requestId, verificationDocuments.documentType],
          targetWhere: isNull(verificationDocuments.supersededAt),
          set: values,
        });
      replacedKey = previous?.storageKey ?? null;
      await recordHistory(tx, now, {
        requestId: request.id,
        actorType: 'SHAREHOLDER',
        action: previous ? 'DOCUMENT_REPLACED' : 'DOCUMENT_UPLOADED',
        details: { documentType, width: photo.width, height: photo.height, ip: meta.ip },
      });

      const [{ count }] = (await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(verificationDocuments)
        .where(
          and(
            eq(verificationDocuments.requestId, request.id),
            isNull(verificationDocuments.supersededAt),
            inArray(verificationDocuments.documentType, [...DOCUMENT_TYPES]),
          ),
        )) as [{ count: number }];
      if (count === DOCUMENT_TYPES.length && locked.status === 'AWAITING_VERIFICATION') {
        await tx
          .update(shareholderRequests)
          .set({ status: 'VERIFICATION_SUBMITTED', verificationSubmittedAt: now, updatedAt: now })
          .where(eq(shareholderRequests.id, request.id));
        await recordHistory(tx, now, {
          requestId: request.id,
          actorType: 'SYSTEM',
          action: 'STATUS_CHANGED',
          fromStatus: 'AWAITING_VERIFICATION',
          toStatus: 'VERIFICATION_SUBMITTED',
          details: { reason: 'All three identity documents received' },
        });
      }
    });
  } catch (error) {
    await deps.storage.remove(stored.key).catch(() => undefined);
    throw error;
  }
  if (replacedKey) {
    await deps.storage
      .remove(replacedKey)
      .catch((error: unknown) =>
        deps.logger.warn({ err: error, key: replacedKey }, 'could not remove a replaced identity photo'),
      );
  }
  const [fresh] = await deps.db.select().from(shareholderRequests).where(eq(shareholderRequests.id, request.id));
  return verificationState(deps, fresh!);
}
