/** Small helpers shared by the ledger page's sections. */
import { formatDecimal, isCalendarDay, type StopReason } from '@ledgerwell/shared/ledger';
import type { Toast } from '../../hooks/use-toasts';

export type PushToast = (kind: Toast['kind'], text: string) => void;

export const STOP_REASON_LABELS: Record<StopReason, string> = {
  LOST: 'Lost',
  STOLEN: 'Stolen',
  DESTROYED: 'Destroyed',
  ADVERSE_CLAIM: 'Adverse claim',
};

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
