import { useState } from 'react';
import { saveBlob } from '../../../lib/save-blob';

export interface ExportCsvButtonProps {
  /** Fetches the CSV (through the bearer fetch: a plain link would carry no token). */
  download: () => Promise<Blob>;
  /** The file's name, e.g. issuer-applications-2026-05-14.csv. */
  fileName: () => string;
  onFailed: (error: unknown) => void;
}

/** Export CSV: saves the download as a Blob under its dated name; busy (and disabled) meanwhile. */
export function ExportCsvButton({ download, fileName, onFailed }: ExportCsvButtonProps) {
  const [exporting, setExporting] = useState(false);
  async function exportCsv() {
    setExporting(true);
    try {
      saveBlob(await download(), fileName());
    } catch (error) {
      onFailed(error);
    } finally {
      setExporting(false);
    }
  }
  return (
    <button
      type="button"
      className="button"
      onClick={exportCsv}
      disabled={exporting}
      aria-busy={exporting || undefined}
    >
      {exporting ? 'Exporting…' : 'Export CSV'}
    </button>
  );
}
