import { flagLabel, flagTone, statusLabel, statusTone, typeLabel } from '../lib/request-labels';

export function StatusBadge({ status }: { status: string }) {
  return <span className={`status-badge status-badge--${statusTone(status)}`}>{statusLabel(status)}</span>;
}

export function TypeBadge({ type }: { type: string }) {
  return <span className={`type-badge type-badge--${type.toLowerCase()}`}>{typeLabel(type)}</span>;
}

/** A flag coloured by priority (HIGH red, LOW blue, else yellow) with its name for screen readers. */
export function FlagIcon({ priority }: { priority: string | null }) {
  const label = flagLabel(priority);
  return (
    <span className={`flag-icon flag-icon--${flagTone(priority)}`} role="img" aria-label={label} title={label}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path
          d="M5 21V4m0 0h11l-2 4 2 4H5"
          fill="currentColor"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </span>
  );
}

export function NotesIcon() {
  return (
    <span className="notes-icon" role="img" aria-label="Has notes" title="Has notes">
      <svg
        viewBox="0 0 24 24"
        width="16"
        height="16"
        aria-hidden="true"
        focusable="false"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z" />
        <path d="M14 3v6h6M8 13h8M8 17h5" />
      </svg>
    </span>
  );
}
