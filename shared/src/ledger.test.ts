import { describe, expect, it } from 'vitest';
import {
  compareDecimals,
  formatDecimal,
  isWholeDecimal,
  calendarDateIn,
  isCalendarDay,
  isTimeZone,
  LEDGER_MESSAGES as M,
  normalizeDecimal,
  sharesString,
  sumDecimals,
  transferInputSchema,
} from './ledger';

describe('share quantities', () => {
  it('are exact decimal strings with at most 18 digits before the point and 6 after, written one way', () => {
    expect(sharesString.parse('100')).toBe('100');
    expect(sharesString.parse(' 0.500000 ')).toBe('0.5');
    expect(sharesString.parse('007.250')).toBe('7.25');
    expect(sharesString.parse('999999999999999999.999999')).toBe('999999999999999999.999999');
    for (const bad of ['1.0000001', '1e3', '-5', '1,000', '.5', '5.', 'NaN', '', '1'.repeat(19), '١٢']) {
      const result = sharesString.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message, bad).toBe(M.sharesInvalid);
    }
    expect(sharesString.safeParse('0.000000').error?.issues[0]?.message).toBe(M.sharesPositive);
    expect(sharesString.safeParse(100).success).toBe(false);
    expect(sharesString.safeParse('9'.repeat(10_000)).error?.issues[0]?.message).toBe(M.sharesInvalid);
  });

  it('normalizes zeros only, never rounding', () => {
    expect(normalizeDecimal('0.000000')).toBe('0');
    expect(normalizeDecimal('1500.000000')).toBe('1500');
    expect(normalizeDecimal('0.000001')).toBe('0.000001');
    expect(normalizeDecimal('10.100')).toBe('10.1');
    expect(normalizeDecimal('0.5')).toBe('0.5');
    expect(normalizeDecimal('000')).toBe('0');
    expect(normalizeDecimal('.5')).toBe('0.5');
    // One pass over any input: a million zeros before a stray character take no time.
    const started = performance.now();
    expect(normalizeDecimal(`1.${'0'.repeat(1_000_000)}x`)).toBe(`1.${'0'.repeat(1_000_000)}x`);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('dates and time zones', () => {
  it('takes real calendar dates only', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-2-1')).toBe(false);
  });

  it("tells the issuer's date: 07:30 UTC is still yesterday in California", () => {
    const at = new Date('2026-11-27T07:30:00Z');
    expect(calendarDateIn('America/Los_Angeles', at)).toBe('2026-11-26');
    expect(calendarDateIn('America/New_York', at)).toBe('2026-11-27');
    expect(isTimeZone('America/Los_Angeles')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('a'.repeat(100))).toBe(false);
  });
});

describe('a transfer', () => {
  const base = {
    classId: '00000000-0000-4000-8000-000000000001',
    fromAccountId: '00000000-0000-4000-8000-000000000002',
    toAccountId: '00000000-0000-4000-8000-000000000003',
    shares: '10',
    toForm: 'DRS',
    effectiveDate: '2026-11-27',
  };
  it('names two different accounts and each certificate once, upper-cased', () => {
    expect(transferInputSchema.parse({ ...base, certificateNumbers: ['c-1', 'C-2'] }).certificateNumbers).toEqual([
      'C-1',
      'C-2',
    ]);
    expect(transferInputSchema.safeParse({ ...base, certificateNumbers: ['c-1', 'C-1'] }).success).toBe(false);
    expect(transferInputSchema.safeParse({ ...base, toAccountId: base.fromAccountId }).error?.issues[0]?.message).toBe(
      M.sameAccount,
    );
  });
});

describe('exact decimal comparison and display', () => {
  it('orders decimal strings without a float, any spelling alike', () => {
    expect(compareDecimals('1000', '999.999999')).toBe(1);
    expect(compareDecimals('0.5', '0.50')).toBe(0);
    expect(compareDecimals('007.5', '7.5')).toBe(0);
    expect(compareDecimals('12.05', '12.5')).toBe(-1);
    // 2^53 + 1 and 2^53 are one number as floats; here they differ.
    expect(compareDecimals('9007199254740993', '9007199254740992')).toBe(1);
    expect(compareDecimals('123456789012345678.000001', '123456789012345678')).toBe(1);
  });

  it('tells a whole count from a fraction and groups thousands without rounding', () => {
    expect([isWholeDecimal('12'), isWholeDecimal('12.000'), isWholeDecimal('12.5')]).toEqual([true, true, false]);
    expect(formatDecimal('1234567.5')).toBe('1,234,567.5');
    expect(formatDecimal('999')).toBe('999');
    expect(formatDecimal('-1500.250000')).toBe('-1,500.25');
    expect(formatDecimal('123456789012345678.000001')).toBe('123,456,789,012,345,678.000001');
  });

  it('adds signed decimal strings exactly, where floats drift', () => {
    expect(sumDecimals(['-30', '0.5'])).toBe('-29.5');
    // 0.1 + 0.2 is 0.30000000000000004 in floating point.
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimals(['-0.000001', '0.000001'])).toBe('0');
    expect(sumDecimals(['-0.25'])).toBe('-0.25');
    expect(sumDecimals(['9007199254740993', '1'])).toBe('9007199254740994');
    expect(sumDecimals([])).toBe('0');
  });
});
