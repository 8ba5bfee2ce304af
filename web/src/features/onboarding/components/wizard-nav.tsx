interface WizardNavProps {
  /** 'Submit Application' instead of Next (the signature step). */
  isLastStep: boolean;
  canGoBack: boolean;
  submitting: boolean;
  locked: boolean;
  onPrevious: () => void;
  onCancel: () => void;
}

/** Previous, Cancel and Next at the bottom; 'Submit Application' / 'Submitting...' on the signature step (spec 2.6). */
export function WizardNav({ isLastStep, canGoBack, submitting, locked, onPrevious, onCancel }: WizardNavProps) {
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
      >
        {isLastStep ? (submitting ? 'Submitting...' : 'Submit Application') : 'Next'}
      </button>
    </div>
  );
}
