import { describe, expect, it } from 'vitest';
import { fieldErrors } from './api-error';
import {
  REQUEST_MESSAGES as M,
  classifyContact,
  formatUsPhone,
  parsePrice,
  submitRequestSchema,
  transferFormSchema,
} from './portal-requests';
import { SAMPLE_DWAC_TRANSFER } from './portal-requests.fixtures';

const transfer = SAMPLE_DWAC_TRANSFER;
const sale = {
  ...transfer,
  transfer_type: 'sale',
  receiving_firm_name: undefined,
  receiving_account_num: undefined,
  receiving_account_name: undefined,
  buyerEntityType: 'individual',
  buyerFirstName: 'Ada',
  buyerLastName: 'Byron',
  buyerEmail: 'ada@example.com',
  buyerPhone: '5550102000',
  buyerTaxId: '987-65-4321',
  buyerAddressLine1: '2 Side St',
  buyerCity: 'Fresno',
  buyerState: 'CA',
  buyerPostalCode: '93721',
  buyerCountry: 'USA',
  pricePerShare: '12.50',
};
const errorsOf = (body: unknown) => {
  const result = submitRequestSchema.safeParse(body);
  return result.success ? {} : fieldErrors(result.error);
};

describe('submitRequestSchema', () => {
  it('accepts each request type', () => {
    expect(errorsOf({ requestType: 'TRANSFER', formData: transfer })).toEqual({});
    expect(errorsOf({ requestType: 'TRANSFER', formData: sale })).toEqual({});
    expect(
      errorsOf({
        requestType: 'TRANSFER',
        formData: { ...transfer, transfer_all_shares: true, transfer_shares_count: null, transfer_shares_text: 'ALL' },
      }),
    ).toEqual({});
    expect(
      errorsOf({
        requestType: 'ADDRESS_CHANGE',
        formData: {
          new_address_line1: '9 Oak Ave',
          new_city: 'Fresno',
          new_state: 'CA',
          new_postal_code: '93721-1234',
        },
      }),
    ).toEqual({});
    expect(
      errorsOf({
        requestType: 'CERTIFICATE',
        formData: {
          certificate_reason: 'replacement',
          delivery_method: 'overnight',
          preferred_contact_type: 'PHONE',
          preferred_contact: '(555) 010-2000',
        },
      }),
    ).toEqual({});
    expect(errorsOf({ requestType: 'INQUIRY', formData: { inquiry_message: 'When is the dividend paid?' } })).toEqual(
      {},
    );
  });

  it.each([
    [{ shareholder_tax_id: '1234567890123456' }, 'formData.shareholder_tax_id', M.taxIdTooLong],
    [{ shareholder_tax_id: '' }, 'formData.shareholder_tax_id', M.taxIdRequired],
    [{ receiving_firm_dtc: '01234' }, 'formData.receiving_firm_dtc', M.dtcTooLong],
    [{ transfer_shares_count: 12.5 }, 'formData.transfer_shares_count', M.sharesDigitsOnly],
    [{ transfer_shares_count: null }, 'formData.transfer_shares_count', M.sharesRequired],
    [{ preferred_contact: 'not a contact' }, 'formData.preferred_contact', M.invalidContact],
    [{ preferred_contact: '' }, 'formData.preferred_contact', M.contactRequired],
    [{ preferred_contact_type: 'PHONE' }, 'formData.preferred_contact_type', M.contactTypeMismatch],
    [{ receiving_firm_name: '' }, 'formData.receiving_firm_name', M.firmNameRequired],
    [{ transfer_type: 'wire' }, 'formData.transfer_type', M.transferTypeRequired],
    [{ transfer_shares_text: '2,000' }, 'formData.transfer_shares_text', M.sharesTextMismatch],
    [{ transfer_shares_count: 0 }, 'formData.transfer_shares_count', M.sharesPositive],
  ])('refuses a transfer with %j', (change, path, message) => {
    expect(errorsOf({ requestType: 'TRANSFER', formData: { ...transfer, ...change } })[path]).toBe(message);
  });

  it('requires the buyer for a sale instead of the receiving firm', () => {
    const errors = errorsOf({
      requestType: 'TRANSFER',
      formData: { ...sale, buyerFirstName: '', pricePerShare: '-3' },
    });
    expect(errors).toEqual({
      'formData.buyerFirstName': M.buyerFirstNameRequired,
      'formData.pricePerShare': M.priceInvalid,
    });
    expect(
      errorsOf({ requestType: 'TRANSFER', formData: { ...sale, buyerEntityType: 'entity' } })[
        'formData.buyerEntityName'
      ],
    ).toBe(M.buyerEntityNameRequired);
  });

  it('refuses unknown fields and unknown request types', () => {
    expect(
      submitRequestSchema.safeParse({
        requestType: 'INQUIRY',
        formData: { inquiry_message: 'Hello there', admin: true },
      }).success,
    ).toBe(false);
    expect(submitRequestSchema.safeParse({ requestType: 'REFUND', formData: {} }).success).toBe(false);
  });

  it('checks the address and certificate forms', () => {
    expect(
      errorsOf({
        requestType: 'ADDRESS_CHANGE',
        formData: { new_address_line1: '', new_city: 'Fresno', new_state: 'CA', new_postal_code: '937' },
      }),
    ).toEqual({
      'formData.new_address_line1': M.addressRequired,
      'formData.new_postal_code': M.zipInvalid,
    });
    // A US state's postal code, from the wizard's list (issue 29, item 5): not a name, not a made-up code.
    for (const new_state of ['California', 'XX'])
      expect(
        errorsOf({
          requestType: 'ADDRESS_CHANGE',
          formData: { new_address_line1: '9 Oak Ave', new_city: 'Fresno', new_state, new_postal_code: '93721' },
        }),
      ).toEqual({ 'formData.new_state': M.stateInvalid });
    expect(
      errorsOf({
        requestType: 'ADDRESS_CHANGE',
        formData: { new_address_line1: '9 Oak Ave', new_city: 'Fresno', new_state: 'DC', new_postal_code: '20001' },
      }),
    ).toEqual({});
    expect(
      errorsOf({
        requestType: 'CERTIFICATE',
        formData: { certificate_reason: 'lost', delivery_method: 'drone', preferred_contact: 'x@y.co' },
      }),
    ).toEqual({
      'formData.certificate_reason': M.reasonRequired,
      'formData.delivery_method': M.deliveryRequired,
    });
  });
});

describe('contact helpers', () => {
  it('classifies and formats contacts as the spec says', () => {
    expect(classifyContact('dana@example.com')).toBe('EMAIL');
    expect(classifyContact('+1 (555) 010-2000')).toBe('PHONE');
    expect(classifyContact('555.010.2000')).toBe('PHONE');
    expect(classifyContact('12345')).toBeNull();
    expect(classifyContact('dana@')).toBeNull();
    expect(formatUsPhone('5550102000')).toBe('(555) 010-2000');
    expect(formatUsPhone('+1 555 010 2000')).toBe('+1 (555) 010-2000');
  });

  it('parses prices', () => {
    expect(parsePrice('$1,234.5')).toBe(1234.5);
    expect(parsePrice('0')).toBeNull();
    expect(parsePrice('1.23456')).toBeNull();
  });
});

describe('every problem at once', () => {
  it('names the cross-field problems of an empty transfer together with the basic ones', () => {
    const result = transferFormSchema.safeParse({});
    const messages = result.error!.issues.map((issue) => issue.message);
    for (const message of [
      M.transferTypeRequired,
      M.taxIdRequired,
      M.firmNameRequired,
      M.receivingAccountRequired,
      M.receivingAccountNameRequired,
      M.sharesRequired,
      M.contactRequired,
    ]) {
      expect(messages).toContain(message);
    }
  });

  it('survives a body of the wrong shape without throwing', () => {
    for (const body of [
      null,
      'text',
      42,
      [],
      { preferred_contact: 7, pricePerShare: {}, transfer_type: 'sale', buyerEmail: 5 },
    ]) {
      expect(() => transferFormSchema.safeParse(body)).not.toThrow();
      expect(transferFormSchema.safeParse(body).success).toBe(false);
    }
  });
});
