import type { RefObject } from 'react';
import { DOCUMENT_LABELS } from '@ledgerwell/shared/verification';
import type { FailureLine } from '../sync';

interface FailurePanelProps {
  /** The spec's "Upload failed:" on the code page; "Failed to upload documents" in the portal. */
  heading: string;
  lines: FailureLine[];
  panelRef: RefObject<HTMLDivElement | null>;
  onTryAgain: () => void;
}

/** The spec's upload failure panel: its heading, a line per photo, tips, and Try Again (the photos stay). */
export function FailurePanel({ heading, lines, panelRef, onTryAgain }: FailurePanelProps) {
  const tips = [...new Set(lines.flatMap((line) => (line.tip ? [line.tip] : [])))];
  return (
    <div ref={panelRef} tabIndex={-1} role="alert" className="result-panel result-panel--error verify-failure">
      <h2>{heading}</h2>
      <ul>
        {lines.map((line) => {
          const label = DOCUMENT_LABELS[line.kind];
          return <li key={line.kind}>{line.text.startsWith(`${label}:`) ? line.text : `${label}: ${line.text}`}</li>;
        })}
      </ul>
      {tips.map((tip) => (
        <p key={tip}>{tip}</p>
      ))}
      <p>Your photos are still here. Retake any photo named above if needed, then try again.</p>
      <button type="button" className="button" onClick={onTryAgain}>
        Try Again
      </button>
    </div>
  );
}
