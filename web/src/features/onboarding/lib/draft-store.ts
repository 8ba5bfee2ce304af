import {
  DEFAULT_COUNTRY,
  DOCUMENT_IDS,
  emptyOnboardingForm,
  SIGNATURE_DATA_URL_PREFIX,
  type OnboardingForm,
  type OnboardingFormStep,
} from '@ledgerwell/shared/issuer-onboarding-rules';
import { DRAFT_KEY, type OnboardingStorage } from './storage';

/** The draft the spec describes (3, 9): the current step, the form data and when it was saved. */
export interface Draft {
  step: OnboardingFormStep;
  data: OnboardingForm;
  /** ISO time. */
  savedAt: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isSignature(value: unknown): boolean {
  if (value === null) return true;
  return (
    isObject(value) &&
    typeof value.dataUrl === 'string' &&
    value.dataUrl.startsWith(SIGNATURE_DATA_URL_PREFIX) &&
    typeof value.timestamp === 'string' &&
    value.method === 'drawn'
  );
}

/**
 * The form held in a stored draft, or null when the draft does not have the form's shape (spec 4: a
 * corrupt draft is discarded). Every known field present must have its type; a field missing (a draft
 * from an older version) takes its default; unknown fields are dropped; the country stays fixed.
 */
function formOf(data: unknown): OnboardingForm | null {
  if (!isObject(data)) return null;
  const form = emptyOnboardingForm();
  const target = form as unknown as Record<string, unknown>;
  for (const [field, fallback] of Object.entries(form)) {
    if (!(field in data)) continue;
    const value = data[field];
    if (field === 'signatureData') {
      if (!isSignature(value)) return null;
    } else if (field === 'reviewed_documents') {
      if (!Array.isArray(value) || !value.every((id) => (DOCUMENT_IDS as readonly unknown[]).includes(id))) return null;
    } else if (typeof value !== typeof fallback) {
      return null;
    }
    target[field] = value;
  }
  form.country = DEFAULT_COUNTRY;
  form.reviewed_documents = [...new Set(form.reviewed_documents)];
  return form;
}

/** A stored value as a draft, or null when it is not one. */
export function parseDraft(value: unknown): Draft | null {
  if (!isObject(value)) return null;
  const { step, savedAt } = value;
  if (typeof step !== 'number' || !Number.isInteger(step) || step < 0 || step > 3) return null;
  if (typeof savedAt !== 'string' || Number.isNaN(Date.parse(savedAt))) return null;
  const data = formOf(value.data);
  if (!data) return null;
  return { step: step as OnboardingFormStep, data, savedAt };
}

export type DraftLoad = { status: 'none' } | { status: 'corrupt' } | { status: 'loaded'; draft: Draft };

/** The stored draft; a corrupt one is removed (spec 8: "Draft load failure: the stored draft is removed"). */
export async function loadDraft(storage: OnboardingStorage): Promise<DraftLoad> {
  let stored: unknown;
  try {
    stored = await storage.get(DRAFT_KEY);
  } catch {
    return { status: 'none' };
  }
  if (stored === undefined || stored === null) return { status: 'none' };
  const draft = parseDraft(stored);
  if (draft) return { status: 'loaded', draft };
  await storage.delete(DRAFT_KEY).catch(() => undefined);
  return { status: 'corrupt' };
}

export async function saveDraft(
  storage: OnboardingStorage,
  step: OnboardingFormStep,
  data: OnboardingForm,
  now: Date = new Date(),
): Promise<Draft> {
  const draft: Draft = { step, data, savedAt: now.toISOString() };
  await storage.put(DRAFT_KEY, draft);
  return draft;
}

export async function clearDraft(storage: OnboardingStorage): Promise<void> {
  await storage.delete(DRAFT_KEY);
}
