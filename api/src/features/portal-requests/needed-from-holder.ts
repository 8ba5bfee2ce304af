import type { NeededFromHolder, NeededPhoto } from '@ledgerwell/shared/portal-request-detail';
import { DOCUMENT_TYPES } from '@ledgerwell/shared/verification';
import type { identityDocumentsOf, RequestRow } from '../request-history/read-request';

type IdentityDocument = Awaited<ReturnType<typeof identityDocumentsOf>>[number];

/**
 * What the holder still has to do. Today: the identity photos of a transfer that waits for them
 * (AWAITING_VERIFICATION), each never sent or sent and rejected. A rejection sets the whole set aside
 * (document-review.ts), so every photo is asked for again; the one staff rejected carries their
 * reason, which its e-mail already gave the holder. Empty when nothing is needed.
 */
export function neededFromHolder(request: RequestRow, documents: readonly IdentityDocument[]): NeededFromHolder[] {
  if (request.requestType !== 'TRANSFER' || request.status !== 'AWAITING_VERIFICATION') return [];
  const held = new Set(documents.filter((d) => d.supersededAt === null).map((d) => d.documentType));
  const photos = DOCUMENT_TYPES.filter((type) => !held.has(type)).map((type): NeededPhoto => {
    // The latest set-aside photo of this kind (documents are oldest first): an older rejection was answered since.
    const previous = documents.filter((d) => d.documentType === type && d.supersededAt !== null).at(-1);
    return previous?.status === 'REJECTED'
      ? { documentType: type, state: 'REJECTED', rejectionReason: previous.rejectionReason }
      : { documentType: type, state: 'MISSING', rejectionReason: null };
  });
  return photos.length > 0 ? [{ kind: 'IDENTITY_PHOTOS', photos }] : [];
}
