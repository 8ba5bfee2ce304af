import { describe, expect, it } from 'vitest';
import { fieldErrors } from './api-error';
import { OUTBOX_MESSAGES as M, maskEmailAddress, outboxListQuerySchema, outboxStatusLabel } from './email-outbox';
import { PAGING_MESSAGES } from './paging';

describe('maskEmailAddress', () => {
  it('keeps the first letter and the domain', () => {
    expect(maskEmailAddress('jane.doe@example.com')).toBe('j…@example.com');
    expect(maskEmailAddress('J@Example.COM')).toBe('J…@Example.COM');
  });

  it('takes the domain after the last @ (a quoted local part may hold one)', () => {
    expect(maskEmailAddress('"a@b"@example.org')).toBe('"…@example.org');
  });

  it('keeps a whole first code point, never half a surrogate pair', () => {
    expect(maskEmailAddress('😀smile@example.com')).toBe('😀…@example.com');
    expect(maskEmailAddress('ünal@bücher.de')).toBe('ü…@bücher.de');
  });

  it('shows no more than the first character of something that is not an address', () => {
    expect(maskEmailAddress('not-an-address')).toBe('n…');
    expect(maskEmailAddress('dana@')).toBe('d…');
    expect(maskEmailAddress('@example.com')).toBe('…@example.com');
    expect(maskEmailAddress('')).toBe('…');
    expect(maskEmailAddress('  dana@example.com')).toBe('d…@example.com');
  });

  it('never contains the rest of the local part', () => {
    const masked = maskEmailAddress('secret.person@example.com');
    expect(masked).not.toContain('ecret');
  });
});

describe('outboxListQuerySchema', () => {
  const errorsOf = (value: unknown) => {
    const result = outboxListQuerySchema.safeParse(value);
    return result.success ? {} : fieldErrors(result.error);
  };

  it('defaults the page and size and treats blank filters as none', () => {
    expect(outboxListQuerySchema.parse({ status: '', kind: ' ', search: ' dana ' })).toEqual({
      page: 1,
      limit: 25,
      search: 'dana',
    });
  });

  it('takes status and kind in any case', () => {
    expect(outboxListQuerySchema.parse({ status: 'failed', kind: 'request_confirmation' })).toMatchObject({
      status: 'FAILED',
      kind: 'REQUEST_CONFIRMATION',
    });
  });

  it('names each bad field', () => {
    expect(errorsOf({ status: 'LOST', kind: 'SPAM', search: 'x'.repeat(101), limit: '101' })).toEqual({
      status: M.statusInvalid,
      kind: M.kindInvalid,
      search: M.searchTooLong,
      limit: PAGING_MESSAGES.limitTooLarge(100),
    });
  });
});

describe('outboxStatusLabel', () => {
  it('says what became of the e-mail', () => {
    expect(outboxStatusLabel('PENDING', 0)).toBe('Queued');
    expect(outboxStatusLabel('SENT', 1)).toBe('Sent');
    expect(outboxStatusLabel('LOGGED', 1)).toBe('Sent to the log');
    expect(outboxStatusLabel('FAILED', 10)).toBe('Failed after 10 attempts');
    expect(outboxStatusLabel('FAILED', 1)).toBe('Failed after 1 attempt');
  });
});
