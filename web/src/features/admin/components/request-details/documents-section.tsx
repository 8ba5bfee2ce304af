import { useEffect, useState } from 'react';
import type { AdminRole } from '@ledgerwell/shared/admin-auth';
import { DOCUMENT_LABELS, DOCUMENT_TYPES, type DocumentType } from '@ledgerwell/shared/verification';
import { reviewDocument, type RequestDetail, type VerificationDocument } from '../../api/requests';
import { useDocumentImages } from '../../hooks/use-document-images';
import { useImageStateSaver } from '../../hooks/use-image-state-saver';
import { actionErrorMessage } from '../../../../lib/action-error';
import { formatDateTime } from '../../../../lib/format';
import { canReview, documentActionsFor } from '../../utils/review-permissions';
import { ALL_VERIFIED_MESSAGE, ALL_VERIFIED_MS, TimedNotice } from '../../utils/timed-notice';
import { initialViewState, type ViewState } from '../../utils/viewer-state';
import { ImageViewer } from '../image-viewer/image-viewer';
import { DocumentCard, documentStatusLabel } from './document-card';
import { RejectDocumentModal } from './reject-document-modal';

interface DocumentsSectionProps {
  request: RequestDetail;
  role: AdminRole;
  onChanged: () => void;
  onToast: (kind: 'success' | 'error', text: string) => void;
}

function savedViews(request: RequestDetail): Partial<Record<DocumentType, ViewState>> {
  return Object.fromEntries(
    DOCUMENT_TYPES.map((type) => [
      type,
      initialViewState(request.image_rotations[type], request.image_zoom_states[type]),
    ]),
  );
}

/** The identity documents of a transfer: images, per-document review, and the viewer. */
export function DocumentsSection({ request, role, onChanged, onToast }: DocumentsSectionProps) {
  const documents = DOCUMENT_TYPES.map((type) => request.verificationDocuments.find((d) => d.type === type)).filter(
    (d): d is VerificationDocument => Boolean(d),
  );
  const images = useDocumentImages(request.id, documents);
  const canWrite = canReview(role);
  const saver = useImageStateSaver(request.id, canWrite);
  const [views, setViews] = useState(() => savedViews(request));
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<VerificationDocument | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [allVerified, setAllVerified] = useState(false);
  const [allVerifiedNotice] = useState(() => new TimedNotice(ALL_VERIFIED_MS, setAllVerified));
  useEffect(() => () => allVerifiedNotice.dispose(), [allVerifiedNotice]);

  async function approve(document: VerificationDocument) {
    setBusy(document.id);
    try {
      const result = await reviewDocument(request.id, document.id, { status: 'APPROVED' });
      if (result.requestStatus?.allDocumentsVerified) allVerifiedNotice.show();
      else onToast('success', `${DOCUMENT_LABELS[document.type]} approved`);
      onChanged();
    } catch (error) {
      onToast('error', actionErrorMessage(error, 'Failed to approve document'));
    } finally {
      setBusy(null);
    }
  }

  async function reject(document: VerificationDocument, reason: string) {
    setBusy(document.id);
    try {
      await reviewDocument(request.id, document.id, { status: 'REJECTED', rejectionReason: reason });
      setRejecting(null);
      onToast(
        'success',
        `${DOCUMENT_LABELS[document.type]} rejected. The shareholder was sent a new verification link.`,
      );
      onChanged();
    } catch (error) {
      onToast('error', actionErrorMessage(error, 'Failed to reject document'));
    } finally {
      setBusy(null);
    }
  }

  function changeView(type: DocumentType, state: ViewState) {
    setViews((current) => ({ ...current, [type]: state }));
    saver.schedule(type, state);
  }

  return (
    <section className="admin-card" aria-labelledby="documents">
      <h2 id="documents">Verification Documents</h2>
      <div role="status">{allVerified && <p className="notice notice--success">{ALL_VERIFIED_MESSAGE}</p>}</div>
      {documents.length === 0 ? (
        <p className="muted">
          {request.status === 'AWAITING_VERIFICATION'
            ? 'Waiting for the shareholder to submit the identity photos.'
            : 'No documents have been submitted.'}
        </p>
      ) : (
        <ul className="document-grid">
          {documents.map((document, index) => (
            <DocumentCard
              key={document.id}
              document={document}
              slot={images[document.type] ?? { status: 'loading' }}
              actions={documentActionsFor(role, request.status, document.status)}
              busy={busy !== null}
              onOpen={() => setViewerIndex(index)}
              onApprove={() => void approve(document)}
              onReject={() => setRejecting(document)}
            />
          ))}
        </ul>
      )}

      {request.previousDocuments.length > 0 && (
        <details className="previous-documents">
          <summary>Earlier documents ({request.previousDocuments.length})</summary>
          <ul>
            {request.previousDocuments.map((document) => (
              <li key={document.id}>
                {DOCUMENT_LABELS[document.type]}: {documentStatusLabel(document.status)}, uploaded{' '}
                {formatDateTime(document.createdAt)}
                {document.rejectionReason && ` (reason: ${document.rejectionReason})`}
              </li>
            ))}
          </ul>
        </details>
      )}

      {viewerIndex !== null && (
        <ImageViewer
          images={documents.map((document) => ({
            type: document.type,
            label: DOCUMENT_LABELS[document.type],
            status: documentStatusLabel(document.status),
            slot: images[document.type] ?? { status: 'loading' },
          }))}
          index={Math.min(viewerIndex, Math.max(0, documents.length - 1))}
          onIndexChange={setViewerIndex}
          views={views}
          onViewChange={changeView}
          saving={saver.saving}
          onClose={() => setViewerIndex(null)}
        />
      )}

      {rejecting && (
        <RejectDocumentModal
          type={rejecting.type}
          busy={busy === rejecting.id}
          onConfirm={(reason) => void reject(rejecting, reason)}
          onCancel={() => setRejecting(null)}
        />
      )}
    </section>
  );
}
