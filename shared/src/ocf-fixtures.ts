/**
 * Small OCF objects for tests (the checker's and the import's): sound by default, each field overridable. Not
 * used by the product.
 */
const MD5 = '0123456789abcdef0123456789abcdef';
const ref = (filepath: string) => [{ filepath: `./${filepath}`, md5: MD5 }];

/** A manifest listing the three object files our export writes. */
export const ocfManifest = (asOf = '2026-03-31') => ({
  ocf_version: '1.2.0',
  file_type: 'OCF_MANIFEST_FILE',
  issuer: {
    object_type: 'ISSUER',
    id: 'issuer-1',
    legal_name: 'Acme Corp',
    formation_date: '2020-01-02',
    country_of_formation: 'US',
  },
  as_of: asOf,
  generated_at: `${asOf}T10:00:00Z`,
  stock_plans_files: [],
  stock_legend_templates_files: [],
  stock_classes_files: ref('StockClasses.ocf.json'),
  vesting_terms_files: [],
  valuations_files: [],
  transactions_files: ref('Transactions.ocf.json'),
  stakeholders_files: ref('Stakeholders.ocf.json'),
});

export const ocfStockClass = (id: string, authorized = '1000') => ({
  object_type: 'STOCK_CLASS',
  id,
  name: id,
  class_type: 'COMMON',
  default_id_prefix: 'LW',
  initial_shares_authorized: authorized,
  votes_per_share: '1',
  seniority: '1',
});

export const ocfStakeholder = (id: string) => ({
  object_type: 'STAKEHOLDER',
  id,
  name: { legal_name: `Holder ${id}` },
  stakeholder_type: 'INDIVIDUAL',
});

/** A DRS lot issued: its id `<security>/issuance` unless overridden. */
export const ocfIssuance = (
  securityId: string,
  stakeholderId: string,
  quantity: string,
  overrides: Record<string, unknown> = {},
) => ({
  object_type: 'TX_STOCK_ISSUANCE',
  id: `${securityId}/issuance`,
  date: '2026-01-05',
  security_id: securityId,
  custom_id: 'DRS',
  stakeholder_id: stakeholderId,
  stock_class_id: 'common',
  quantity,
  share_price: { amount: '0', currency: 'USD' },
  security_law_exemptions: [],
  stock_legend_ids: [],
  ...overrides,
});
