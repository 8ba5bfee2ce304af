import { describe, expect, it } from 'vitest';
import { issuerApplicationStatusLabel } from '@ledgerwell/shared/issuer-applications';
import {
  confirmationId,
  isSigned,
  latestSignature,
  prettyJson,
  showCount,
  showCountry,
  showDollars,
  showEntityType,
  showLongDate,
  showLongDateTime,
  showPercent,
  showShareholderCount,
  showSharePrice,
  showText,
  showUsState,
  showYesNo,
} from './issuer-application-view';

describe('issuer applications screen texts', () => {
  it("shows money in whole US dollars, and 'Not provided' without an amount", () => {
    expect(showDollars(2_500_000)).toBe('$2,500,000');
    expect(showDollars(1234.56)).toBe('$1,235');
    expect(showDollars(0)).toBe('$0');
    expect(showDollars(null)).toBe('Not provided');
    expect(showDollars(undefined)).toBe('Not provided');
    expect(showDollars(Number.NaN)).toBe('Not provided');
  });

  it('keeps the cents of a share price, and counts shares with separators', () => {
    expect(showSharePrice(0.25)).toBe('$0.25');
    expect(showSharePrice(12)).toBe('$12.00');
    expect(showSharePrice(null)).toBe('Not provided');
    expect(showCount(10_000_000)).toBe('10,000,000');
    expect(showCount(null)).toBe('Not provided');
  });

  it("shows a calendar date as that day in long form, 'Invalid date' and 'Not provided' otherwise", () => {
    // The incorporation date is a day, not midnight UTC: America must not see the day before.
    expect(showLongDate('2015-03-01')).toBe('March 1, 2015');
    expect(showLongDate('2015-02-30')).toBe('Invalid date');
    expect(showLongDate('yesterday')).toBe('Invalid date');
    expect(showLongDate(null)).toBe('Not provided');
    expect(showLongDate('')).toBe('Not provided');
  });

  it("shows a moment in long form, 'Invalid date' and 'Not provided' otherwise", () => {
    expect(showLongDateTime('2026-05-14T15:30:00.000Z')).toMatch(/^May (14|15), 2026( at|,) \d{1,2}:\d{2}\s?[AP]M$/);
    expect(showLongDateTime('not a date')).toBe('Invalid date');
    expect(showLongDateTime(null)).toBe('Not provided');
    expect(showLongDateTime(undefined)).toBe('Not provided');
  });

  it("reads 'Not provided' for missing text and booleans", () => {
    expect(showText(null)).toBe('Not provided');
    expect(showText('   ')).toBe('Not provided');
    expect(showText('Series A')).toBe('Series A');
    expect(showYesNo(null)).toBe('Not provided');
    expect(showYesNo(true)).toBe('Yes');
    expect(showYesNo(false)).toBe('No');
  });

  it('labels entity types, states, the country and expected shareholders', () => {
    expect(showEntityType('CORPORATION')).toBe('Corporation (C-Corp or S-Corp)');
    expect(showEntityType('PARTNERSHIP')).toBe('Partnership (LP or LLP)');
    expect(showEntityType('COOPERATIVE')).toBe('COOPERATIVE');
    expect(showEntityType(null)).toBe('Not provided');
    expect(showUsState('DE')).toBe('Delaware (DE)');
    expect(showUsState('DC')).toBe('District of Columbia (DC)');
    expect(showUsState('ZZ')).toBe('ZZ');
    expect(showUsState(null)).toBe('Not provided');
    expect(showCountry('USA')).toBe('United States');
    expect(showCountry(null)).toBe('Not provided');
    expect(showShareholderCount('1000+')).toBe('More than 1000 shareholders');
    expect(showShareholderCount('11-50')).toBe('11-50 shareholders');
    expect(showShareholderCount(null)).toBe('Not specified');
  });

  it('shows statuses with spaces for underscores and the approval rate as a whole percent', () => {
    expect(issuerApplicationStatusLabel('UNDER_REVIEW')).toBe('UNDER REVIEW');
    expect(issuerApplicationStatusLabel('APPROVED')).toBe('APPROVED');
    expect(showPercent(67)).toBe('67%');
    expect(showPercent(0)).toBe('0%');
    expect(showPercent(undefined)).toBeUndefined();
  });

  it('finds the signature, the confirmation id and pretty-prints the raw data', () => {
    const early = { created_at: '2026-05-01T10:00:00.000Z', signature_name: 'A' };
    const late = { created_at: '2026-05-02T10:00:00.000Z', signature_name: 'B' };
    expect(isSigned({ signatures: [] })).toBe(false);
    expect(isSigned({ signatures: [early] })).toBe(true);
    expect(latestSignature([late, early])).toBe(late);
    expect(latestSignature([])).toBeNull();
    expect(confirmationId({ onboardingId: 'issuer_1747234200000_k3j9x2ab' })).toBe('issuer_1747234200000_k3j9x2ab');
    expect(confirmationId({})).toBe('Not provided');
    expect(confirmationId({ onboardingId: 42 })).toBe('Not provided');
    expect(prettyJson({ a: 1, b: ['x'] })).toBe('{\n  "a": 1,\n  "b": [\n    "x"\n  ]\n}');
  });
});
