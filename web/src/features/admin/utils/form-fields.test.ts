import { describe, expect, it } from 'vitest';
import {
  displayValue,
  fieldLabel,
  formatPhone,
  maskTaxId,
  otherFields,
  readAddressChange,
  readCertificate,
  readInquiry,
  readNumber,
  readText,
  readTransfer,
} from './form-fields';

describe('the field reader', () => {
  it('reads the portal names first, then the spec’s other spellings', () => {
    expect(readText({ new_city: 'Fresno', city: 'Other' }, 'city')).toBe('Fresno');
    expect(readText({ city: 'Boston' }, 'city')).toBe('Boston');
    expect(readText({ new_city: '  ', city: 'Boston' }, 'city')).toBe('Boston');
    expect(readText({}, 'city')).toBeNull();
  });

  it('reads numbers from numbers and from text', () => {
    expect(readNumber({ transfer_shares_count: 5 }, 'sharesCount')).toBe(5);
    expect(readNumber({ pricePerShare: '$14.25' }, 'pricePerShare')).toBe(14.25);
    expect(readNumber({ transfer_shares_count: '2,500' }, 'sharesCount')).toBe(2500);
    expect(readNumber({ transfer_shares_count: 'many' }, 'sharesCount')).toBeNull();
  });

  it('reads an address change under both spellings', () => {
    const portal = readAddressChange({
      new_address_line1: '48 Olive Ave',
      new_city: 'Fresno',
      new_state: 'CA',
      new_postal_code: '93728',
      preferred_contact: 'd@example.com',
    });
    const spec = readAddressChange({
      address: '48 Olive Ave',
      city: 'Fresno',
      state: 'CA',
      zipCode: '93728',
      preferredContact: 'd@example.com',
    });
    expect(portal).toEqual({
      address: '48 Olive Ave',
      city: 'Fresno',
      state: 'CA',
      zip: '93728',
      contact: 'd@example.com',
    });
    expect(spec).toEqual(portal);
  });

  it('reads a certificate request and an inquiry under both spellings', () => {
    expect(
      readCertificate({
        certificate_reason: 'replacement',
        delivery_method: 'certified',
        comments: 'Flood',
        preferred_contact: 't@example.com',
      }),
    ).toEqual({
      reason: 'Replacement (lost, stolen or destroyed)',
      deliveryMethod: 'Certified mail',
      contact: 't@example.com',
      comments: 'Flood',
    });
    expect(readCertificate({ certificateReason: 'custom reason', deliveryMethod: 'overnight' })).toMatchObject({
      reason: 'custom reason',
      deliveryMethod: 'Overnight delivery',
    });
    expect(readInquiry({ inquiryMessage: 'Hello?' })).toEqual({ message: 'Hello?' });
    expect(readInquiry({ inquiry_message: 'When?' })).toEqual({ message: 'When?' });
  });

  it('reads a DWAC transfer, masking the tax ID', () => {
    const view = readTransfer({
      transfer_type: 'dwac',
      receiving_firm_name: 'Example Securities LLC',
      receiving_firm_dtc: '0123',
      receiving_account_num: 'ACCT-77',
      receiving_account_name: 'Marcus Bell',
      transfer_all_shares: false,
      transfer_shares_text: '5',
      transfer_shares_count: 5,
      shareholder_tax_id_last4: '4321',
      preferred_contact_type: 'EMAIL',
      preferred_contact: 'marcus.bell@example.com',
    });
    expect(view).toMatchObject({
      transferTypeLabel: 'DWAC',
      receivingFirmName: 'Example Securities LLC',
      receivingFirmDtc: '0123',
      receivingAccountNumber: 'ACCT-77',
      receivingAccountName: 'Marcus Bell',
      allShares: false,
      sharesCount: 5,
      shareholderTaxIdMasked: '***-**-4321',
      contact: 'marcus.bell@example.com',
      buyer: null,
    });
  });

  it('reads camelCase transfer fields and "all shares"', () => {
    const view = readTransfer({
      transferType: 'drs',
      receivingFirmName: 'Firm',
      transferAllShares: true,
      transfer_shares_count: null,
      certificateNumbers: 'C-1, C-2',
    });
    expect(view).toMatchObject({
      transferTypeLabel: 'DRS',
      receivingFirmName: 'Firm',
      allShares: true,
      sharesCount: null,
      certificateNumbers: 'C-1, C-2',
    });
    expect(readTransfer({ transfer_type: 'not-sure' }).transferTypeLabel).toBe('Not sure');
  });

  it('reads a sale’s buyer: entity name, phone, price, total and an entity-masked tax ID', () => {
    const view = readTransfer({
      transfer_type: 'sale',
      transfer_shares_count: 2500,
      buyerEntityType: 'entity',
      buyerEntityName: 'Harbor Point Capital LLC',
      buyerEmail: 'deals@harborpoint.example.com',
      buyerPhone: '555-010-2001',
      buyerTaxId_last4: '9012',
      buyerAddressLine1: '500 Pacific Ave',
      buyerCity: 'San Francisco',
      buyerState: 'CA',
      buyerPostalCode: '94133',
      buyerCountry: 'United States',
      pricePerShare: 14.25,
      numberOfShares: 2500,
      totalAmount: 35625,
    });
    expect(view.transferTypeLabel).toBe('Sale');
    expect(view.buyer).toEqual({
      kind: 'entity',
      name: 'Harbor Point Capital LLC',
      email: 'deals@harborpoint.example.com',
      phone: '(555) 010-2001',
      taxIdMasked: '**-***9012',
      address: '500 Pacific Ave, San Francisco, CA 94133, United States',
      pricePerShare: 14.25,
      totalAmount: 35625,
      numberOfShares: 2500,
    });
  });

  it('names an individual buyer and masks the tax ID the individual way', () => {
    const buyer = readTransfer({
      transfer_type: 'sale',
      buyerEntityType: 'individual',
      buyerFirstName: 'Ada',
      buyerLastName: 'Lovelace',
      buyerTaxId: '123-45-6789',
    }).buyer;
    expect(buyer).toMatchObject({ kind: 'individual', name: 'Ada Lovelace', taxIdMasked: '***-**-6789' });
  });
});

describe('display rules', () => {
  it('formats a 10-digit phone, and leaves others as given', () => {
    expect(formatPhone('5550102001')).toBe('(555) 010-2001');
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhone(null)).toBeNull();
  });

  it('masks a tax ID to its last four digits', () => {
    expect(maskTaxId('1234')).toBe('***-**-1234');
    expect(maskTaxId('12-3456789', 'entity')).toBe('**-***6789');
    expect(maskTaxId('')).toBeNull();
    expect(maskTaxId('n/a')).toBeNull();
  });

  it('labels keys and values generically', () => {
    expect(fieldLabel('receiving_firm_name')).toBe('Receiving firm name');
    expect(fieldLabel('buyerEntityType')).toBe('Buyer entity type');
    expect(fieldLabel('shareholder_tax_id_last4')).toBe('Shareholder tax id (last 4)');
    expect(displayValue(true)).toBe('Yes');
    expect(displayValue(1500)).toBe('1,500');
    expect(displayValue(['a', 'b'])).toBe('a, b');
    expect(displayValue(null)).toBe('—');
  });

  it('lists only the fields the type’s section does not show', () => {
    const rest = otherFields(
      { new_city: 'Fresno', city: 'Fresno', gift_note: 'For my niece', empty: '' },
      'ADDRESS_CHANGE',
    );
    expect(rest).toEqual([{ key: 'gift_note', label: 'Gift note', value: 'For my niece' }]);
    expect(otherFields({ transfer_type: 'dwac', medallion_guarantee: true }, 'TRANSFER')).toEqual([
      { key: 'medallion_guarantee', label: 'Medallion guarantee', value: 'Yes' },
    ]);
  });
});

describe('transfer-type labels', () => {
  it('names every transfer type the portal offers, “not sure” included, in any case or spelling', () => {
    const label = (value: string) => readTransfer({ transfer_type: value }).transferTypeLabel;
    expect(label('drs')).toBe('DRS');
    expect(label('dwac')).toBe('DWAC');
    expect(label('sale')).toBe('Sale');
    expect(label('not-sure')).toBe('Not sure');
    expect(label('not_sure')).toBe('Not sure');
    expect(label('NOT-SURE')).toBe('Not sure');
    expect(readTransfer({ transferType: 'DWAC' }).transferTypeLabel).toBe('DWAC');
  });

  it('shows an unknown type as given, and nothing when absent', () => {
    expect(readTransfer({ transfer_type: 'gift' }).transferTypeLabel).toBe('gift');
    expect(readTransfer({}).transferTypeLabel).toBeNull();
  });
});
