import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_IDS,
  emptyOnboardingForm,
  ONBOARDING_MESSAGES as M,
  type OnboardingForm,
} from '@ledgerwell/shared/issuer-onboarding-rules';
import { sampleOnboardingForm } from '@ledgerwell/shared/issuer-onboarding.fixtures';
import { buildSubmission } from './submit-queue';
import {
  draftOf,
  firstInvalidField,
  initialWizardState,
  progressPercent,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from './wizard-state';

const NOW = new Date('2026-03-04T12:00:00.000Z');
const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, state);
const editing = (form: OnboardingForm = emptyOnboardingForm(), step: WizardState['step'] = 0): WizardState => ({
  ...initialWizardState,
  phase: 'editing',
  form,
  step,
});
const item = () =>
  buildSubmission(sampleOnboardingForm(), 'tok_abcdefghijklmnopqrstuvwxyz012345', NOW, new Uint8Array(12).fill(3));

describe('wizard navigation', () => {
  it('Next on an empty first step stays, with every message, the notice, and the first field to focus', () => {
    const state = run(editing(), { type: 'next', now: NOW });
    expect(state.step).toBe(0);
    expect(state.invalid).toBe(true);
    expect(state.errors).toEqual({
      company_name: M.companyNameRequired,
      entity_type: M.entityTypeRequired,
      contact_name: M.contactNameRequired,
      contact_email: M.contactEmailRequired,
      contact_phone: M.contactPhoneRequired,
    });
    expect(firstInvalidField(0, state.errors)).toBe('company_name');
  });

  it('an edit clears its own message; the notice goes with the last one', () => {
    let state = run(editing(), { type: 'next', now: NOW });
    state = run(state, { type: 'change', patch: { company_name: 'Acme' } });
    expect(state.errors.company_name).toBeUndefined();
    expect(state.invalid).toBe(true);
    state = run(state, {
      type: 'change',
      patch: { entity_type: 'LLC', contact_name: 'A', contact_email: 'a@b.co', contact_phone: '5550102000' },
    });
    expect(state.errors).toEqual({});
    expect(state.invalid).toBe(false);
  });

  it('Next trims the values and advances one step when the step validates; Previous goes back one', () => {
    const form = { ...sampleOnboardingForm(), company_name: '  Acme  ' };
    let state = run(editing(form), { type: 'next', now: NOW });
    expect(state.step).toBe(1);
    expect(state.form.company_name).toBe('Acme');
    state = run(state, { type: 'next', now: NOW }, { type: 'next', now: NOW });
    expect(state.step).toBe(3);
    // Next never leaves the signature step: that is Submit.
    expect(run(state, { type: 'next', now: NOW }).step).toBe(3);
    state = run(state, { type: 'previous' });
    expect(state.step).toBe(2);
    expect(run(editing(), { type: 'previous' }).step).toBe(0);
  });

  it('a tab goes to the current or an earlier step only', () => {
    const state = editing(sampleOnboardingForm(), 2);
    expect(run(state, { type: 'go-to', step: 0 }).step).toBe(0);
    expect(run(state, { type: 'go-to', step: 3 }).step).toBe(2);
    expect(run(state, { type: 'go-to', step: 4 }).step).toBe(2);
  });

  it('all three documents reviewed makes documents_reviewed true; one less makes it false', () => {
    let state = run(editing(emptyOnboardingForm(), 1), {
      type: 'change',
      patch: { reviewed_documents: [...DOCUMENT_IDS] },
    });
    expect(state.form.documents_reviewed).toBe(true);
    state = run(state, { type: 'change', patch: { reviewed_documents: DOCUMENT_IDS.slice(1) } });
    expect(state.form.documents_reviewed).toBe(false);
    state = run(state, { type: 'next', now: NOW });
    expect(state.errors).toEqual({
      documents_reviewed: M.documentsReviewRequired,
      agreements_accepted: M.agreementsRequired,
    });
  });

  it('progress is the step number over 5', () => {
    expect([0, 1, 2, 3, 4].map((step) => progressPercent(step as 0))).toEqual([20, 40, 60, 80, 100]);
  });
});

describe('restoring', () => {
  it('a draft restores its step and data with the Draft loaded notice', () => {
    const draft = { step: 2 as const, data: sampleOnboardingForm(), savedAt: NOW.toISOString() };
    const state = run(initialWizardState, { type: 'restored', draft });
    expect(state).toMatchObject({
      phase: 'editing',
      step: 2,
      form: draft.data,
      notice: { tone: 'info', text: M.draftLoaded },
    });
  });

  it('nothing stored: a fresh first step, no notice', () => {
    expect(run(initialWizardState, { type: 'restored' })).toMatchObject({ phase: 'editing', step: 0, notice: null });
  });

  it('a queued application comes back locked on the signature step with the queued notice', () => {
    const queued = item();
    const state = run(initialWizardState, { type: 'restored', queued });
    expect(state).toMatchObject({
      phase: 'queued',
      step: 3,
      application: queued.application,
      notice: { tone: 'queued', text: M.queued },
    });
    expect(run(state, { type: 'change', patch: { signature_name: 'Someone else' } }).form.signature_name).toBe(
      'Ada Lovelace',
    );
    expect(run(state, { type: 'previous' }).step).toBe(3);
  });

  it('an application accepted in the background shows its confirmation', () => {
    const { application } = item();
    expect(run(initialWizardState, { type: 'restored', accepted: application })).toMatchObject({
      phase: 'done',
      step: 4,
      application,
      notice: { tone: 'success', text: M.submitted },
    });
  });

  it('a refusal in the background puts the draft back on the signature step with the failure notice', () => {
    const draft = { step: 3 as const, data: sampleOnboardingForm(), savedAt: NOW.toISOString() };
    const state = run(initialWizardState, {
      type: 'restored',
      draft,
      rejected: { fieldErrors: { signature: 'bad', ein: 'not here' } },
    });
    expect(state).toMatchObject({
      phase: 'editing',
      step: 3,
      errors: { signature: 'bad' },
      notice: { tone: 'error', text: M.submitFailed },
    });
  });
});

describe('submitting', () => {
  it('an unsigned signature step does not submit: its messages, the notice, the signature among them', () => {
    const form = { ...sampleOnboardingForm(), signatureData: null, agreement_accepted: false };
    const state = run(editing(form, 3), { type: 'submit', now: NOW });
    expect(state.phase).toBe('editing');
    expect(state.errors).toEqual({ signature: M.signatureRequired, agreement_accepted: M.agreementRequired });
    expect(firstInvalidField(3, state.errors)).toBe('signature');
  });

  it('one submission at a time: a second submit while one runs changes nothing', () => {
    const state = run(editing(sampleOnboardingForm(), 3), { type: 'submit', now: NOW });
    expect(state.phase).toBe('submitting');
    expect(run(state, { type: 'submit', now: NOW })).toBe(state);
    expect(run(state, { type: 'go-to', step: 0 })).toBe(state);
  });

  it('accepted: the confirmation with the success notice; nothing left to save', () => {
    const queued = item();
    const state = run(
      editing(sampleOnboardingForm(), 3),
      { type: 'submit', now: NOW },
      { type: 'accepted', application: queued.application },
    );
    expect(state).toMatchObject({
      phase: 'done',
      step: 4,
      application: queued.application,
      notice: { tone: 'success', text: M.submitted },
    });
    expect(draftOf(state)).toBeNull();
  });

  it('refused: back on the signature step with the failure notice, the data kept', () => {
    const form = sampleOnboardingForm();
    const state = run(editing(form, 3), { type: 'submit', now: NOW }, { type: 'rejected', fieldErrors: {} });
    expect(state).toMatchObject({ phase: 'editing', step: 3, form, notice: { tone: 'error', text: M.submitFailed } });
  });

  it('no network: queued with the plain notice; Submit again resends the same application', () => {
    const queued = item();
    let state = run(editing(sampleOnboardingForm(), 3), { type: 'submit', now: NOW }, { type: 'queued', item: queued });
    expect(state).toMatchObject({ phase: 'queued', notice: { tone: 'queued', text: M.queued } });
    state = run(state, { type: 'resend' });
    expect(state.phase).toBe('submitting');
    state = run(state, { type: 'accepted', application: queued.application });
    expect(state.phase).toBe('done');
  });
});
