import { sql, type SQL } from 'drizzle-orm';
import { shareholderRequests } from '@ledgerwell/db/schema';
import { TURNAROUND_BUSINESS_DAYS } from '@ledgerwell/shared/request-review';
import { businessDayNumber, businessDaysBetween } from './business-time';

const r = shareholderRequests;

/**
 * Turnaround under SEC Rule 17Ad-2 runs from receipt in good order: for a transfer, when its documents are in. Written
 * exactly as the open-transfer age index is (shareholder_requests_open_transfer_age_idx), so a count of late open
 * transfers is a range of it.
 */
export const receivedInGoodOrder = sql`coalesce(${r.verificationSubmittedAt}, ${r.createdAt})`;

/** Business days from receipt in good order to the decision: received Friday, decided Monday is 1. */
export const businessDaysToDecision = businessDaysBetween(receivedInGoodOrder, sql`${r.processedAt}`);

/** A decided request turned around in time: within the rule's business days of its receipt. */
export const decidedInTime = sql<boolean>`(${businessDaysToDecision} <= ${sql.raw(String(TURNAROUND_BUSINESS_DAYS))})`;

/** Received more than `days` business days before the business day numbered `today` (businessDayNumber of now). */
export const receivedMoreThan = (days: number, today: SQL) =>
  sql<boolean>`(${businessDayNumber(receivedInGoodOrder)} < ${today} - ${sql.raw(String(days))})`;
