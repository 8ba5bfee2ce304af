import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  ONBOARDING_MESSAGES,
  onboardingStepLabel,
  type OnboardingErrorField,
} from '@ledgerwell/shared/issuer-onboarding-rules';
import { paths } from '../../../config/paths';
import { cacheVisitedAssets } from '../../../lib/visited-assets';
import { useOnboarding } from '../hooks/use-onboarding';
import { progressPercent } from '../lib/wizard-state';
import { OnboardingConfirmation } from './confirmation';
import { ConfirmDialog } from './confirm-dialog';
import { DOCUMENTS_STEP_IDS, DocumentsStep } from './documents-step';
import { CompanyDetailsStep } from './steps/company-details-step';
import { GetStartedStep } from './steps/get-started-step';
import { SIGNATURE_PAD_ID, SignatureStep } from './steps/signature-step';
import { StepTabs } from './step-tabs';
import { WizardLoading } from './wizard-loading';
import { WizardNav } from './wizard-nav';
import { QueuedNote, WizardNotices } from './wizard-notices';
import { WizardToolbar } from './wizard-toolbar';

const focusable = (element: Element | null | undefined): element is HTMLElement => element instanceof HTMLElement;

/** Moves the focus and reports whether it landed (a canvas without tabindex would not take it). */
function focusOn(element: HTMLElement, options?: FocusOptions): boolean {
  element.focus(options);
  return document.activeElement === element;
}

/** The five-step issuer onboarding wizard (spec 2.6, 4): header, step tabs, the step, notices and buttons. */
export function OnboardingWizard() {
  const navigate = useNavigate();
  const top = useRef<HTMLElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const stepBody = useRef<HTMLFieldSetElement>(null);
  const validationNotice = useRef<HTMLDivElement>(null);
  const notice = useRef<HTMLDivElement>(null);
  const [confirm, setConfirm] = useState<'cancel' | 'abandon' | null>(null);
  // The wizard is not installed with the app: keep what this visit loaded, so a draft resumes offline.
  useEffect(() => {
    void cacheVisitedAssets();
  }, []);

  const wizard = useOnboarding({
    stepHeading() {
      top.current?.scrollIntoView({ block: 'start' });
      stepHeading.current?.focus({ preventScroll: true });
    },
    firstInvalid(field: OnboardingErrorField | null) {
      // The canvas and the documents list carry no aria-invalid of their own: found by their ids.
      const byId =
        field === 'signature'
          ? SIGNATURE_PAD_ID
          : field === 'documents_reviewed'
            ? DOCUMENTS_STEP_IDS.documentsReviewed
            : null;
      const target = byId ? document.getElementById(byId) : stepBody.current?.querySelector('[aria-invalid="true"]');
      if (focusable(target) && focusOn(target)) return;
      validationNotice.current?.focus();
    },
    notice() {
      notice.current?.focus();
    },
  });
  const { state } = wizard;

  // A draft comes back where it was left: the wizard, with 'Draft loaded' and the step, in view (on a
  // phone the hero fills the first screen, and the notice would be a screen below it).
  const draftLoaded = state.notice?.text === ONBOARDING_MESSAGES.draftLoaded;
  useEffect(() => {
    if (draftLoaded) top.current?.scrollIntoView({ block: 'start' });
  }, [draftLoaded]);

  if (state.phase === 'loading') return <WizardLoading />;

  const done = state.phase === 'done';
  const locked = state.phase !== 'editing';
  const stepLabel = onboardingStepLabel(state.step);
  const percent = progressPercent(state.step);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (state.step === 3) void wizard.submit();
    else wizard.next();
  };

  return (
    <section ref={top} className="onboarding-wizard" aria-labelledby="onboarding-wizard-title">
      <header className="onboarding-wizard__header">
        <h2 id="onboarding-wizard-title" className="onboarding-wizard__title">
          Issuer Onboarding Application
        </h2>
        <h3 ref={stepHeading} tabIndex={-1} className="onboarding-wizard__step">
          {stepLabel}
        </h3>
        <div
          className="onboarding-progress"
          role="progressbar"
          aria-label="Onboarding progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${stepLabel} (${percent}%)`}
        >
          <div className="onboarding-progress__bar" style={{ width: `${percent}%` }} />
        </div>
        <StepTabs step={state.step} locked={locked} onSelect={wizard.goTo} />
        {!done && (
          <WizardToolbar
            canSave={state.phase === 'editing'}
            savedFlash={wizard.savedFlash}
            onSave={() => void wizard.saveNow()}
            onAbandon={() => setConfirm('abandon')}
          />
        )}
      </header>

      <WizardNotices
        notice={state.notice}
        invalid={state.invalid}
        noticeRef={notice}
        validationRef={validationNotice}
        onDismiss={wizard.dismissNotice}
      />

      {done && state.application ? (
        <div className="onboarding-wizard__body">
          <OnboardingConfirmation application={state.application} onStartNew={() => void wizard.startNew()} />
        </div>
      ) : (
        <form
          className="onboarding-wizard__body"
          noValidate
          onSubmit={onSubmit}
          aria-labelledby="onboarding-wizard-title"
        >
          <fieldset ref={stepBody} className="onboarding-step" disabled={locked}>
            <legend className="visually-hidden">{stepLabel}</legend>
            {state.step === 0 && <GetStartedStep form={state.form} errors={state.errors} onChange={wizard.change} />}
            {state.step === 1 && (
              <DocumentsStep
                reviewedDocuments={state.form.reviewed_documents}
                agreementsAccepted={state.form.agreements_accepted}
                errors={{
                  documents_reviewed: state.errors.documents_reviewed,
                  agreements_accepted: state.errors.agreements_accepted,
                }}
                onChange={({ reviewedDocuments, agreementsAccepted }) =>
                  wizard.change({ reviewed_documents: reviewedDocuments, agreements_accepted: agreementsAccepted })
                }
              />
            )}
            {state.step === 2 && (
              <CompanyDetailsStep form={state.form} errors={state.errors} onChange={wizard.change} />
            )}
            {state.step === 3 && <SignatureStep form={state.form} errors={state.errors} onChange={wizard.change} />}
          </fieldset>
          <QueuedNote notice={state.notice} />
          <WizardNav
            isLastStep={state.step === 3}
            canGoBack={state.step > 0}
            submitting={state.phase === 'submitting'}
            queued={state.phase === 'queued'}
            locked={locked}
            onPrevious={wizard.previous}
            onCancel={() => setConfirm('cancel')}
          />
        </form>
      )}

      {confirm === 'cancel' && (
        <ConfirmDialog
          title="Leave the onboarding?"
          message="Your progress will be saved as a draft on this device, so you can pick up where you left off."
          confirmLabel="Save and Leave"
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            setConfirm(null);
            void wizard.cancel().then(() => navigate(paths.home));
          }}
        />
      )}
      {confirm === 'abandon' && (
        <ConfirmDialog
          title="Abandon the onboarding?"
          message={ONBOARDING_MESSAGES.abandonConfirm}
          confirmLabel="Abandon"
          danger
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            setConfirm(null);
            void wizard.abandon().then(() => navigate(paths.home));
          }}
        />
      )}
    </section>
  );
}
