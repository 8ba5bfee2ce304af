import { ONBOARDING_STEPS, type OnboardingStep } from '@ledgerwell/shared/issuer-onboarding-rules';
import { CheckIcon } from '../../../components/icons';

interface StepTabsProps {
  step: OnboardingStep;
  /** Nothing can be clicked (submitting, queued, confirmed). */
  locked: boolean;
  onSelect: (step: OnboardingStep) => void;
}

/**
 * The step row (spec 2.6): completed steps and the current one can be clicked to go back, later ones
 * are disabled. A list of buttons, not ARIA tabs: each one moves through the wizard, it does not
 * switch a panel.
 */
export function StepTabs({ step, locked, onSelect }: StepTabsProps) {
  return (
    <nav className="onboarding-tabs" aria-label="Onboarding steps">
      <ol className="onboarding-tabs__list">
        {ONBOARDING_STEPS.map((title, index) => {
          const state = index < step ? 'done' : index === step ? 'current' : 'later';
          return (
            <li key={title} className={`onboarding-tabs__item onboarding-tabs__item--${state}`}>
              <button
                type="button"
                className="onboarding-tabs__button"
                disabled={locked || index > step}
                aria-current={index === step ? 'step' : undefined}
                onClick={() => onSelect(index as OnboardingStep)}
              >
                <span className="onboarding-tabs__number" aria-hidden="true">
                  {state === 'done' ? <CheckIcon size={16} /> : index + 1}
                </span>
                <span className="onboarding-tabs__title">
                  {title}
                  {state === 'done' && <span className="visually-hidden"> (completed)</span>}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
