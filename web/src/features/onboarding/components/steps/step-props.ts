import type { OnboardingErrors, OnboardingForm } from '@ledgerwell/shared/issuer-onboarding-rules';

/** What every form step receives: the form, its messages, and the edit to apply. */
export interface StepProps {
  form: OnboardingForm;
  errors: OnboardingErrors;
  onChange: (patch: Partial<OnboardingForm>) => void;
}
