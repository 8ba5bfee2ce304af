import { useState } from 'react';

interface CopyButtonProps {
  text: string;
  /** The button's words, e.g. 'Copy secret'. */
  label: string;
  /** Said (politely) once the text is on the clipboard. */
  copiedMessage: string;
}

/** Copies `text` to the clipboard and says so; when the browser refuses, says to select and copy by hand. */
export function CopyButton({ text, label, copiedMessage }: CopyButtonProps) {
  const [status, setStatus] = useState('');

  async function copy() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('No clipboard');
      await navigator.clipboard.writeText(text);
      setStatus(copiedMessage);
    } catch {
      // Refused (no permission, insecure context): the text is on screen to select.
      setStatus('Copying is not available here: select the text and copy it.');
    }
  }

  return (
    <span className="copy-button">
      <button type="button" className="button button--secondary button--small" onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" aria-live="polite" className="copy-button__status">
        {status}
      </span>
    </span>
  );
}
