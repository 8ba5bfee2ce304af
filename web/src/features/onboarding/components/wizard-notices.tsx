import type { RefObject } from 'react';
import { ONBOARDING_MESSAGES } from '@ledgerwell/shared/issuer-onboarding-rules';
import { CloseIcon } from '../../../components/icons';
import type { Notice } from '../lib/wizard-state';

interface WizardNoticesProps {
  notice: Notice | null;
  /** 'Validation Error: Please complete all required fields' (spec 5.4). */
  invalid: boolean;
  noticeRef: RefObject<HTMLDivElement | null>;
  validationRef: RefObject<HTMLDivElement | null>;
  onDismiss: () => void;
}

const TONE_CLASS = {
  info: 'notice--info',
  success: 'notice--success',
  error: 'notice--error',
  queued: 'notice--warning',
} as const;

/**
 * The wizard's notices. Failures are alerts; Draft loaded and submitted are spoken politely from a
 * status region that is always present, so the change is announced. The queued notice is not here:
 * it answers the Submit button and shows beside it (QueuedNote).
 */
export function WizardNotices({ notice, invalid, noticeRef, validationRef, onDismiss }: WizardNoticesProps) {
  const polite = notice && notice.tone !== 'error' && notice.tone !== 'queued' ? notice : null;
  const failure = notice?.tone === 'error' ? notice : null;
  return (
    <div className="onboarding-notices">
      {invalid && (
        <div ref={validationRef} role="alert" tabIndex={-1} className="notice notice--error onboarding-notice">
          {ONBOARDING_MESSAGES.validationNotice}
        </div>
      )}
      {failure && (
        <div ref={noticeRef} role="alert" tabIndex={-1} className="notice notice--error onboarding-notice">
          <span>{failure.text}</span>
          <button type="button" className="onboarding-notice__dismiss" onClick={onDismiss} aria-label="Dismiss">
            <CloseIcon size={16} />
          </button>
        </div>
      )}
      <div role="status" className="onboarding-notices__status">
        {polite && (
          <div className={`notice ${TONE_CLASS[polite.tone]} onboarding-notice`}>
            <span>{polite.text}</span>
            {polite.tone === 'info' && (
              <button type="button" className="onboarding-notice__dismiss" onClick={onDismiss} aria-label="Dismiss">
                <CloseIcon size={16} />
              </button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

/** The queued note's id: it describes the Submit button while the application waits for the network. */
export const QUEUED_NOTE_ID = 'onboarding-queued-note';

/**
 * Where the eye is after tapping Submit offline: right above the buttons, in a status region present
 * before it speaks.
 */
export function QueuedNote({ notice }: { notice: Notice | null }) {
  return (
    <div role="status" className="onboarding-nav__status">
      {notice?.tone === 'queued' && (
        <div id={QUEUED_NOTE_ID} className={`notice ${TONE_CLASS.queued} onboarding-notice`}>
          {notice.text}
        </div>
      )}
    </div>
  );
}
