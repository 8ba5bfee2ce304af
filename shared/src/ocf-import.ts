import { z } from 'zod';
import { importProblemSchema } from './api-error';

/**
 * The OCF import's contract (decision 026): staff post an issuer's opening cap table from an OCF bundle, all or
 * nothing. Accepted: how many objects of each kind were posted. Rejected: every object refused, each with the file
 * it came from, its id and the reason, and nothing is written.
 */

/** The zip as sent; a cap table of some 100,000 objects compresses far below this. */
export const OCF_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** What the zip may hold once inflated: a bound against a small file that inflates without end. */
export const OCF_IMPORT_MAX_INFLATED_BYTES = 200 * 1024 * 1024;

export const OCF_IMPORT_MESSAGES = {
  notZip: 'The file is not a zip archive.',
  noManifest: 'The zip holds no OCF manifest (a JSON file whose file_type is OCF_MANIFEST_FILE).',
  tooLarge: 'The file is too large: at most 20 MB per import.',
  inflatedTooLarge: 'The zip holds more than 200 MB once unpacked.',
  wrongType: 'Send the bundle as application/zip.',
  notFresh: 'The issuer already has ledger postings: an OCF bundle is imported only into an issuer with none.',
  rejected: (count: number) =>
    `The bundle has ${count} rejected object${count === 1 ? '' : 's'}; nothing was imported.`,
} as const;

/** The file inside the zip (`Transactions.ocf.json`, or `(bundle)` for the archive), the object's id, the reason. */
export const ocfImportProblemSchema = importProblemSchema;
export type OcfImportProblem = z.infer<typeof ocfImportProblemSchema>;

export const ocfImportCountsSchema = z.object({
  stockClasses: z.number().int(),
  stakeholders: z.number().int(),
  issuances: z.number().int(),
  transfers: z.number().int(),
  cancellations: z.number().int(),
  reissuances: z.number().int(),
  conversions: z.number().int(),
  authorizedAdjustments: z.number().int(),
  /** The ledger transactions the OCF transactions became (several OCF objects may make one posting). */
  ledgerTransactions: z.number().int(),
});
export type OcfImportCounts = z.infer<typeof ocfImportCountsSchema>;

export const ocfImportResultSchema = z.object({
  success: z.literal(true),
  data: z.object({ issuerId: z.string(), counts: ocfImportCountsSchema }),
});
export type OcfImportResult = z.infer<typeof ocfImportResultSchema>['data'];

/** The 422: the error shape (api-error.ts) with the report of every rejected object. */
export const ocfImportRejectedSchema = z.object({
  success: z.literal(false),
  code: z.literal('UNPROCESSABLE'),
  message: z.string(),
  problems: z.array(ocfImportProblemSchema),
  requestId: z.string().optional(),
});
export type OcfImportRejected = z.infer<typeof ocfImportRejectedSchema>;
