import { useId, useRef, useState } from 'react';
import { mailBody, PAGE_MESSAGES } from '../messages';
import { QrCode } from '../../../components/qr-code';

interface DesktopHandoffProps {
  code: string;
  link: string;
  onContinueHere: () => void;
}

/** Desktop visitors: a recommendation to continue on a phone, with three ways to get the link there. */
export function DesktopHandoff({ code, link, onContinueHere }: DesktopHandoffProps) {
  const linkId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copyStatus, setCopyStatus] = useState<string>('');
  const mailto = `mailto:?subject=${encodeURIComponent(PAGE_MESSAGES.mailSubject)}&body=${encodeURIComponent(mailBody(code, link))}`;

  function selectLink() {
    inputRef.current?.focus();
    inputRef.current?.select();
  }

  async function copyLink() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('No clipboard');
      await navigator.clipboard.writeText(link);
      setCopyStatus(PAGE_MESSAGES.linkCopied);
    } catch {
      // Refused (no permission, insecure context): leave the link selected for Ctrl+C.
      selectLink();
      setCopyStatus(PAGE_MESSAGES.copyFallback);
    }
  }

  return (
    <section className="card verify-handoff" aria-labelledby={`${linkId}-heading`}>
      <h2 id={`${linkId}-heading`}>Continue on your phone</h2>
      <p>
        We recommend using a mobile device: its camera takes sharper photos of your ID, and you can take the selfie and
        both sides of the ID in a minute. Scan the QR code with your phone, or send yourself the link.
      </p>
      <div className="verify-handoff__layout">
        <QrCode
          className="verify-qr"
          value={link}
          label="QR code of your verification link: scan it with your phone's camera"
        />
        <div className="verify-handoff__actions">
          <div className="field">
            <label className="field__label" htmlFor={linkId}>
              Your verification link
            </label>
            <input
              ref={inputRef}
              id={linkId}
              className="field__input"
              type="text"
              readOnly
              value={link}
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
          <div className="actions">
            <button type="button" className="button" onClick={copyLink}>
              Copy Link for Mobile
            </button>
            <a className="button button--secondary" href={mailto}>
              Email this link to myself
            </a>
          </div>
          <p className="verify-handoff__status" role="status" aria-live="polite">
            {copyStatus}
          </p>
        </div>
      </div>
      <p className="muted">No phone at hand? You can use this computer&apos;s camera, or photos saved on it.</p>
      <button type="button" className="button button--secondary" onClick={onContinueHere}>
        Continue on this device
      </button>
    </section>
  );
}
