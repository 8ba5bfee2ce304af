import { useState } from 'react';
import { saveBlob } from '../lib/save-blob';

export interface ExportCsvButtonProps {
  /** Fetches the file (through the bearer fetch: a plain link would carry no token). */
  download: () => Promise<Blob>;
  /** The file's name, e.g. issuer-applications-2026-05-14.csv. */
  fileName: () => string;
  onFailed: (error: unknown) => void;
}

interface DownloadButtonProps extends ExportCsvButtonProps {
  /** What the button says, e.g. 'Download CSV'. */
  label: string;
  /** What it says while the file comes. */
  busyLabel: string;
}

/** Saves a download as a Blob under its dated name; busy (and disabled) meanwhile. */
export function DownloadButton({ download, fileName, onFailed, label, busyLabel }: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  async function save() {
    setBusy(true);
    try {
      saveBlob(await download(), fileName());
    } catch (error) {
      onFailed(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="button" onClick={save} disabled={busy} aria-busy={busy || undefined}>
      {busy ? busyLabel : label}
    </button>
  );
}

/** The list screens' Export CSV. */
export function ExportCsvButton(props: ExportCsvButtonProps) {
  return <DownloadButton {...props} label="Export CSV" busyLabel="Exporting…" />;
}
