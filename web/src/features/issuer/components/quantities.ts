import { formatDecimal } from '@ledgerwell/shared/ledger';

/**
 * A holding's share of its class as the server computed it (an exact decimal, rounded to 4 places): shown as
 * written, grouped, never through a float. Null (nothing outstanding) reads as a dash.
 */
export const percentOfClass = (percentage: string | null) =>
  percentage === null ? '—' : `${formatDecimal(percentage)}%`;
