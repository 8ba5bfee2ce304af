import { z } from 'zod';
import { calendarDate, TRANSACTION_TYPES, type TransactionType } from './ledger';
import { pagedQuery } from './paging';

/**
 * The holder's documents (issue 30): a transaction advice for every posting to one of their accounts, and a
 * statement of holdings as of any date. Both are PDFs made on the server from the ledger when asked for, so
 * they always say what the journal says; nothing is stored but the record of each download.
 */
export const PORTAL_DOCUMENT_MESSAGES = {
  documentNotFound: 'Document not found',
  accountRequired: 'Choose one of your accounts',
  documentsFailed: 'We could not load your documents. Please try again.',
  noDocuments: 'No documents yet: a transaction advice appears here for every change to your holdings.',
  statementFailed: 'We could not make the statement. Please try again.',
  asOfInFuture: 'The statement date cannot be in the future',
} as const;
const M = PORTAL_DOCUMENT_MESSAGES;

/** An advice is named by its posting and the account it concerns: one posting can touch two of a holder's accounts. */
export const adviceDocumentId = (transactionId: string, accountId: string) => `advice_${transactionId}_${accountId}`;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ADVICE_ID = new RegExp(`^advice_(${UUID})_(${UUID})$`, 'i');
/** `advice_`, two UUIDs and the `_` between them. */
const ADVICE_ID_LENGTH = 7 + 36 + 1 + 36;

/** The posting and account an advice's id names, or null for anything else (its length is checked first). */
export function parseAdviceDocumentId(id: string): { transactionId: string; accountId: string } | null {
  if (id.length !== ADVICE_ID_LENGTH) return null;
  const match = ADVICE_ID.exec(id);
  return match ? { transactionId: match[1]!.toLowerCase(), accountId: match[2]!.toLowerCase() } : null;
}

export const portalDocumentSchema = z.object({
  id: z.string(),
  kind: z.literal('TRANSACTION_ADVICE'),
  title: z.string(),
  accountId: z.string(),
  accountNumberEnding: z.string(),
  issuerName: z.string(),
  className: z.string(),
  transactionType: z.enum(TRANSACTION_TYPES),
  effectiveDate: z.string(),
  postedAt: z.string(),
});
export type PortalDocument = z.infer<typeof portalDocumentSchema>;

export const portalDocumentsQuerySchema = pagedQuery({}, { defaultLimit: 20, maxLimit: 100 });
export const portalDocumentsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(portalDocumentSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type PortalDocumentsPage = Omit<z.infer<typeof portalDocumentsResponseSchema>, 'success'>;

export const statementQuerySchema = z.strictObject({
  accountId: z.uuid({ error: M.accountRequired }),
  asOf: calendarDate,
});
export type StatementQuery = z.output<typeof statementQuerySchema>;

/** What an advice is called, in lists, file names and the PDF's title. */
export function adviceTitle(type: TransactionType, effectiveDate: string): string {
  const what: Record<TransactionType, string> = {
    ISSUANCE: 'issuance',
    TRANSFER: 'transfer',
    CANCELLATION: 'cancellation',
    CONVERSION: 'conversion',
    REISSUANCE: 'replacement certificate',
    AUTHORIZED_ADJUSTMENT: 'authorized shares change',
  };
  return `Transaction advice: ${what[type]}, ${effectiveDate}`;
}
