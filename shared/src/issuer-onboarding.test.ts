import { US_STATES } from './us-states';
import { describe, expect, it } from 'vitest';
import {
  isSessionToken,
  ONBOARDING_ID_PATTERN,
  ONBOARDING_MESSAGES as M,
  ONBOARDING_STEPS,
  emptyOnboardingForm,
  formatEinInput,
  formatPhoneInput,
  formatZipInput,
  isOnboardingId,
  makeOnboardingId,
  makeSessionToken,
  maskEinLast4,
  onboardingStartBodySchema,
  onboardingStepLabel,
  onboardingSubmitBodySchema,
  onboardingSubmitFieldErrors,
  shareholderCountLabel,
  trimOnboardingForm,
  validateOnboardingStep,
  type OnboardingForm,
} from './issuer-onboarding';
import { sampleOnboardingForm, sampleSubmitBody } from './issuer-onboarding.fixtures';

const completeForm = () => sampleOnboardingForm();
const body = (form: Partial<OnboardingForm> & Record<string, unknown> = {}) => {
  const value = sampleSubmitBody();
  return { ...value, final_application_data: { ...value.final_application_data, ...form } };
};
const submitErrors = (value: unknown) => {
  const result = onboardingSubmitBodySchema.safeParse(value);
  return result.success ? {} : onboardingSubmitFieldErrors(result.error);
};

describe('value sets and labels', () => {
  it('has the 50 states plus DC, five steps and the step label', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(51);
    expect(US_STATES.find((s) => s.code === 'DC')?.name).toBe('District of Columbia');
    expect(ONBOARDING_STEPS).toHaveLength(5);
    expect(onboardingStepLabel(0)).toBe("Step 1 of 5: Let's Get Started");
    expect(onboardingStepLabel(3)).toBe('Step 4 of 5: Electronic Signature');
  });

  it('labels the shareholder ranges', () => {
    expect(shareholderCountLabel('1000+')).toBe('More than 1000 shareholders');
    expect(shareholderCountLabel('')).toBe('Not specified');
    expect(shareholderCountLabel('11-50')).toBe('11-50 shareholders');
    expect(maskEinLast4('6789')).toBe('**-***6789');
  });
});

describe('formatting aids', () => {
  it.each([
    ['5550102000', '(555) 010-2000'],
    ['555-010-2000', '(555) 010-2000'],
    ['555010', '555010'],
    ['+1 555 010 2000', '+1 555 010 2000'],
    ['1'.repeat(30), '1'.repeat(20)],
  ])('phone %s → %s', (input, expected) => expect(formatPhoneInput(input)).toBe(expected));

  it.each([
    ['12', '12'],
    ['123', '12-3'],
    ['123456789', '12-3456789'],
    ['12-3456789', '12-3456789'],
    ['12345678999', '12-3456789'],
    ['ab12c', '12'],
  ])('EIN %s → %s', (input, expected) => expect(formatEinInput(input)).toBe(expected));

  it.each([
    ['1234', '1234'],
    ['12345', '12345'],
    ['123456', '12345-6'],
    ['123456789', '12345-6789'],
    ['12345-67890', '12345-6789'],
  ])('ZIP %s → %s', (input, expected) => expect(formatZipInput(input)).toBe(expected));

  it('never writes more than the fields allow', () => {
    expect(formatEinInput('9'.repeat(50)).length).toBe(10);
    expect(formatZipInput('9'.repeat(50)).length).toBe(10);
  });
});

describe('validateOnboardingStep', () => {
  it('passes a complete form on every step', () => {
    for (const step of [0, 1, 2, 3] as const) expect(validateOnboardingStep(step, completeForm())).toEqual({});
  });

  it('step 0: the spec messages for an empty form, values trimmed', () => {
    expect(validateOnboardingStep(0, { ...emptyOnboardingForm(), company_name: '   ' })).toEqual({
      company_name: M.companyNameRequired,
      entity_type: M.entityTypeRequired,
      contact_name: M.contactNameRequired,
      contact_email: M.contactEmailRequired,
      contact_phone: M.contactPhoneRequired,
    });
  });

  it.each([
    ['contact_email', 'ada@acme', M.emailInvalid],
    ['contact_email', `${'a'.repeat(250)}@acme.example`, M.emailInvalid],
    ['contact_phone', '555-0102', M.phoneInvalid],
    ['contact_phone', '(555) 010-20000', M.phoneInvalid],
    ['contact_phone', 'call me', M.phoneInvalid],
    ['entity_type', 'COOPERATIVE', M.entityTypeInvalid],
    ['company_name', 'x'.repeat(201), M.nameTooLong],
  ] as const)('step 0: %s, case %#', (field, value, message) => {
    expect(validateOnboardingStep(0, { ...completeForm(), [field]: value })).toEqual({ [field]: message });
  });

  it('step 0 accepts +1 and dotted phone numbers', () => {
    expect(validateOnboardingStep(0, { ...completeForm(), contact_phone: '+1 555.010.2000' })).toEqual({});
  });

  it('step 1: every document reviewed and the agreements accepted', () => {
    expect(validateOnboardingStep(1, emptyOnboardingForm())).toEqual({
      documents_reviewed: M.documentsReviewRequired,
      agreements_accepted: M.agreementsRequired,
    });
    expect(
      validateOnboardingStep(1, { ...completeForm(), reviewed_documents: ['service-agreement', 'privacy-policy'] }),
    ).toEqual({
      documents_reviewed: M.documentsReviewRequired,
    });
  });

  it('step 2: the spec messages for an empty form; optional fields may stay empty', () => {
    expect(validateOnboardingStep(2, emptyOnboardingForm())).toEqual({
      legal_name: M.legalNameRequired,
      incorporation_state: M.incorporationStateRequired,
      incorporation_date: M.incorporationDateRequired,
      ein: M.einRequired,
      address_line1: M.addressRequired,
      city: M.cityRequired,
      state: M.stateRequired,
      postal_code: M.zipRequired,
    });
  });

  it.each([
    ['ein', '12-345678', M.einInvalid],
    ['ein', '12-34567890', M.einInvalid],
    ['ein', '1234567890', M.einInvalid],
    ['ein', 'AB-CDEFGHI', M.einInvalid],
    ['postal_code', '1234', M.zipInvalid],
    ['postal_code', '12345-678', M.zipInvalid],
    ['postal_code', '123456789', M.zipInvalid],
    ['state', 'XX', M.stateInvalid],
    ['state', 'Delaware', M.stateInvalid],
    ['incorporation_state', 'ZZ', M.stateInvalid],
    ['incorporation_date', '2019-02-30', M.incorporationDateInvalid],
    ['incorporation_date', '03/14/2019', M.incorporationDateInvalid],
    ['incorporation_date', '2999-01-01', M.incorporationDateFuture],
    ['country', 'CAN', M.usOnly],
    ['shareholder_count', '5000', M.shareholderCountInvalid],
    ['city', 'c'.repeat(101), M.cityTooLong],
    ['description', 'd'.repeat(2001), M.textTooLong],
    ['address_line2', 'a'.repeat(201), M.nameTooLong],
  ] as const)('step 2: %s, case %#', (field, value, message) => {
    expect(validateOnboardingStep(2, { ...completeForm(), [field]: value })).toEqual({ [field]: message });
  });

  it('step 2 accepts an EIN without its hyphen and a ZIP+4, trimmed', () => {
    expect(
      validateOnboardingStep(2, {
        ...completeForm(),
        ein: ' 123456789 ',
        postal_code: ' 19801-1234 ',
        shareholder_count: '1000+',
      }),
    ).toEqual({});
  });

  it('step 3: the spec messages and the unsigned canvas', () => {
    expect(validateOnboardingStep(3, emptyOnboardingForm())).toEqual({
      signature_name: M.signatureNameRequired,
      signature_title: M.signatureTitleRequired,
      agreement_accepted: M.agreementRequired,
      signature: M.signatureRequired,
    });
  });

  it('reads anything without throwing (the server runs it on raw bodies)', () => {
    expect(() => validateOnboardingStep(0, { company_name: 42, reviewed_documents: 'x' } as never)).not.toThrow();
    expect(
      validateOnboardingStep(1, {
        reviewed_documents: 'x',
        documents_reviewed: true,
        agreements_accepted: true,
      } as never),
    ).toEqual({
      documents_reviewed: M.documentsReviewRequired,
    });
  });

  it('trims every text value', () => {
    const trimmed = trimOnboardingForm({ ...completeForm(), company_name: '  Acme  ', city: '\tWilmington\n' });
    expect(trimmed.company_name).toBe('Acme');
    expect(trimmed.city).toBe('Wilmington');
  });
});

describe('onboarding id and session token', () => {
  it('makes ids that match the pattern, from bytes or a random function', () => {
    const fromBytes = makeOnboardingId(1767607200000, new Uint8Array([0, 1, 35, 36, 200, 255, 7, 8, 9, 10, 11, 12]));
    expect(fromBytes).toBe('issuer_1767607200000_01z0k3789abc');
    expect(isOnboardingId(fromBytes)).toBe(true);
    const fromFunction = makeOnboardingId(new Date(1767607200000), Math.random);
    expect(fromFunction.startsWith('issuer_1767607200000_')).toBe(true);
    expect(fromFunction).toMatch(ONBOARDING_ID_PATTERN);
    expect(() => makeOnboardingId(0, new Uint8Array(4))).toThrow();
  });

  it.each([
    ['issuer_1767607200000_abcdefgh', true],
    ['issuer_1767607200000_abcdefghijklmnop', true],
    ['issuer_1767607200000_abcdefg', false],
    ['issuer_1767607200000_abcdefghijklmnopq', false],
    ['issuer_1767607200000_ABCDEFGH', false],
    ['issuer_176760720000_abcdefgh', false],
    ['issuer_1767607200000-abcdefgh', false],
  ])('%s → %s', (value, expected) => expect(isOnboardingId(value)).toBe(expected));

  it('refuses an over-long id at once', () =>
    expect(isOnboardingId(`issuer_1767607200000_${'a'.repeat(100_000)}`)).toBe(false));

  it('checks the start body', () => {
    const token = makeSessionToken(new Uint8Array(24).fill(7));
    expect(token).toHaveLength(24);
    expect(onboardingStartBodySchema.safeParse({ sessionToken: token }).success).toBe(true);
    for (const bad of ['short', 'a'.repeat(129), 'has spaces in it, twenty-two+', 42, undefined]) {
      expect(onboardingStartBodySchema.safeParse({ sessionToken: bad }).success).toBe(false);
    }
  });

  it.each([
    ['A'.repeat(21), false],
    ['A'.repeat(22), true],
    ['a-b_c'.repeat(25) + 'xyz', true],
    ['A'.repeat(129), false],
    ['A'.repeat(21) + '=', false],
    ['A'.repeat(21) + ' ', false],
    ['A'.repeat(21) + 'é', false],
    ['', false],
  ])('isSessionToken(%s) is %s, as the start body schema says', (value, expected) => {
    expect(isSessionToken(value)).toBe(expected);
    expect(onboardingStartBodySchema.safeParse({ sessionToken: value }).success).toBe(expected);
  });

  it('the schema module re-exports every rule', async () => {
    const rules = await import('./issuer-onboarding-rules');
    const everything = await import('./issuer-onboarding');
    // The schema module re-exports every rule, so the API and its tests keep one import.
    for (const [name, value] of Object.entries(rules))
      expect(everything[name as keyof typeof everything], name).toBe(value);
  });
});

describe('onboardingSubmitBodySchema', () => {
  it('accepts a complete body, trims it and keeps the added fields', () => {
    const parsed = onboardingSubmitBodySchema.parse(
      body({ company_name: '  Acme Robotics, Inc.  ', extra: 'dropped' }),
    );
    expect(parsed.final_application_data.company_name).toBe('Acme Robotics, Inc.');
    expect(parsed.final_application_data.onboardingId).toBe('issuer_1767607200000_k3j5h2g9a1');
    expect(parsed.final_application_data).not.toHaveProperty('extra');
    expect(parsed.submission_notes).toBe('Please call before noon.');
  });

  it('keys field errors by the form field, every step at once', () => {
    expect(
      submitErrors(
        body({
          company_name: '',
          ein: '123',
          postal_code: 'abcde',
          state: 'QQ',
          entity_type: 'SOLE',
          signatureData: null,
          agreement_accepted: false,
        }),
      ),
    ).toEqual({
      company_name: M.companyNameRequired,
      entity_type: M.entityTypeInvalid,
      ein: M.einInvalid,
      postal_code: M.zipInvalid,
      state: M.stateInvalid,
      agreement_accepted: M.agreementRequired,
      signature: M.signatureRequired,
    });
  });

  it('names a missing field with its spec message', () => {
    const data = body().final_application_data as Record<string, unknown>;
    delete data.legal_name;
    expect(submitErrors({ ...body(), final_application_data: data })).toEqual({ legal_name: M.legalNameRequired });
  });

  it.each([
    ['', M.signatureRequired],
    ['data:image/jpeg;base64,AAAA', M.signatureInvalid],
    ['data:image/png;base64,not base64!', M.signatureInvalid],
    [`data:image/png;base64,${'A'.repeat(512_000)}`, M.signatureInvalid],
  ])('signature_data %#', (signature, message) => {
    expect(submitErrors({ ...body(), signature_data: signature })).toEqual({ signature_data: message });
  });

  it('refuses a bad id, session, agreement or dates', () => {
    expect(
      submitErrors({
        ...body({ onboardingId: 'issuer_1_x', submittedAt: 'yesterday' }),
        session_token: 'x',
        agreement_accepted: false,
      }),
    ).toEqual({
      session_token: M.sessionInvalid,
      agreement_accepted: M.agreementRequired,
      onboardingId: M.onboardingIdInvalid,
      submittedAt: M.dateInvalid,
    });
  });

  it('stops an over-long value at its length message', () => {
    const result = onboardingSubmitBodySchema.safeParse(body({ ein: '1'.repeat(100_000) }));
    expect(result.success).toBe(false);
    const messages = result
      .error!.issues.filter((issue) => issue.path.join('.') === 'final_application_data.ein')
      .map((issue) => issue.message);
    expect(new Set(messages)).toEqual(new Set([M.einInvalid]));
  });
});
