import { usStateName } from '@ledgerwell/shared/us-states';
import { ENTITY_TYPE_LABELS, shareholderCountLabel, type EntityType } from '@ledgerwell/shared/issuer-onboarding-rules';
import { ISSUER_APPLICATION_MESSAGES } from '@ledgerwell/shared/issuer-applications';
import { formatCount, formatMoney, formatPrice } from '../../../lib/format';

/** How the issuer applications screen shows each kind of value (spec 3, 8, 9); a missing one reads 'Not provided'. */
export const NOT_PROVIDED = ISSUER_APPLICATION_MESSAGES.notProvided;
const INVALID_DATE = 'Invalid date';

const isMissing = (value: unknown): value is null | undefined | '' =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** Text as it is, or 'Not provided'. */
export const showText = (value: string | null | undefined): string => (isMissing(value) ? NOT_PROVIDED : value);

/** Spec 9: money and revenue in US dollars without decimals ($2,500,000). */
export const showDollars = (amount: number | null | undefined): string =>
  isMissing(amount) || !Number.isFinite(amount) ? NOT_PROVIDED : formatMoney(amount, true);

/** A price per share keeps its cents (up to four decimals): $0.25 rounded to whole dollars would read $0. */
export const showSharePrice = (amount: number | null | undefined): string =>
  isMissing(amount) || !Number.isFinite(amount) ? NOT_PROVIDED : formatPrice(amount);

/** A count of shares (10,000,000). */
export const showCount = (count: number | null | undefined): string =>
  isMissing(count) || !Number.isFinite(count) ? NOT_PROVIDED : formatCount(count);

export const showYesNo = (value: boolean | null | undefined): string =>
  value === null || value === undefined ? NOT_PROVIDED : value ? 'Yes' : 'No';

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const longDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar date (the incorporation date, YYYY-MM-DD) in long US form: March 3, 2015. Read as that
 * day itself, not as midnight UTC shown in the browser's zone (which would be the day before in America).
 */
export function showLongDate(value: string | null | undefined): string {
  if (isMissing(value)) return NOT_PROVIDED;
  const match = CALENDAR_DATE.exec(value.trim());
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : new Date(value);
  // Date.UTC rolls 2015-02-30 over to March 2: a date that does not exist is invalid, not another day.
  if (Number.isNaN(date.getTime()) || (match && date.getUTCDate() !== Number(match[3]))) return INVALID_DATE;
  return longDate.format(date);
}

/** A moment (created, updated, signed, reviewed) in long US form in the browser's zone: May 14, 2026 at 3:30 PM. */
export function showLongDateTime(value: string | null | undefined): string {
  if (isMissing(value)) return NOT_PROVIDED;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? INVALID_DATE : longDateTime.format(date);
}

/** CORPORATION → 'Corporation (C-Corp or S-Corp)'; a value outside the set as it is. */
export function showEntityType(value: string | null | undefined): string {
  if (isMissing(value)) return NOT_PROVIDED;
  return ENTITY_TYPE_LABELS[value as EntityType] ?? value;
}

/** DE → 'Delaware (DE)'; a code outside the list as it is. */
export function showUsState(code: string | null | undefined): string {
  if (isMissing(code)) return NOT_PROVIDED;
  const name = usStateName(code);
  return name === code ? code : `${name} (${code})`;
}

/** The wizard's only country. */
export const showCountry = (value: string | null | undefined): string =>
  value === 'USA' ? 'United States' : showText(value);

/** Expected shareholders: '1000+' → 'More than 1000 shareholders', none → 'Not specified' (spec 3). */
export const showShareholderCount = (value: string | null | undefined): string => shareholderCountLabel(value);

/** The Signed tick: at least one signature is on file. */
export const isSigned = (application: { signatures: readonly unknown[] }): boolean => application.signatures.length > 0;

/** The latest of the signatures (by when they were made), or null. */
export function latestSignature<S extends { created_at: string }>(signatures: readonly S[]): S | null {
  let latest: S | null = null;
  for (const signature of signatures) {
    if (latest === null || Date.parse(signature.created_at) > Date.parse(latest.created_at)) latest = signature;
  }
  return latest;
}

/** The confirmation id the applicant was shown: application_data.onboardingId. */
export function confirmationId(applicationData: Readonly<Record<string, unknown>>): string {
  const id = applicationData.onboardingId;
  return typeof id === 'string' && id.trim() !== '' ? id : NOT_PROVIDED;
}

/** The raw application data, indented for the scrollable <pre>. */
export const prettyJson = (value: unknown): string => JSON.stringify(value, null, 2) ?? NOT_PROVIDED;

/** 'Approval Rate' card: a whole percent. */
export const showPercent = (value: number | undefined): string | undefined =>
  value === undefined ? undefined : `${Math.round(value)}%`;
