import { QUEUED_NOTE_ID } from './wizard-notices';

interface WizardNavProps {
  /** 'Submit Application' instead of Next (the signature step). */
  isLastStep: boolean;
  canGoBack: boolean;
  submitting: boolean;
  /** The application waits on this device for the network: Submit sends it now. */
  queued: boolean;
  locked: boolean;
  onPrevious: () => void;
  onCancel: () => void;
}

/**
 * Previous, Cancel and Next at the bottom; 'Submit Application' / 'Submitting...' on the signature step
 * (spec 2.6), and 'Queued: Send Now' while the application waits for the network.
 */
export function WizardNav({ isLastStep, canGoBack, submitting, queued, locked, onPrevious, onCancel }: WizardNavProps) {
  const lastLabel = submitting ? 'Submitting...' : queued ? 'Queued: Send Now' : 'Submit Application';
  return (
    <div className="onboarding-nav">
      <button
        type="button"
        className="button button--secondary onboarding-nav__previous"
        onClick={onPrevious}
        disabled={!canGoBack || locked}
      >
        Previous
      </button>
      <button type="button" className="button button--ghost onboarding-nav__cancel" onClick={onCancel}>
        Cancel
      </button>
      {/* The form's submit button: Enter in a field goes on too. */}
      <button
        type="submit"
        className="button onboarding-nav__next"
        disabled={submitting}
        aria-disabled={submitting || undefined}
        aria-describedby={queued ? QUEUED_NOTE_ID : undefined}
      >
        {isLastStep ? lastLabel : 'Next'}
      </button>
    </div>
  );
}
