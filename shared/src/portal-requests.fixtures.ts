/** A valid DWAC transfer's formData, for tests on both sides. */
export const SAMPLE_DWAC_TRANSFER = {
  transfer_type: 'dwac',
  receiving_firm_name: 'Example Securities LLC',
  receiving_firm_dtc: '0123',
  receiving_account_num: 'ACCT-77',
  receiving_account_name: 'Dana Whitfield',
  transfer_all_shares: false,
  transfer_shares_text: '1,000',
  transfer_shares_count: 1000,
  shareholder_tax_id: '123-45-6789',
  preferred_contact_type: 'EMAIL',
  preferred_contact: 'dana@example.com',
} as const;
