import { DOCUMENT_IDS, emptyOnboardingForm, type OnboardingForm, type OnboardingSubmitBody } from './issuer-onboarding';

/** A 1x1 PNG: a well-formed data URL (the server also wants a sane size: tests make their own with sharp). */
export const TINY_PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A form that passes every step, for tests on both sides. */
export function sampleOnboardingForm(signatureDataUrl: string = TINY_PNG_DATA_URL): OnboardingForm {
  return {
    ...emptyOnboardingForm(),
    company_name: 'Acme Robotics, Inc.',
    entity_type: 'CORPORATION',
    contact_name: 'Ada Lovelace',
    contact_email: 'ada@acme.example',
    contact_phone: '(555) 010-2000',
    reviewed_documents: [...DOCUMENT_IDS],
    documents_reviewed: true,
    agreements_accepted: true,
    legal_name: 'Acme Robotics Incorporated',
    incorporation_state: 'DE',
    incorporation_date: '2019-03-14',
    ein: '12-3456789',
    address_line1: '1 Main Street',
    city: 'Wilmington',
    state: 'DE',
    postal_code: '19801',
    description: 'Industrial robots for small factories.',
    shareholder_count: '51-100',
    signature_name: 'Ada Lovelace',
    signature_title: 'CEO',
    signature_date: '2026-01-05',
    agreement_accepted: true,
    signatureData: { dataUrl: signatureDataUrl, timestamp: '2026-01-05T10:00:00.000Z', method: 'drawn' },
  };
}

/** A submit body (spec 7.2) for that form. */
export function sampleSubmitBody(
  options: {
    onboardingId?: string;
    sessionToken?: string;
    signatureDataUrl?: string;
    form?: Partial<OnboardingForm>;
  } = {},
): OnboardingSubmitBody & { final_application_data: Record<string, unknown> } {
  const signature = options.signatureDataUrl ?? TINY_PNG_DATA_URL;
  return {
    session_token: options.sessionToken ?? 'sess_abcdefghijklmnopqrstuv',
    signature_data: signature,
    agreement_accepted: true,
    final_application_data: {
      ...sampleOnboardingForm(signature),
      ...options.form,
      onboardingId: options.onboardingId ?? 'issuer_1767607200000_k3j5h2g9a1',
      submittedAt: '2026-01-05T10:00:00.000Z',
      signatureDate: '2026-01-05T10:00:00.000Z',
    },
    submission_notes: 'Please call before noon.',
  };
}
