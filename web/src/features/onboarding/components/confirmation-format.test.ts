import { describe, expect, it } from 'vitest';
import { formatLongDate, maskEin, orPlaceholder } from './confirmation-format';

describe('formatLongDate', () => {
  it('writes a calendar date in long US form, the same day in every time zone', () => {
    // new Date('2026-11-23') is UTC midnight: west of Greenwich that would read November 22.
    expect(formatLongDate('2026-11-23')).toBe('November 23, 2026');
    expect(formatLongDate('2026-01-01')).toBe('January 1, 2026');
    expect(formatLongDate(' 2024-02-29 ')).toBe('February 29, 2024');
  });

  it('writes a timestamp as its day', () => {
    expect(formatLongDate('2026-11-23T12:00:00.000Z')).toBe('November 23, 2026');
  });

  it("says 'Not provided' when empty and 'Invalid date' when unreadable", () => {
    expect(formatLongDate('')).toBe('Not provided');
    expect(formatLongDate('   ')).toBe('Not provided');
    expect(formatLongDate(null)).toBe('Not provided');
    expect(formatLongDate(undefined)).toBe('Not provided');
    expect(formatLongDate('yesterday')).toBe('Invalid date');
    expect(formatLongDate('2026-02-30')).toBe('Invalid date');
    expect(formatLongDate('2026-13-01')).toBe('Invalid date');
  });
});

describe('maskEin and orPlaceholder', () => {
  it('shows the last four digits of the EIN only', () => {
    expect(maskEin('12-3456789')).toBe('**-***6789');
    expect(maskEin('123456789')).toBe('**-***6789');
    expect(maskEin('')).toBe('Not provided');
    expect(maskEin('12')).toBe('Not provided');
  });

  it('puts a placeholder for empty values', () => {
    expect(orPlaceholder('  Acme  ')).toBe('Acme');
    expect(orPlaceholder(' ')).toBe('Not provided');
    expect(orPlaceholder('', 'Not specified')).toBe('Not specified');
  });
});
