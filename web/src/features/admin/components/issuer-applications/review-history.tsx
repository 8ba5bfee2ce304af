import type { IssuerReviewEntry } from '@ledgerwell/shared/issuer-applications';
import { showLongDateTime } from '../../utils/issuer-application-view';
import { DetailSection } from './detail-section';
import { IssuerStatusBadge } from './status-badge';

/** Every status the application went through, oldest first (the newest last), with its note and who set it. */
export function ReviewHistory({ entries }: { entries: readonly IssuerReviewEntry[] }) {
  return (
    <DetailSection title="Review History">
      {entries.length === 0 ? (
        <p className="muted">No review history yet.</p>
      ) : (
        <ol className="review-history" aria-label="Review history, oldest first">
          {entries.map((entry, index) => (
            <li key={`${entry.timestamp}-${index}`} className="review-history__entry">
              <div className="review-history__head">
                <IssuerStatusBadge status={entry.status} />
                <span>
                  by <strong>{entry.reviewedBy}</strong>
                </span>
                <time dateTime={entry.timestamp} className="muted">
                  {showLongDateTime(entry.timestamp)}
                </time>
              </div>
              {entry.notes?.trim() ? (
                <p className="review-history__notes">{entry.notes}</p>
              ) : (
                <p className="muted review-history__notes">No notes</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </DetailSection>
  );
}
