import {
  DOCUMENT_IDS,
  emptyOnboardingForm,
  ONBOARDING_MESSAGES,
  trimOnboardingForm,
  validateOnboardingStep,
  type OnboardingErrorField,
  type OnboardingErrors,
  type OnboardingForm,
  type OnboardingFormStep,
  type OnboardingStep,
  type SubmittedApplication,
} from '@ledgerwell/shared/issuer-onboarding-rules';
import type { Draft } from './draft-store';
import type { QueuedSubmission } from './storage';

/**
 * The wizard's rules (spec 4, "Onboarding wizard") as a pure reducer: Next only when the step
 * validates, Previous one back, a tab only to the current or an earlier step, submit from the
 * signature step, one submission at a time.
 */

export type NoticeTone = 'info' | 'success' | 'error' | 'queued';
export interface Notice {
  tone: NoticeTone;
  text: string;
}

export type WizardPhase =
  /** Reading the draft and the outbox. */
  | 'loading'
  | 'editing'
  | 'submitting'
  /** The application waits in the outbox for the network; the form is locked. */
  | 'queued'
  /** The server accepted it: the confirmation. */
  | 'done';

export interface WizardState {
  phase: WizardPhase;
  step: OnboardingStep;
  form: OnboardingForm;
  errors: OnboardingErrors;
  /** 'Validation Error: Please complete all required fields' is on screen. */
  invalid: boolean;
  notice: Notice | null;
  /** The queued or accepted application. */
  application: SubmittedApplication | null;
  /** Changed since the last save. */
  dirty: boolean;
}

export const initialWizardState: WizardState = {
  phase: 'loading',
  step: 0,
  form: emptyOnboardingForm(),
  errors: {},
  invalid: false,
  notice: null,
  application: null,
  dirty: false,
};

export type WizardAction =
  | {
      type: 'restored';
      draft?: Draft | null;
      queued?: QueuedSubmission | null;
      accepted?: SubmittedApplication | null;
      /** A refusal that came while no wizard was open. */
      rejected?: { fieldErrors: Record<string, string> } | null;
    }
  | { type: 'change'; patch: Partial<OnboardingForm> }
  | { type: 'next'; now?: Date }
  | { type: 'previous' }
  | { type: 'go-to'; step: OnboardingStep }
  /** Validates the signature step; submitting starts only when it passes. */
  | { type: 'submit'; now?: Date }
  | { type: 'queued'; item: QueuedSubmission }
  /** A resend of the queued application started (the Submit button while queued). */
  | { type: 'resend' }
  | { type: 'accepted'; application: SubmittedApplication }
  | { type: 'rejected'; fieldErrors: Record<string, string> }
  | { type: 'saved' }
  | { type: 'dismiss-notice' };

/** The fields a step's messages may name, in the order they appear on screen (focus goes to the first). */
export const STEP_FIELDS: Record<OnboardingFormStep, readonly OnboardingErrorField[]> = {
  0: ['company_name', 'entity_type', 'contact_name', 'contact_phone', 'contact_email'],
  1: ['documents_reviewed', 'agreements_accepted'],
  2: [
    'legal_name',
    'incorporation_state',
    'incorporation_date',
    'ein',
    'address_line1',
    'address_line2',
    'city',
    'state',
    'postal_code',
    'country',
    'description',
    'shareholder_count',
  ],
  3: ['signature_name', 'signature_title', 'signature', 'agreement_accepted', 'comments'],
};

const hasErrors = (errors: OnboardingErrors) => Object.keys(errors).length > 0;

/** The first field of the step with a message, in screen order. */
export function firstInvalidField(step: OnboardingFormStep, errors: OnboardingErrors): OnboardingErrorField | null {
  return STEP_FIELDS[step].find((field) => errors[field] !== undefined) ?? null;
}

/** The messages a server refusal names on the signature step (the only ones the visitor can fix there). */
function signatureStepErrors(fieldErrors: Record<string, string>): OnboardingErrors {
  const errors: OnboardingErrors = {};
  for (const field of STEP_FIELDS[3]) {
    const message = fieldErrors[field];
    if (message) errors[field] = message;
  }
  return errors;
}

/** The fields whose messages an edit clears: the edited ones, and the canvas with its signature. */
function clearedBy(patch: Partial<OnboardingForm>): OnboardingErrorField[] {
  const fields = Object.keys(patch) as OnboardingErrorField[];
  if ('signatureData' in patch) fields.push('signature');
  if ('reviewed_documents' in patch) fields.push('documents_reviewed');
  return fields;
}

const formOfApplication = (application: SubmittedApplication): OnboardingForm => {
  const { onboardingId: _id, submittedAt: _at, signatureDate: _date, ...form } = application;
  return form;
};

const leaveStep = (state: WizardState, step: OnboardingStep): WizardState => ({
  ...state,
  step,
  errors: {},
  invalid: false,
  // 'Draft loaded' and a failure belong to the step they were said on.
  notice: state.notice?.tone === 'success' ? state.notice : null,
  dirty: true,
});

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  const locked = state.phase !== 'editing';
  switch (action.type) {
    case 'restored': {
      if (action.accepted) {
        return {
          ...initialWizardState,
          phase: 'done',
          step: 4,
          form: formOfApplication(action.accepted),
          application: action.accepted,
          notice: { tone: 'success', text: ONBOARDING_MESSAGES.submitted },
        };
      }
      if (action.queued) {
        return {
          ...initialWizardState,
          phase: 'queued',
          step: 3,
          form: formOfApplication(action.queued.application),
          application: action.queued.application,
          notice: { tone: 'queued', text: ONBOARDING_MESSAGES.queued },
        };
      }
      const base = action.draft
        ? { ...initialWizardState, step: action.draft.step, form: action.draft.data }
        : initialWizardState;
      if (action.rejected) {
        return {
          ...base,
          phase: 'editing',
          step: 3,
          errors: signatureStepErrors(action.rejected.fieldErrors),
          notice: { tone: 'error', text: ONBOARDING_MESSAGES.submitFailed },
        };
      }
      return {
        ...base,
        phase: 'editing',
        notice: action.draft ? { tone: 'info', text: ONBOARDING_MESSAGES.draftLoaded } : null,
      };
    }
    case 'change': {
      if (locked) return state;
      const errors = { ...state.errors };
      for (const field of clearedBy(action.patch)) delete errors[field];
      const form = { ...state.form, ...action.patch };
      // Spec 4: all three reviewed makes documents_reviewed true.
      if ('reviewed_documents' in action.patch)
        form.documents_reviewed = DOCUMENT_IDS.every((id) => form.reviewed_documents.includes(id));
      return { ...state, form, errors, invalid: state.invalid && hasErrors(errors), dirty: true };
    }
    case 'next': {
      if (locked || state.step >= 3) return state;
      const form = trimOnboardingForm(state.form);
      const errors = validateOnboardingStep(state.step as OnboardingFormStep, form, action.now);
      if (hasErrors(errors)) return { ...state, form, errors, invalid: true, dirty: true };
      return leaveStep({ ...state, form }, (state.step + 1) as OnboardingStep);
    }
    case 'previous':
      if (locked || state.step === 0) return state;
      return leaveStep(state, (state.step - 1) as OnboardingStep);
    case 'go-to':
      if (locked || action.step > state.step || action.step === state.step) return state;
      return leaveStep(state, action.step);
    case 'submit': {
      if (locked || state.step !== 3) return state;
      const form = trimOnboardingForm(state.form);
      const errors = validateOnboardingStep(3, form, action.now);
      if (hasErrors(errors)) return { ...state, form, errors, invalid: true, notice: null };
      return { ...state, form, errors: {}, invalid: false, phase: 'submitting', notice: null };
    }
    case 'queued':
      if (state.phase !== 'submitting') return state;
      return {
        ...state,
        phase: 'queued',
        application: action.item.application,
        notice: { tone: 'queued', text: ONBOARDING_MESSAGES.queued },
      };
    case 'resend':
      return state.phase === 'queued' ? { ...state, phase: 'submitting' } : state;
    case 'accepted':
      return {
        ...state,
        phase: 'done',
        step: 4,
        application: action.application,
        errors: {},
        invalid: false,
        dirty: false,
        notice: { tone: 'success', text: ONBOARDING_MESSAGES.submitted },
      };
    case 'rejected':
      if (state.phase === 'done') return state;
      return {
        ...state,
        phase: 'editing',
        step: 3,
        application: null,
        errors: signatureStepErrors(action.fieldErrors),
        notice: { tone: 'error', text: ONBOARDING_MESSAGES.submitFailed },
      };
    case 'saved':
      return { ...state, dirty: false };
    case 'dismiss-notice':
      return { ...state, notice: null };
  }
}

/** 'Step N of 5' as a progress percentage (spec 2.6: the step number divided by 5). */
export const progressPercent = (step: OnboardingStep) => Math.round(((step + 1) / 5) * 100);

/** The draft worth keeping for this state, or null (nothing typed yet, or nothing left to edit). */
export function draftOf(state: WizardState): { step: OnboardingFormStep; data: OnboardingForm } | null {
  if (state.phase !== 'editing' && state.phase !== 'submitting') return null;
  return { step: Math.min(state.step, 3) as OnboardingFormStep, data: state.form };
}
