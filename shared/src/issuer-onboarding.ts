import { z } from 'zod';
import {
  DOCUMENT_IDS,
  ONBOARDING_ID_MAX_LENGTH,
  ONBOARDING_ID_PATTERN,
  ONBOARDING_MAX_LENGTHS,
  ONBOARDING_MESSAGES,
  SESSION_TOKEN_MAX_LENGTH,
  SESSION_TOKEN_MIN_LENGTH,
  SESSION_TOKEN_PATTERN,
  trimOnboardingForm,
  validateOnboardingForm,
} from './issuer-onboarding-rules';
import { signatureDataUrlSchema } from './signature';

export * from './issuer-onboarding-rules';

/**
 * The API's schemas of issuer onboarding (admin-management spec 7.2): the start body, and the submit
 * body POST /api/issuer-onboarding/submit parses, built on the zod-free rules of
 * issuer-onboarding-rules.ts.
 */

const L = ONBOARDING_MAX_LENGTHS;
const M = ONBOARDING_MESSAGES;

const sessionTokenSchema = z
  .string({ error: M.sessionInvalid })
  .max(SESSION_TOKEN_MAX_LENGTH, { message: M.sessionInvalid, abort: true })
  .min(SESSION_TOKEN_MIN_LENGTH, { message: M.sessionInvalid, abort: true })
  .regex(SESSION_TOKEN_PATTERN, M.sessionInvalid);

/** POST /api/issuer-onboarding/start (spec 7.2). */
export const onboardingStartBodySchema = z.object({ sessionToken: sessionTokenSchema });
export type OnboardingStartBody = z.output<typeof onboardingStartBodySchema>;

// --- The submit body -----------------------------------------------------------------------------

/** A form text: the type and the length are the schema's; what it must hold is `validateOnboardingStep`'s. */
const formText = (max: number, message: string) =>
  z.string({ error: message }).max(max, { message, abort: true }).default('');

const formShape = {
  company_name: formText(L.company_name, M.nameTooLong),
  entity_type: formText(40, M.entityTypeInvalid),
  contact_name: formText(L.contact_name, M.nameTooLong),
  contact_email: formText(L.contact_email, M.emailInvalid),
  contact_phone: formText(L.contact_phone, M.phoneInvalid),
  reviewed_documents: z
    .array(z.enum(DOCUMENT_IDS, { error: M.documentsReviewRequired }), { error: M.documentsReviewRequired })
    .max(10, M.documentsReviewRequired)
    .default([]),
  documents_reviewed: z.boolean({ error: M.documentsReviewRequired }).default(false),
  agreements_accepted: z.boolean({ error: M.agreementsRequired }).default(false),
  legal_name: formText(L.legal_name, M.nameTooLong),
  incorporation_state: formText(40, M.stateInvalid),
  incorporation_date: formText(40, M.incorporationDateInvalid),
  ein: formText(L.ein, M.einInvalid),
  address_line1: formText(L.address_line1, M.nameTooLong),
  address_line2: formText(L.address_line2, M.nameTooLong),
  city: formText(L.city, M.cityTooLong),
  state: formText(40, M.stateInvalid),
  postal_code: formText(L.postal_code, M.zipInvalid),
  country: formText(40, M.usOnly),
  description: formText(L.description, M.textTooLong),
  shareholder_count: formText(40, M.shareholderCountInvalid),
  signature_name: formText(L.signature_name, M.nameTooLong),
  signature_title: formText(L.signature_title, M.nameTooLong),
  signature_date: formText(40, M.dateInvalid),
  agreement_accepted: z.boolean({ error: M.agreementRequired }).default(false),
  signatureData: z
    .object(
      {
        dataUrl: signatureDataUrlSchema,
        timestamp: z.string({ error: M.signatureRequired }).max(40, { message: M.signatureRequired, abort: true }),
        method: z.literal('drawn', { error: M.signatureRequired }),
      },
      { error: M.signatureRequired },
    )
    .nullable()
    .default(null),
  comments: formText(L.comments, M.textTooLong),
};

/** An ISO time as `toISOString()` writes it, or a date (YYYY-MM-DD). */
const isoTimeSchema = z
  .string({ error: M.dateInvalid })
  .max(40, { message: M.dateInvalid, abort: true })
  .refine(
    (value) => /^\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:\d{2}))?$/.test(value) && !Number.isNaN(Date.parse(value)),
    M.dateInvalid,
  );

/** Zod skips an object's checks once a field failed; these run on any object, so one answer names every problem. */
const ALWAYS = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
} as const;

/** `final_application_data`: the whole form plus what the browser adds on submit (spec 3), every step's rules applied. */
export const finalApplicationDataSchema = z
  .object({
    ...formShape,
    onboardingId: z
      .string({ error: M.onboardingIdInvalid })
      .max(ONBOARDING_ID_MAX_LENGTH, { message: M.onboardingIdInvalid, abort: true })
      .regex(ONBOARDING_ID_PATTERN, M.onboardingIdInvalid),
    submittedAt: isoTimeSchema,
    signatureDate: isoTimeSchema,
  })
  .superRefine((value, ctx) => {
    for (const [field, message] of Object.entries(validateOnboardingForm(value)))
      ctx.addIssue({ code: 'custom', path: [field], message });
  }, ALWAYS)
  .transform((value) => trimOnboardingForm(value));
export type FinalApplicationData = z.output<typeof finalApplicationDataSchema>;

/** POST /api/issuer-onboarding/submit (spec 7.2). */
export const onboardingSubmitBodySchema = z.object({
  session_token: sessionTokenSchema,
  signature_data: signatureDataUrlSchema,
  agreement_accepted: z.literal(true, { error: M.agreementRequired }),
  final_application_data: finalApplicationDataSchema,
  submission_notes: z
    .string({ error: M.textTooLong })
    .max(L.comments, { message: M.textTooLong, abort: true })
    .nullish()
    .transform((value) => value?.trim() ?? ''),
});
export type OnboardingSubmitBody = z.input<typeof onboardingSubmitBodySchema>;
export type OnboardingSubmission = z.output<typeof onboardingSubmitBodySchema>;

/**
 * The submit answer's field errors keyed by form field name: `final_application_data.ein` is `ein`,
 * the signature inside the form is `signature`; the body's own fields keep their names. The first
 * message of each field wins.
 */
export function onboardingSubmitFieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const [first, second] = issue.path.map(String);
    let key = issue.path.length === 0 ? '_' : (first ?? '_');
    if (first === 'final_application_data')
      key = second === undefined ? first : second === 'signatureData' ? 'signature' : second;
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

export const onboardingSubmitResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  applicationId: z.string(),
  id: z.string(),
  status: z.literal('SUBMITTED'),
});
export type OnboardingSubmitResponse = z.infer<typeof onboardingSubmitResponseSchema>;
