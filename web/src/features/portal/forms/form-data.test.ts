import { describe, expect, it } from 'vitest';
import { SAMPLE_DWAC_TRANSFER } from '@ledgerwell/shared/portal-requests.fixtures';
import {
  addressChangeFormSchema,
  certificateFormSchema,
  inquiryFormSchema,
  transferFormSchema,
} from '@ledgerwell/shared/portal-requests';
import {
  EMPTY_ADDRESS,
  EMPTY_CERTIFICATE,
  EMPTY_TRANSFER,
  displayShares,
  looksLikePhone,
  saleTotal,
  sharesDigits,
  sharesToTransfer,
  toAddressFormData,
  toCertificateFormData,
  toInquiryFormData,
  toTransferFormData,
  type TransferValues,
} from './form-data';

const dwac: TransferValues = {
  ...EMPTY_TRANSFER,
  transfer_type: 'dwac',
  receiving_firm_name: ' Example Securities LLC ',
  receiving_firm_dtc: '0123',
  receiving_account_num: 'ACCT-77',
  receiving_account_name: 'Dana Whitfield',
  transfer_shares_count: '1000',
  shareholder_tax_id: '123-45-6789',
  preferred_contact: 'dana@example.com',
};

const sale: TransferValues = {
  ...dwac,
  transfer_type: 'sale',
  buyerEntityType: 'individual',
  buyerFirstName: 'Ada',
  buyerLastName: 'Byron',
  buyerEntityName: 'Left over from entity',
  buyerEmail: 'ada@example.com',
  buyerTaxId: '987-65-4321',
  buyerAddressLine1: '2 Side St',
  buyerCity: 'Fresno',
  buyerState: 'CA',
  buyerPostalCode: '93721',
  pricePerShare: '12.50',
};

describe('toTransferFormData', () => {
  it('maps a DWAC transfer to the API keys, trimmed, with the share text and count', () => {
    const data = toTransferFormData(dwac);
    // Exactly the sample the server's tests file: the form and the API agree on every key.
    expect(data).toEqual(SAMPLE_DWAC_TRANSFER);
    expect(transferFormSchema.safeParse(data).success).toBe(true);
  });

  it('sends ALL and a null count when all shares are ticked', () => {
    const data = toTransferFormData({ ...dwac, transfer_all_shares: true, transfer_shares_count: '' });
    expect(data).toMatchObject({ transfer_all_shares: true, transfer_shares_text: 'ALL', transfer_shares_count: null });
    expect(transferFormSchema.safeParse(data).success).toBe(true);
  });

  it('leaves out blank optional fields instead of sending empty strings', () => {
    const data = toTransferFormData({
      ...dwac,
      receiving_firm_dtc: '  ',
      certificate_numbers: '',
      special_instructions: ' ',
    });
    expect(Object.keys(data)).not.toContain('receiving_firm_dtc');
    expect(Object.keys(data)).not.toContain('certificate_numbers');
    expect(Object.keys(data)).not.toContain('special_instructions');
    expect(Object.values(data)).not.toContain('');
    expect(transferFormSchema.safeParse(data).success).toBe(true);
  });

  it('has no share text and a null count when no count is given', () => {
    const data = toTransferFormData({ ...dwac, transfer_shares_count: '' });
    expect(data.transfer_shares_count).toBeNull();
    expect('transfer_shares_text' in data).toBe(false);
  });

  it('classifies the preferred contact: phone, e-mail, or null when blank or invalid', () => {
    expect(toTransferFormData({ ...dwac, preferred_contact: '(555) 010-2000' })).toMatchObject({
      preferred_contact_type: 'PHONE',
      preferred_contact: '(555) 010-2000',
    });
    expect(toTransferFormData({ ...dwac, preferred_contact: '+1 555 010 2000' }).preferred_contact_type).toBe('PHONE');
    expect(toTransferFormData({ ...dwac, preferred_contact: ' dana@example.com ' })).toMatchObject({
      preferred_contact_type: 'EMAIL',
      preferred_contact: 'dana@example.com',
    });
    expect(toTransferFormData({ ...dwac, preferred_contact: 'not a contact' }).preferred_contact_type).toBeNull();
    expect(toTransferFormData({ ...dwac, preferred_contact: '' }).preferred_contact_type).toBeNull();
  });

  it('sends the buyer instead of the receiving firm for a private sale', () => {
    const data = toTransferFormData(sale);
    expect(data).toMatchObject({
      transfer_type: 'sale',
      buyerEntityType: 'individual',
      buyerFirstName: 'Ada',
      buyerLastName: 'Byron',
      buyerCountry: 'United States',
      pricePerShare: '12.50',
    });
    for (const key of [
      'receiving_firm_name',
      'receiving_firm_dtc',
      'receiving_account_num',
      'receiving_account_name',
      'buyerEntityName',
      'buyerPhone',
      'buyerAddressLine2',
    ]) {
      expect(Object.keys(data), key).not.toContain(key);
    }
    expect(transferFormSchema.safeParse(data).success).toBe(true);

    const entity = toTransferFormData({ ...sale, buyerEntityType: 'entity', buyerEntityName: 'Byron Holdings LLC' });
    expect(entity).toMatchObject({ buyerEntityType: 'entity', buyerEntityName: 'Byron Holdings LLC' });
    expect(Object.keys(entity)).not.toContain('buyerFirstName');
    expect(transferFormSchema.safeParse(entity).success).toBe(true);
  });

  it('leaves the buyer out of a transfer to a firm', () => {
    const data = toTransferFormData({ ...sale, transfer_type: 'drs' });
    expect(Object.keys(data).filter((key) => key.startsWith('buyer') || key === 'pricePerShare')).toEqual([]);
  });
});

describe('toAddressFormData', () => {
  const address = {
    new_address_line1: '9 Oak Ave',
    new_city: 'Fresno',
    new_state: 'CA',
    new_postal_code: '93721-1234',
    preferred_contact: '',
  };

  it('maps the new address and omits a blank contact', () => {
    const data = toAddressFormData(address);
    expect(data).toEqual({
      new_address_line1: '9 Oak Ave',
      new_city: 'Fresno',
      new_state: 'CA',
      new_postal_code: '93721-1234',
      preferred_contact_type: null,
    });
    expect(addressChangeFormSchema.safeParse(data).success).toBe(true);
  });

  it('keeps a given contact with its type', () => {
    const data = toAddressFormData({ ...address, preferred_contact: '5550102000' });
    expect(data).toMatchObject({ preferred_contact_type: 'PHONE', preferred_contact: '5550102000' });
    expect(addressChangeFormSchema.safeParse(data).success).toBe(true);
  });

  it('sends the required fields even when blank, for the schema to name them', () => {
    expect(toAddressFormData(EMPTY_ADDRESS)).toMatchObject({
      new_address_line1: '',
      new_city: '',
      new_state: '',
      new_postal_code: '',
    });
  });
});

describe('toCertificateFormData and toInquiryFormData', () => {
  it('maps a certificate request, comments only when given', () => {
    const values = {
      certificate_reason: 'replacement',
      delivery_method: 'overnight',
      comments: '',
      preferred_contact: '(555) 010-2000',
    } as const;
    const data = toCertificateFormData(values);
    expect(data).toEqual({
      certificate_reason: 'replacement',
      delivery_method: 'overnight',
      preferred_contact_type: 'PHONE',
      preferred_contact: '(555) 010-2000',
    });
    expect(certificateFormSchema.safeParse(data).success).toBe(true);
    expect(toCertificateFormData({ ...values, comments: ' Lost in a move ' }).comments).toBe('Lost in a move');
    expect(toCertificateFormData(EMPTY_CERTIFICATE).preferred_contact).toBe('');
  });

  it('maps an inquiry', () => {
    const data = toInquiryFormData({ inquiry_message: '  When is the dividend paid?  ' });
    expect(data).toEqual({ inquiry_message: 'When is the dividend paid?' });
    expect(inquiryFormSchema.safeParse(data).success).toBe(true);
  });
});

describe('share and contact helpers', () => {
  it('keeps digits only and shows them with thousands separators', () => {
    expect(sharesDigits('12,345')).toBe('12345');
    expect(sharesDigits('1a2b3')).toBe('123');
    expect(sharesDigits('007')).toBe('7');
    expect(sharesDigits('0')).toBe('0');
    expect(sharesDigits('1234567890123456')).toHaveLength(12);
    expect(displayShares('12345')).toBe('12,345');
    expect(displayShares('1000000')).toBe('1,000,000');
    expect(displayShares('')).toBe('');
  });

  it('counts all of the holding when all shares are ticked', () => {
    expect(sharesToTransfer({ transfer_all_shares: true, transfer_shares_count: '' }, '1500')).toBe(1500);
    expect(sharesToTransfer({ transfer_all_shares: false, transfer_shares_count: '200' }, '1500')).toBe(200);
    expect(sharesToTransfer({ transfer_all_shares: false, transfer_shares_count: '' }, '1500')).toBeNull();
  });

  it('totals a sale in cents, or null until price and shares are known', () => {
    expect(saleTotal('12.50', 1500)).toBe(18750);
    expect(saleTotal('$1,000.125', 3)).toBe(3000.38);
    expect(saleTotal('', 1500)).toBeNull();
    expect(saleTotal('abc', 1500)).toBeNull();
    // Half up on the exact product: 1.005 × 100 is 100.49999999999999 in floating point.
    expect(saleTotal('1.005', 1)).toBe(1.01);
    expect(saleTotal('0.0001', 9_007_199_254_740_991)).toBe(900_719_925_474.1);
    expect(saleTotal('12.50', null)).toBeNull();
  });

  it('treats text starting with a digit, plus or parenthesis as a phone number', () => {
    expect(looksLikePhone('5550102000')).toBe(true);
    expect(looksLikePhone('+1 555')).toBe(true);
    expect(looksLikePhone('(555)')).toBe(true);
    expect(looksLikePhone('dana@example.com')).toBe(false);
    expect(looksLikePhone('')).toBe(false);
  });
});
