import { useState } from 'react';
import { DownloadButton } from '../../../components/download-button';
import { actionErrorMessage } from '../../../lib/action-error';
import { isApiRequestError } from '../../../lib/api-client';
import { downloadOcfBundle } from '../api/cap-table';
import type { IssuerUserProfile } from '../api/issuer-user';
import { fileSlug, localDay } from './file-names';

export const OCF_VIEWER_TEXT = "Only your company's administrators can export the cap table.";

/** The bundle's file name: the company and the day, e.g. acme-corp-2026-11-27.ocf.zip. */
export const ocfFileName = (legalName: string, day: string) => `${fileSlug(legalName, 'cap-table')}-${day}.ocf.zip`;

function failureText(error: unknown): string {
  // A viewer's call is refused by the server too: say why rather than "forbidden".
  if (isApiRequestError(error) && error.code === 'FORBIDDEN') return OCF_VIEWER_TEXT;
  return actionErrorMessage(error, 'Failed to export the cap table. Please try again.');
}

/**
 * Export OCF: the Open Cap Table Format bundle, for ISSUER_ADMIN only. A viewer is told who can export instead of
 * being offered a button the server would refuse; while the role is unknown nothing is offered.
 */
export function OcfExport({ user, legalName }: { user: IssuerUserProfile | null; legalName: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  if (!user) return null;
  if (user.role !== 'ISSUER_ADMIN') return <p className="muted">{OCF_VIEWER_TEXT}</p>;
  return (
    <div className="ocf-export">
      <DownloadButton
        label="Export OCF"
        busyLabel="Exporting…"
        download={() => {
          setFailure(null);
          return downloadOcfBundle();
        }}
        fileName={() => ocfFileName(legalName, localDay(new Date()))}
        onFailed={(error) => setFailure(failureText(error))}
      />
      {failure && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
