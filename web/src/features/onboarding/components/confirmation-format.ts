import { maskEinLast4 } from '@ledgerwell/shared/issuer-onboarding-rules';
import { lazily } from '../../../lib/lazily';

/** How the confirmation page writes dates and the EIN. */

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

// Built when a date is first written: the wizard loads this module with the page.
const longDate = lazily(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }));
const longDateUtc = lazily(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }));

/**
 * 'November 23, 2026'; 'Not provided' when empty; 'Invalid date' when unreadable. A date alone
 * (YYYY-MM-DD) is a calendar day, not UTC midnight: it is written as that day in every time zone.
 * A timestamp is written as the day it was in the reader's time zone.
 */
export function formatLongDate(value: string | null | undefined): string {
  const text = value?.trim() ?? '';
  if (text === '') return 'Not provided';
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) {
    const [, year, month, day] = dateOnly.map(Number) as [number, number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    // Date.UTC rolls 2026-02-30 over to March 2: such a day does not exist.
    if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
      return 'Invalid date';
    return longDateUtc().format(date);
  }
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? 'Invalid date' : longDate().format(date);
}

/** '**-***6789': the last four digits only, as the admin screens show it; 'Not provided' without them. */
export function maskEin(ein: string | null | undefined): string {
  const digits = (ein ?? '').replace(/\D/g, '');
  if (digits.length < 4) return 'Not provided';
  return maskEinLast4(digits.slice(-4));
}

/** A value, or the placeholder when it is empty after trimming. */
export function orPlaceholder(value: string | null | undefined, placeholder = 'Not provided'): string {
  const text = value?.trim() ?? '';
  return text === '' ? placeholder : text;
}
