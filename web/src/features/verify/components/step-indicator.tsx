import { DOCUMENT_LABELS, DOCUMENT_TYPES, type DocumentType } from '@ledgerwell/shared/verification';
import type { PhotoView } from '../session';

interface StepIndicatorProps {
  current: number;
  photos: Partial<Record<DocumentType, PhotoView>>;
  received: Record<DocumentType, boolean>;
  /** Steps one can go to: the done ones and the first open one. */
  reachable: (index: number) => boolean;
  onSelect: (index: number) => void;
}

/** The three steps with their state and a thumbnail of each photo; a done step can be reopened to retake it. */
export function StepIndicator({ current, photos, received, reachable, onSelect }: StepIndicatorProps) {
  return (
    <nav aria-label="Verification steps">
      <ol className="verify-steps">
        {DOCUMENT_TYPES.map((kind, index) => {
          const photo = photos[kind];
          const done = photo !== undefined || received[kind];
          const state = done ? (photo?.uploaded || (!photo && received[kind]) ? 'sent' : 'added') : 'to do';
          return (
            <li
              key={kind}
              className={`verify-steps__item${index === current ? ' verify-steps__item--current' : ''}${done ? ' verify-steps__item--done' : ''}`}
            >
              <button
                type="button"
                className="verify-steps__button"
                onClick={() => onSelect(index)}
                disabled={!reachable(index)}
                aria-current={index === current ? 'step' : undefined}
              >
                <span className="verify-steps__thumb" aria-hidden="true">
                  {photo ? (
                    <img src={photo.url} alt="" />
                  ) : (
                    <span className="verify-steps__digit">{done ? '✓' : index + 1}</span>
                  )}
                </span>
                <span className="verify-steps__label">
                  Step {index + 1}: {DOCUMENT_LABELS[kind]}
                  <span className="verify-steps__state">
                    {state === 'to do' ? 'Not added yet' : state === 'sent' ? 'Received' : 'Photo added'}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
