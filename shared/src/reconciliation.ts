import { z } from 'zod';

/**
 * Reconciliation of the master securityholder file with each class's control book (issue 28; SEC Rules 17Ad-10
 * and 17Ad-11): on demand and daily. A difference found stays open, with its age, until a run finds the books in
 * balance; over 30 days it is aged.
 */
export const AGED_DIFFERENCE_DAYS = 30;
export const RECONCILIATION_TRIGGERS = ['DAILY', 'MANUAL'] as const;

export const RECONCILIATION_MESSAGES = {
  idInvalid: 'Must be an id from this system',
  statusInvalid: 'Status must be open or all',
} as const;

export const reconcileInputSchema = z.strictObject({
  /** One class; absent: every class. */
  classId: z.uuid({ error: RECONCILIATION_MESSAGES.idInvalid }).optional(),
});

export const recordDifferencesQuerySchema = z.strictObject({
  status: z.enum(['open', 'all'], { error: RECONCILIATION_MESSAGES.statusInvalid }).default('open'),
});

export const recordDifferenceViewSchema = z.object({
  id: z.string(),
  classId: z.string(),
  issuer: z.string(),
  shareClass: z.string(),
  outstandingShares: z.string(),
  masterFileTotal: z.string(),
  journalTotal: z.string(),
  /** Master file less outstanding, signed ("-5", "12.5"). */
  difference: z.string(),
  firstFoundAt: z.string(),
  lastCheckedAt: z.string(),
  ageDays: z.number(),
  aged: z.boolean(),
  resolvedAt: z.string().nullable(),
});
export type RecordDifferenceView = z.infer<typeof recordDifferenceViewSchema>;

export const reconciliationRunViewSchema = z.object({
  id: z.string(),
  trigger: z.enum(RECONCILIATION_TRIGGERS),
  runDate: z.string(),
  classesChecked: z.number(),
  differencesFound: z.number(),
  startedAt: z.string(),
  finishedAt: z.string(),
  /** The classes out of balance after this run. */
  differences: z.array(recordDifferenceViewSchema),
});
export type ReconciliationRunView = z.infer<typeof reconciliationRunViewSchema>;

export const reconciliationAnswerSchema = z.object({ success: z.literal(true), data: reconciliationRunViewSchema });
export const recordDifferenceListSchema = z.object({
  success: z.literal(true),
  data: z.array(recordDifferenceViewSchema),
});
