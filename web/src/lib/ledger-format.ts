/** Quantities, business days and posting types as the ledger screens (staff and issuer) show them. */
import { formatDecimal, isCalendarDay, type TransactionType } from '@ledgerwell/shared/ledger';

const dayFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** A business day (YYYY-MM-DD) as that day everywhere, not as UTC midnight moved into the browser's zone. */
export function formatDay(value: string): string {
  return isCalendarDay(value) ? dayFormat.format(new Date(`${value}T00:00:00Z`)) : value;
}

export const shares = (value: string) => formatDecimal(value);

/** A signed quantity as a movement: "+100" in, "−30" out (a true minus sign, read as "minus"). */
export const signedShares = (value: string) =>
  value.startsWith('-') ? `\u2212${formatDecimal(value.slice(1))}` : `+${formatDecimal(value)}`;

export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  ISSUANCE: 'Issuance',
  TRANSFER: 'Transfer',
  CANCELLATION: 'Cancellation',
  CONVERSION: 'Conversion',
  REISSUANCE: 'Reissuance',
  AUTHORIZED_ADJUSTMENT: 'Authorized shares',
};
