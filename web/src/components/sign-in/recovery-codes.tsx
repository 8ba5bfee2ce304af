import { useEffect, useId, useRef, useState } from 'react';
import { CopyButton } from '../copy-button';
import { recoveryCodesFileName, recoveryCodesText } from './mfa-view';
import { saveBlob } from '../../lib/save-blob';

interface RecoveryCodesProps {
  codes: readonly string[];
  username: string;
  /** The kind of account, named in the downloaded file. */
  label: string;
  /** 'I have saved these codes': the codes are never shown again. */
  onDone: () => void;
}

/** Saves a text file. */
const download = (text: string, fileName: string) =>
  saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), fileName);

/** The new recovery codes, shown once, with Copy and Download. */
export function RecoveryCodes({ codes, username, label, onDone }: RecoveryCodesProps) {
  const headingId = useId();
  // The panel replaces the button that opened it: keyboard and screen-reader users start at its heading.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // Made once, so the file's date does not change between renders.
  const [issuedAt] = useState(() => new Date());
  const text = recoveryCodesText(codes, username, issuedAt, label);

  return (
    <section className="recovery-codes" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        Your recovery codes
      </h3>
      <p className="notice notice--warning">
        Save these codes somewhere safe, such as a password manager. Each one signs you in once if you lose your phone.
        They are shown only now.
      </p>
      <ol className="recovery-codes__list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="form-actions">
        <CopyButton text={codes.join('\n')} label="Copy codes" copiedMessage="Recovery codes copied" />
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => download(text, recoveryCodesFileName(username))}
        >
          Download
        </button>
      </div>
      <div className="actions">
        <button type="button" className="button" onClick={onDone}>
          I have saved these codes
        </button>
      </div>
    </section>
  );
}
