import { z } from 'zod';
import { isCalendarDay } from './ledger';

/**
 * The Open Cap Table Format objects Ledgerwell writes (decision 024): OCF 1.2.0, the coalition's latest release
 * (its main branch is 1.2.1-alpha, unreleased). Our own rules, written from the release's schemas, for the
 * subset we emit; strict objects, as the schemas allow no other properties.
 */
export const OCF_VERSION = '1.2.0';

export const OCF_FILE_TYPES = {
  manifest: 'OCF_MANIFEST_FILE',
  stakeholders: 'OCF_STAKEHOLDERS_FILE',
  stockClasses: 'OCF_STOCK_CLASSES_FILE',
  transactions: 'OCF_TRANSACTIONS_FILE',
} as const;

/** OCF's Numeric: a fixed-point decimal string, at most 10 places; measured before the pattern runs. */
const NUMERIC_SHAPE = /^[+-]?[0-9]+(\.[0-9]{1,10})?$/;
export const ocfNumeric = z.string().max(40, { abort: true }).regex(NUMERIC_SHAPE, 'must be a decimal string');
const ocfDate = z.string().max(10, { abort: true }).refine(isCalendarDay, 'must be a date written YYYY-MM-DD');
const ocfId = z.string().min(1).max(200);
const countryCode = z.string().regex(/^[A-Z]{2}$/);
const monetary = z.strictObject({ amount: ocfNumeric, currency: z.string().regex(/^[A-Z]{3}$/) });
const objectBase = { id: ocfId, comments: z.array(z.string()).optional() };
const transactionBase = { ...objectBase, date: ocfDate };
const securityBase = { ...transactionBase, security_id: ocfId };
const authorizedShares = z.union([z.enum(['NOT APPLICABLE', 'UNLIMITED']), ocfNumeric]);

export const ocfIssuerSchema = z.strictObject({
  object_type: z.literal('ISSUER'),
  ...objectBase,
  legal_name: z.string().min(1),
  formation_date: ocfDate,
  country_of_formation: countryCode,
  country_subdivision_of_formation: z
    .string()
    .regex(/^[A-Z0-9]{1,3}$/)
    .optional(),
});

export const ocfStockClassSchema = z.strictObject({
  object_type: z.literal('STOCK_CLASS'),
  ...objectBase,
  name: z.string().min(1),
  class_type: z.enum(['COMMON', 'PREFERRED']),
  default_id_prefix: z.string(),
  initial_shares_authorized: authorizedShares,
  votes_per_share: ocfNumeric,
  seniority: ocfNumeric,
  par_value: monetary.optional(),
});

export const ocfStakeholderSchema = z.strictObject({
  object_type: z.literal('STAKEHOLDER'),
  ...objectBase,
  name: z.strictObject({ legal_name: z.string().min(1) }),
  stakeholder_type: z.enum(['INDIVIDUAL', 'INSTITUTION']),
  issuer_assigned_id: z.string().optional(),
});

export const ocfStockIssuanceSchema = z.strictObject({
  object_type: z.literal('TX_STOCK_ISSUANCE'),
  ...securityBase,
  custom_id: z.string(),
  stakeholder_id: ocfId,
  stock_class_id: ocfId,
  quantity: ocfNumeric,
  share_price: monetary,
  security_law_exemptions: z.array(z.strictObject({ description: z.string(), jurisdiction: z.string() })),
  stock_legend_ids: z.array(z.string()),
});

const resultingIds = z.array(ocfId);
export const ocfStockTransferSchema = z.strictObject({
  object_type: z.literal('TX_STOCK_TRANSFER'),
  ...securityBase,
  quantity: ocfNumeric,
  resulting_security_ids: resultingIds.min(1),
  balance_security_id: ocfId.optional(),
});

export const ocfStockCancellationSchema = z.strictObject({
  object_type: z.literal('TX_STOCK_CANCELLATION'),
  ...securityBase,
  quantity: ocfNumeric,
  reason_text: z.string(),
  balance_security_id: ocfId.optional(),
});

export const ocfStockReissuanceSchema = z.strictObject({
  object_type: z.literal('TX_STOCK_REISSUANCE'),
  ...securityBase,
  resulting_security_ids: resultingIds,
  reason_text: z.string().optional(),
});

export const ocfStockConversionSchema = z.strictObject({
  object_type: z.literal('TX_STOCK_CONVERSION'),
  ...securityBase,
  quantity_converted: ocfNumeric,
  resulting_security_ids: resultingIds,
  balance_security_id: ocfId.optional(),
});

export const ocfAuthorizedAdjustmentSchema = z.strictObject({
  object_type: z.literal('TX_STOCK_CLASS_AUTHORIZED_SHARES_ADJUSTMENT'),
  ...transactionBase,
  stock_class_id: ocfId,
  new_shares_authorized: ocfNumeric,
});

export const ocfTransactionSchema = z.discriminatedUnion('object_type', [
  ocfStockIssuanceSchema,
  ocfStockTransferSchema,
  ocfStockCancellationSchema,
  ocfStockReissuanceSchema,
  ocfStockConversionSchema,
  ocfAuthorizedAdjustmentSchema,
]);

export type OcfIssuer = z.infer<typeof ocfIssuerSchema>;
export type OcfStockClass = z.infer<typeof ocfStockClassSchema>;
export type OcfStakeholder = z.infer<typeof ocfStakeholderSchema>;
export type OcfTransaction = z.infer<typeof ocfTransactionSchema>;
export type OcfStockIssuance = z.infer<typeof ocfStockIssuanceSchema>;

const fileReference = z.strictObject({ filepath: z.string().min(1), md5: z.string().regex(/^[a-fA-F0-9]{32}$/) });
export type OcfFileReference = z.infer<typeof fileReference>;

/** The manifest names every other file; the seven lists the release requires are present even when empty. */
export const ocfManifestSchema = z.strictObject({
  ocf_version: z.literal(OCF_VERSION),
  file_type: z.literal(OCF_FILE_TYPES.manifest),
  issuer: ocfIssuerSchema,
  as_of: ocfDate,
  generated_at: z.iso.datetime({ offset: true }),
  comments: z.array(z.string()).optional(),
  stock_plans_files: z.array(fileReference),
  stock_legend_templates_files: z.array(fileReference),
  stock_classes_files: z.array(fileReference),
  vesting_terms_files: z.array(fileReference),
  valuations_files: z.array(fileReference),
  transactions_files: z.array(fileReference),
  stakeholders_files: z.array(fileReference),
  financings_files: z.array(fileReference).optional(),
  documents_files: z.array(fileReference).optional(),
});
export type OcfManifest = z.infer<typeof ocfManifestSchema>;

/** A file of objects: its type and its items (each item is checked on its own, so a problem names its object). */
export const ocfItemsFileSchema = z.object({ file_type: z.string(), items: z.array(z.unknown()) }).strict();
