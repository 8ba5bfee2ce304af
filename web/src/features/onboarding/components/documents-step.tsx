import { useId, useState } from 'react';
import { REQUIRED_DOCUMENTS, type DocumentId } from '@ledgerwell/shared/issuer-onboarding-rules';
import { DocumentDialog } from './document-dialog';
import { DOCUMENT_CONTENT } from './documents/document-content';
import { acceptanceLabel, reviewProgress, setAccepted, setReviewed, type DocumentsValue } from './documents-state';
import './documents.css';

/** Element ids the wizard can focus or point aria-describedby at (one DocumentsStep per page). */
export const DOCUMENTS_STEP_IDS = {
  /** The documents list (focusable with focus()). */
  documentsReviewed: 'documents_reviewed',
  documentsReviewedError: 'documents_reviewed-error',
  /** The acceptance checkbox, present once every document is reviewed. */
  agreementsAccepted: 'agreements_accepted',
  agreementsAcceptedError: 'agreements_accepted-error',
} as const;

export interface DocumentsStepProps {
  reviewedDocuments: readonly DocumentId[];
  agreementsAccepted: boolean;
  errors: { documents_reviewed?: string; agreements_accepted?: string };
  onChange(next: DocumentsValue): void;
}

/** Step 2 'Review Documents': open each required document, mark it reviewed, then accept them all. */
export function DocumentsStep({ reviewedDocuments, agreementsAccepted, errors, onChange }: DocumentsStepProps) {
  // A document reviewed in a restored draft has been opened before.
  const [opened, setOpened] = useState<ReadonlySet<DocumentId>>(() => new Set(reviewedDocuments));
  const [openDocument, setOpenDocument] = useState<DocumentId | null>(null);
  const progressLabelId = useId();
  const progress = reviewProgress(reviewedDocuments);
  const current = { reviewedDocuments: [...reviewedDocuments], agreementsAccepted };
  const ids = DOCUMENTS_STEP_IDS;

  function open(id: DocumentId) {
    setOpened((previous) => (previous.has(id) ? previous : new Set(previous).add(id)));
    setOpenDocument(id);
  }

  const shown = REQUIRED_DOCUMENTS.find((document) => document.id === openDocument);
  const ShownBody = shown ? DOCUMENT_CONTENT[shown.id].Body : null;

  return (
    <div className="documents-step">
      <p>Open and read each document below, then mark it as reviewed.</p>

      <ul
        id={ids.documentsReviewed}
        tabIndex={-1}
        className="documents-step__list"
        aria-label="Required documents"
        aria-describedby={errors.documents_reviewed ? ids.documentsReviewedError : undefined}
      >
        {REQUIRED_DOCUMENTS.map((document) => {
          const isOpened = opened.has(document.id);
          const isReviewed = reviewedDocuments.includes(document.id);
          const hintId = `${document.id}-review-hint`;
          return (
            <li key={document.id} className={isReviewed ? 'document-row document-row--reviewed' : 'document-row'}>
              <div className="document-row__text">
                <h3 className="document-row__title">{document.title}</h3>
                <p className="document-row__summary">{DOCUMENT_CONTENT[document.id].summary}</p>
              </div>
              <div className="document-row__actions">
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-label={`Open ${document.title}`}
                  onClick={() => open(document.id)}
                >
                  Open
                </button>
                <label
                  className={isOpened ? 'document-row__check' : 'document-row__check document-row__check--disabled'}
                >
                  <input
                    type="checkbox"
                    checked={isReviewed}
                    disabled={!isOpened}
                    aria-describedby={isOpened ? undefined : hintId}
                    onChange={(event) => onChange(setReviewed(current, document.id, event.target.checked))}
                  />
                  Mark as reviewed<span className="visually-hidden"> for {document.title}</span>
                </label>
                {!isOpened && (
                  <p id={hintId} className="document-row__hint">
                    Open the document to review it
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {errors.documents_reviewed && (
        <p id={ids.documentsReviewedError} className="field__error">
          {errors.documents_reviewed}
        </p>
      )}

      <div className="documents-step__progress">
        <p className="documents-step__progress-text">
          <span id={progressLabelId}>{progress.text}</span> <span className="muted">({progress.percent}%)</span>
        </p>
        <div
          className="documents-step__bar"
          role="progressbar"
          aria-labelledby={progressLabelId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.percent}
          aria-valuetext={progress.text}
        >
          <span className="documents-step__bar-fill" style={{ width: `${progress.percent}%` }} />
        </div>
      </div>

      {progress.complete && (
        <div
          className={errors.agreements_accepted ? 'documents-step__accept field--invalid' : 'documents-step__accept'}
        >
          <label className="documents-step__accept-label">
            <input
              id={ids.agreementsAccepted}
              type="checkbox"
              checked={agreementsAccepted}
              aria-invalid={errors.agreements_accepted ? true : undefined}
              aria-describedby={errors.agreements_accepted ? ids.agreementsAcceptedError : undefined}
              onChange={(event) => onChange(setAccepted(current, event.target.checked))}
            />
            {acceptanceLabel()}
          </label>
        </div>
      )}
      {errors.agreements_accepted && (
        <p id={ids.agreementsAcceptedError} className="field__error">
          {errors.agreements_accepted}
        </p>
      )}

      {shown && ShownBody && (
        <DocumentDialog title={shown.title} onClose={() => setOpenDocument(null)}>
          <ShownBody />
        </DocumentDialog>
      )}
    </div>
  );
}
