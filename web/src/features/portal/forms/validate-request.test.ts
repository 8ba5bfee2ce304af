import { describe, expect, it } from 'vitest';
import { REQUEST_MESSAGES as M } from '@ledgerwell/shared/portal-requests';
import {
  EMPTY_ADDRESS,
  EMPTY_CERTIFICATE,
  EMPTY_INQUIRY,
  EMPTY_TRANSFER,
  toAddressFormData,
  toCertificateFormData,
  toInquiryFormData,
  toTransferFormData,
  type TransferValues,
} from './form-data';
import { checkRequest, fieldNameOf, toFieldErrors } from './validate-request';

const errorsOf = (result: ReturnType<typeof checkRequest>) => (result.ok ? {} : result.errors);

const dwac: TransferValues = {
  ...EMPTY_TRANSFER,
  transfer_type: 'dwac',
  receiving_firm_name: 'Example Securities LLC',
  receiving_account_num: 'ACCT-77',
  receiving_account_name: 'Dana Whitfield',
  transfer_shares_count: '1000',
  shareholder_tax_id: '123-45-6789',
  preferred_contact: 'dana@example.com',
};

describe('checkRequest', () => {
  it('names every missing field of an empty transfer at once, cross-field ones included', () => {
    expect(
      errorsOf(checkRequest({ requestType: 'TRANSFER', formData: toTransferFormData(EMPTY_TRANSFER) }, '1500')),
    ).toEqual({
      transfer_type: M.transferTypeRequired,
      shareholder_tax_id: M.taxIdRequired,
      preferred_contact: M.contactRequired,
      transfer_shares_count: M.sharesRequired,
      receiving_firm_name: M.firmNameRequired,
      receiving_account_num: M.receivingAccountRequired,
      receiving_account_name: M.receivingAccountNameRequired,
    });
  });

  it('names the buyer fields of an empty private sale', () => {
    const errors = errorsOf(
      checkRequest(
        { requestType: 'TRANSFER', formData: toTransferFormData({ ...dwac, transfer_type: 'sale' }) },
        '1500',
      ),
    );
    expect(errors).toMatchObject({
      buyerEntityType: M.buyerTypeRequired,
      buyerEmail: M.buyerEmailInvalid,
      buyerTaxId: M.buyerTaxIdRequired,
      pricePerShare: M.priceInvalid,
    });
    expect(errors).not.toHaveProperty('receiving_firm_name');
  });

  it('refuses more shares than the account holds, but not all of them', () => {
    expect(
      errorsOf(
        checkRequest(
          { requestType: 'TRANSFER', formData: toTransferFormData({ ...dwac, transfer_shares_count: '1501' }) },
          '1500',
        ),
      ),
    ).toEqual({
      transfer_shares_count: M.sharesAboveHoldings,
    });
    expect(
      checkRequest(
        {
          requestType: 'TRANSFER',
          formData: toTransferFormData({ ...dwac, transfer_shares_count: '', transfer_all_shares: true }),
        },
        '1500',
      ).ok,
    ).toBe(true);
  });

  it('shows an invalid contact on the contact field', () => {
    expect(
      errorsOf(
        checkRequest(
          { requestType: 'TRANSFER', formData: toTransferFormData({ ...dwac, preferred_contact: 'nobody' }) },
          '1500',
        ),
      ),
    ).toEqual({
      preferred_contact: M.invalidContact,
    });
  });

  it('returns the parsed body for a valid request', () => {
    const result = checkRequest({ requestType: 'TRANSFER', formData: toTransferFormData(dwac) }, '1500');
    expect(result.ok && result.input).toMatchObject({
      requestType: 'TRANSFER',
      formData: { transfer_shares_count: 1000, transfer_shares_text: '1,000' },
    });
  });

  it('checks the address, certificate and inquiry forms with the shared messages', () => {
    expect(
      errorsOf(checkRequest({ requestType: 'ADDRESS_CHANGE', formData: toAddressFormData(EMPTY_ADDRESS) }, '0')),
    ).toEqual({
      new_address_line1: M.addressRequired,
      new_city: M.cityRequired,
      new_state: M.stateRequired,
      new_postal_code: M.zipRequired,
    });
    expect(
      errorsOf(
        checkRequest(
          {
            requestType: 'ADDRESS_CHANGE',
            formData: toAddressFormData({
              ...EMPTY_ADDRESS,
              new_address_line1: '1 Elm',
              new_city: 'Fresno',
              new_state: 'CA',
              new_postal_code: '937',
              preferred_contact: 'x',
            }),
          },
          '0',
        ),
      ),
    ).toEqual({
      new_postal_code: M.zipInvalid,
      preferred_contact: M.invalidContact,
    });
    expect(
      errorsOf(checkRequest({ requestType: 'CERTIFICATE', formData: toCertificateFormData(EMPTY_CERTIFICATE) }, '0')),
    ).toEqual({
      certificate_reason: M.reasonRequired,
      delivery_method: M.deliveryRequired,
      preferred_contact: M.contactRequired,
    });
    expect(errorsOf(checkRequest({ requestType: 'INQUIRY', formData: toInquiryFormData(EMPTY_INQUIRY) }, '0'))).toEqual(
      {
        inquiry_message: M.inquiryRequired,
      },
    );
  });
});

describe('server field errors', () => {
  it('strips the formData prefix and moves share text and contact type errors to their fields', () => {
    expect(fieldNameOf('formData.receiving_firm_name')).toBe('receiving_firm_name');
    expect(fieldNameOf('formData.transfer_shares_text')).toBe('transfer_shares_count');
    expect(fieldNameOf('formData.preferred_contact_type')).toBe('preferred_contact');
    expect(
      toFieldErrors({
        'formData.transfer_shares_count': M.sharesAboveHoldings,
        'formData.transfer_shares_text': M.sharesTextMismatch,
      }),
    ).toEqual({
      transfer_shares_count: M.sharesAboveHoldings,
    });
  });
});
