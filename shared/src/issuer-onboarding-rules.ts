import { isUsStateCode } from './us-states';
import { EMAIL_MAX_LENGTH, isEmailAddress } from './email-address';

/**
 * Issuer onboarding (admin-management spec 2.6, 3, 4, 5.4, 8, 9), without zod: the wizard's value
 * sets, messages and step rules, ids and session tokens. The wizard loads only this module, so a
 * visitor's page never evaluates zod (issuer-onboarding.ts holds the API's schemas and re-exports
 * this). The wizard runs `validateOnboardingStep` on Next; the server runs the same function on
 * every step.
 */

export const ENTITY_TYPES = ['CORPORATION', 'LLC', 'PARTNERSHIP', 'TRUST'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];
export const ENTITY_TYPE_LABELS: Record<EntityType, string> = {
  CORPORATION: 'Corporation (C-Corp or S-Corp)',
  LLC: 'LLC',
  PARTNERSHIP: 'Partnership (LP or LLP)',
  TRUST: 'Trust',
};

export const SHAREHOLDER_COUNTS = ['1-10', '11-50', '51-100', '101-500', '501-1000', '1000+'] as const;
export type ShareholderCount = (typeof SHAREHOLDER_COUNTS)[number];

/** '1000+' reads 'More than 1000 shareholders'; an empty value 'Not specified' (spec 3). */
export function shareholderCountLabel(value: string | null | undefined): string {
  if (!value) return 'Not specified';
  if (value === '1000+') return 'More than 1000 shareholders';
  return `${value} shareholders`;
}

/** Steps 0..4; shown as 'Step N of 5: title' with N = step + 1. */
export const ONBOARDING_STEPS = [
  "Let's Get Started",
  'Review Documents',
  'Company Details',
  'Electronic Signature',
  'Confirmation',
] as const;
export type OnboardingStep = 0 | 1 | 2 | 3 | 4;
/** The steps that hold fields (the confirmation has none). */
export type OnboardingFormStep = 0 | 1 | 2 | 3;
export const ONBOARDING_FORM_STEPS: readonly OnboardingFormStep[] = [0, 1, 2, 3];
export const onboardingStepLabel = (step: OnboardingStep) =>
  `Step ${step + 1} of ${ONBOARDING_STEPS.length}: ${ONBOARDING_STEPS[step]}`;

export const REQUIRED_DOCUMENTS = [
  { id: 'service-agreement', title: 'Service Agreement' },
  { id: 'privacy-policy', title: 'Privacy Policy' },
  { id: 'service-standards', title: 'Service Standards' },
] as const;
export type DocumentId = (typeof REQUIRED_DOCUMENTS)[number]['id'];
export const DOCUMENT_IDS = REQUIRED_DOCUMENTS.map((document) => document.id) as [DocumentId, ...DocumentId[]];

/** What happens after submission, all pending at first (spec 4); the confirmation page and e-mail list it. */
export const ONBOARDING_TIMELINE = [
  { title: 'Initial Review', duration: '1-2 business days' },
  { title: 'Documentation Verification', duration: '2-3 business days' },
  { title: 'Account Setup', duration: '1-2 business days' },
  { title: 'Onboarding Complete', duration: '5-7 business days total' },
] as const;

export const ONBOARDING_MAX_LENGTHS = {
  company_name: 200,
  contact_name: 200,
  legal_name: 200,
  signature_name: 200,
  signature_title: 200,
  contact_email: EMAIL_MAX_LENGTH,
  contact_phone: 20,
  ein: 10,
  postal_code: 10,
  city: 100,
  address_line1: 200,
  address_line2: 200,
  description: 2000,
  comments: 2000,
} as const;
const L = ONBOARDING_MAX_LENGTHS;

export const ONBOARDING_MESSAGES = {
  // Spec 5.4, verbatim.
  companyNameRequired: 'Company name is required',
  entityTypeRequired: 'Entity type is required',
  contactNameRequired: 'Contact name is required',
  contactEmailRequired: 'Contact email is required',
  emailInvalid: 'Please enter a valid email address',
  contactPhoneRequired: 'Contact phone is required',
  documentsReviewRequired: 'Please review all required documents',
  agreementsRequired: 'Please accept the agreements to continue',
  legalNameRequired: 'Legal name is required',
  incorporationStateRequired: 'State of incorporation is required',
  incorporationDateRequired: 'Date of incorporation is required',
  einRequired: 'Tax ID is required',
  addressRequired: 'Street address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  zipRequired: 'ZIP code is required',
  signatureNameRequired: 'Signature name is required',
  signatureTitleRequired: 'Title is required',
  agreementRequired: 'You must accept the Transfer Agent agreement',
  // Spec 5.4 and 8, verbatim.
  validationNotice: 'Validation Error: Please complete all required fields',
  submitFailed: 'Error: Failed to submit onboarding request. Please try again.',
  submitted: 'Your onboarding request has been submitted successfully!',
  draftLoaded: 'Draft loaded',
  abandonConfirm: 'Are you sure you want to abandon this onboarding? All progress will be lost.',
  usOnly: 'Currently supporting US entities only',
  // Ours: the spec gives none.
  signatureRequired: 'Please sign above to continue',
  signatureInvalid: 'The signature must be a PNG image of at most 500 KB',
  signatureUnreadable: 'The signature image could not be read. Please clear it and sign again.',
  signatureSize: 'The signature image must be between 100x50 and 4000x2000 pixels. Please clear it and sign again.',
  queued: 'Saved on this device; it will be sent when you are back online',
  einInvalid: 'Please enter a valid 9-digit EIN (XX-XXXXXXX)',
  zipInvalid: 'Please enter a valid ZIP code (12345 or 12345-6789)',
  stateInvalid: 'Please select a valid state',
  entityTypeInvalid: 'Please select a valid entity type',
  phoneInvalid: 'Please enter a valid 10-digit phone number',
  incorporationDateInvalid: 'Please enter a valid date (YYYY-MM-DD)',
  incorporationDateFuture: 'Date of incorporation cannot be in the future',
  shareholderCountInvalid: 'Please select a valid range of shareholders',
  nameTooLong: `Please use at most ${L.company_name} characters`,
  cityTooLong: `Please use at most ${L.city} characters`,
  textTooLong: `Please use at most ${L.description} characters`,
  sessionInvalid: 'Your onboarding session is not valid. Please reload the page and try again.',
  onboardingIdInvalid: 'The application ID is not valid. Please reload the page and try again.',
  dateInvalid: 'Please enter a valid date',
  conflict:
    'This application ID was already used for a different application. Please reload the page and submit again.',
  tooMany: 'Too many applications from your connection. Please try again later, or contact us directly.',
  tooManyStarts: 'Too many requests from your connection. Please try again later.',
} as const;
const M = ONBOARDING_MESSAGES;

/** The drawn signature, as the wizard keeps it. */
export interface OnboardingSignature {
  /** 'data:image/png;base64,…' */
  dataUrl: string;
  /** ISO time of the last stroke. */
  timestamp: string;
  method: 'drawn';
}

/** The wizard's form (spec 3), snake_case as the spec names it; every text field a string ('' when empty). */
export interface OnboardingForm {
  company_name: string;
  entity_type: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  /** Which documents the visitor opened and marked reviewed; kept in the draft. */
  reviewed_documents: DocumentId[];
  documents_reviewed: boolean;
  agreements_accepted: boolean;
  legal_name: string;
  incorporation_state: string;
  /** YYYY-MM-DD */
  incorporation_date: string;
  ein: string;
  address_line1: string;
  address_line2: string;
  city: string;
  state: string;
  postal_code: string;
  /** Always 'USA'. */
  country: string;
  description: string;
  /** '' or one of SHAREHOLDER_COUNTS. */
  shareholder_count: string;
  signature_name: string;
  signature_title: string;
  signature_date: string;
  agreement_accepted: boolean;
  signatureData: OnboardingSignature | null;
  /** Submission notes. */
  comments: string;
}
export type OnboardingFormField = keyof OnboardingForm;
/** Where a step's message goes: a form field, or 'signature' for the canvas. */
export type OnboardingErrorField = OnboardingFormField | 'signature';
export type OnboardingErrors = Partial<Record<OnboardingErrorField, string>>;

export const DEFAULT_COUNTRY = 'USA';

export function emptyOnboardingForm(): OnboardingForm {
  return {
    company_name: '',
    entity_type: '',
    contact_name: '',
    contact_email: '',
    contact_phone: '',
    reviewed_documents: [],
    documents_reviewed: false,
    agreements_accepted: false,
    legal_name: '',
    incorporation_state: '',
    incorporation_date: '',
    ein: '',
    address_line1: '',
    address_line2: '',
    city: '',
    state: '',
    postal_code: '',
    country: DEFAULT_COUNTRY,
    description: '',
    shareholder_count: '',
    signature_name: '',
    signature_title: '',
    signature_date: '',
    agreement_accepted: false,
    signatureData: null,
    comments: '',
  };
}

const TEXT_FIELDS = [
  'company_name',
  'entity_type',
  'contact_name',
  'contact_email',
  'contact_phone',
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
  'signature_name',
  'signature_title',
  'signature_date',
  'comments',
] as const satisfies readonly OnboardingFormField[];

/** The same form with every text value trimmed (spec 5.4: values are trimmed). */
export function trimOnboardingForm<T extends OnboardingForm>(form: T): T {
  const copy = { ...form };
  for (const field of TEXT_FIELDS) copy[field] = (typeof form[field] === 'string' ? form[field].trim() : '') as never;
  return copy;
}

// --- Formats -----------------------------------------------------------------------------------

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** 9 digits, with or without the hyphen after the second. Length checked first; no pattern can backtrack. */
export function isEin(value: string): boolean {
  return value.length <= L.ein && /^\d{2}-?\d{7}$/.test(value);
}

/** 12345 or 12345-6789. */
export function isZipCode(value: string): boolean {
  return value.length <= L.postal_code && /^\d{5}(?:-\d{4})?$/.test(value);
}

// One character class: linear on any input, and only read after the length check.
const PHONE_CHARACTERS = /^[\d\s().+-]+$/;

/** A US number: 10 digits, or 11 with the country code 1, in any of the usual punctuations. */
export function isUsPhone(value: string): boolean {
  if (value.length > L.contact_phone || !PHONE_CHARACTERS.test(value)) return false;
  const digits = digitsOf(value);
  return digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
}

export const isEntityType = (value: string): value is EntityType => (ENTITY_TYPES as readonly string[]).includes(value);
export const isShareholderCount = (value: string): value is ShareholderCount =>
  (SHAREHOLDER_COUNTS as readonly string[]).includes(value);

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (value.length !== 10 || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A date of incorporation may be today anywhere on Earth: one day of slack past UTC's today. */
const isFutureDate = (value: string, now: Date) =>
  new Date(`${value}T00:00:00Z`).getTime() > now.getTime() + 24 * 60 * 60 * 1000;

/** Shown as (XXX) XXX-XXXX once the input holds exactly 10 digits; otherwise as typed (at most 20 characters). */
export function formatPhoneInput(value: string): string {
  const digits = digitsOf(value);
  if (digits.length === 10) return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  return value.slice(0, L.contact_phone);
}

/** Digits only, with the hyphen after the second: XX-XXXXXXX, at most 10 characters. */
export function formatEinInput(value: string): string {
  const digits = digitsOf(value).slice(0, 9);
  return digits.length > 2 ? `${digits.slice(0, 2)}-${digits.slice(2)}` : digits;
}

/** Digits only: 5, or 5+4 with a hyphen, at most 10 characters. */
export function formatZipInput(value: string): string {
  const digits = digitsOf(value).slice(0, 9);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

/** The EIN as XX-XXXXXXX (a valid EIN in any accepted form). */
export const normalizeEin = (value: string) => formatEinInput(value);
/** '**-***6789': what every screen shows of an EIN. */
export const maskEinLast4 = (last4: string) => `**-***${last4}`;

// --- Step rules ----------------------------------------------------------------------------------

const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The messages of one step for the form as it stands (values trimmed first), by field; empty when
 * the step may be left. Lengths are checked before any pattern reads a value. Reads defensively:
 * the server also runs it on whatever a body holds.
 */
export function validateOnboardingStep(
  step: OnboardingFormStep,
  form: Readonly<Partial<Record<OnboardingFormField, unknown>>>,
  now: Date = new Date(),
): OnboardingErrors {
  const errors: OnboardingErrors = {};
  const text = (field: OnboardingFormField) => textOf(form[field]);
  /** Required text with a length limit: the first failing rule wins. */
  const required = (field: keyof typeof L, requiredMessage: string, tooLong: string) => {
    const value = text(field);
    if (value === '') errors[field] = requiredMessage;
    else if (value.length > L[field]) errors[field] = tooLong;
    return value;
  };
  const optional = (field: keyof typeof L, tooLong: string) => {
    if (text(field).length > L[field]) errors[field] = tooLong;
  };

  if (step === 0) {
    required('company_name', M.companyNameRequired, M.nameTooLong);
    const entityType = text('entity_type');
    if (entityType === '') errors.entity_type = M.entityTypeRequired;
    else if (!isEntityType(entityType)) errors.entity_type = M.entityTypeInvalid;
    required('contact_name', M.contactNameRequired, M.nameTooLong);
    const email = required('contact_email', M.contactEmailRequired, M.emailInvalid);
    if (!errors.contact_email && !isEmailAddress(email)) errors.contact_email = M.emailInvalid;
    const phone = required('contact_phone', M.contactPhoneRequired, M.phoneInvalid);
    if (!errors.contact_phone && !isUsPhone(phone)) errors.contact_phone = M.phoneInvalid;
  } else if (step === 1) {
    const reviewed = Array.isArray(form.reviewed_documents) ? (form.reviewed_documents as unknown[]) : [];
    const allReviewed = DOCUMENT_IDS.every((id) => reviewed.includes(id));
    if (form.documents_reviewed !== true || !allReviewed) errors.documents_reviewed = M.documentsReviewRequired;
    if (form.agreements_accepted !== true) errors.agreements_accepted = M.agreementsRequired;
  } else if (step === 2) {
    required('legal_name', M.legalNameRequired, M.nameTooLong);
    const incorporationState = text('incorporation_state');
    if (incorporationState === '') errors.incorporation_state = M.incorporationStateRequired;
    else if (!isUsStateCode(incorporationState)) errors.incorporation_state = M.stateInvalid;
    const date = text('incorporation_date');
    if (date === '') errors.incorporation_date = M.incorporationDateRequired;
    else if (!isCalendarDate(date)) errors.incorporation_date = M.incorporationDateInvalid;
    else if (isFutureDate(date, now)) errors.incorporation_date = M.incorporationDateFuture;
    const ein = required('ein', M.einRequired, M.einInvalid);
    if (!errors.ein && !isEin(ein)) errors.ein = M.einInvalid;
    required('address_line1', M.addressRequired, M.nameTooLong);
    optional('address_line2', M.nameTooLong);
    required('city', M.cityRequired, M.cityTooLong);
    const state = text('state');
    if (state === '') errors.state = M.stateRequired;
    else if (!isUsStateCode(state)) errors.state = M.stateInvalid;
    const zip = required('postal_code', M.zipRequired, M.zipInvalid);
    if (!errors.postal_code && !isZipCode(zip)) errors.postal_code = M.zipInvalid;
    // The wizard fixes it; a missing value means the default.
    const country = text('country');
    if (country !== '' && country !== DEFAULT_COUNTRY) errors.country = M.usOnly;
    optional('description', M.textTooLong);
    const shareholders = text('shareholder_count');
    if (shareholders !== '' && !isShareholderCount(shareholders)) errors.shareholder_count = M.shareholderCountInvalid;
  } else {
    required('signature_name', M.signatureNameRequired, M.nameTooLong);
    required('signature_title', M.signatureTitleRequired, M.nameTooLong);
    if (form.agreement_accepted !== true) errors.agreement_accepted = M.agreementRequired;
    const signature = form.signatureData as Partial<OnboardingSignature> | null | undefined;
    if (!signature || typeof signature !== 'object' || !textOf(signature.dataUrl))
      errors.signature = M.signatureRequired;
    optional('comments', M.textTooLong);
  }
  return errors;
}

/** Every step's messages at once (what the server checks before it stores an application). */
export function validateOnboardingForm(
  form: Readonly<Partial<Record<OnboardingFormField, unknown>>>,
  now: Date = new Date(),
): OnboardingErrors {
  return Object.assign(
    {},
    ...ONBOARDING_FORM_STEPS.map((step) => validateOnboardingStep(step, form, now)),
  ) as OnboardingErrors;
}

// --- Identifiers -------------------------------------------------------------------------------

export const ONBOARDING_ID_MAX_LENGTH = 'issuer_'.length + 13 + 1 + 16;
const ONBOARDING_ID_SHAPE = /^issuer_\d{13}_[a-z0-9]{8,16}$/;
/** 'issuer_' + a 13-digit millisecond timestamp + '_' + 8 to 16 lowercase base-36 characters. Check the length first (`isOnboardingId`). */
export const ONBOARDING_ID_PATTERN = ONBOARDING_ID_SHAPE;
export const isOnboardingId = (value: string) =>
  value.length <= ONBOARDING_ID_MAX_LENGTH && ONBOARDING_ID_SHAPE.test(value);

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * The application id the browser makes (spec 3): `issuer_{timestamp}_{random}`. `random` is either
 * random bytes (`crypto.getRandomValues(new Uint8Array(12))`, one character each, 8 to 16 used) or a
 * function like Math.random (12 characters).
 */
export function makeOnboardingId(now: number | Date, random: Uint8Array | (() => number)): string {
  const ms = typeof now === 'number' ? now : now.getTime();
  const stamp = String(Math.max(0, Math.floor(ms)))
    .padStart(13, '0')
    .slice(-13);
  let suffix = '';
  if (typeof random === 'function') {
    for (let i = 0; i < 12; i++) suffix += BASE36[Math.floor(Math.abs(random()) * 36) % 36];
  } else {
    if (random.length < 8) throw new Error('makeOnboardingId needs at least 8 random bytes');
    for (const byte of random.subarray(0, 16)) suffix += BASE36[byte % 36];
  }
  return `issuer_${stamp}_${suffix}`;
}

export const SESSION_TOKEN_MIN_LENGTH = 22;
export const SESSION_TOKEN_MAX_LENGTH = 128;
/** base64url characters only; the lengths are checked before it runs. */
export const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]+$/;

/** A session token from random bytes (16 or more): base64url, no padding. */
export function makeSessionToken(random: Uint8Array): string {
  if (random.length < 16) throw new Error('makeSessionToken needs at least 16 random bytes');
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let token = '';
  for (const byte of random) token += alphabet[byte & 63];
  return token.length >= SESSION_TOKEN_MIN_LENGTH ? token : token.padEnd(SESSION_TOKEN_MIN_LENGTH, 'A');
}

/** The session token rule the start and submit schemas apply: the lengths first, then the characters. */
export const isSessionToken = (value: string) =>
  value.length >= SESSION_TOKEN_MIN_LENGTH &&
  value.length <= SESSION_TOKEN_MAX_LENGTH &&
  SESSION_TOKEN_PATTERN.test(value);

// --- The signature -------------------------------------------------------------------------------

export const SIGNATURE_DATA_URL_PREFIX = 'data:image/png;base64,';
/** The signature's data URL, in characters (about 375 KB of PNG). */
export const SIGNATURE_DATA_URL_MAX_LENGTH = 512_000;
/** The decoded PNG, in bytes. */
export const SIGNATURE_MAX_BYTES = 500 * 1024;
/** A drawn signature's sane size in pixels: a canvas from a 360 px phone to a wide screen at 3x density. */
export const SIGNATURE_DIMENSIONS = { minWidth: 100, maxWidth: 4000, minHeight: 50, maxHeight: 2000 } as const;
const BASE64_BODY = /^[A-Za-z0-9+/]*={0,2}$/;

/** A PNG data URL: prefix, base64 body, at most 512,000 characters (checked before anything reads it). */
export function isPngDataUrl(value: string): boolean {
  return (
    value.length <= SIGNATURE_DATA_URL_MAX_LENGTH &&
    value.length > SIGNATURE_DATA_URL_PREFIX.length &&
    value.startsWith(SIGNATURE_DATA_URL_PREFIX) &&
    BASE64_BODY.test(value.slice(SIGNATURE_DATA_URL_PREFIX.length))
  );
}

/** What the confirmation page shows: the form plus the browser's id and times. */
export type SubmittedApplication = OnboardingForm & {
  onboardingId: string;
  submittedAt: string;
  signatureDate: string;
};
