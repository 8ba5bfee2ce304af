import { describe, expect, it } from 'vitest';
import { changedFields } from './changes';

describe('changedFields', () => {
  it('lists only the fields that differ, with both values', () => {
    const before = { role: 'ADMIN', email: 'a@example.com', phone: null as string | null };
    expect(changedFields(before, { role: 'REVIEWER', email: 'a@example.com', phone: null })).toEqual({
      role: { before: 'ADMIN', after: 'REVIEWER' },
    });
  });

  it('compares dates by their instant and treats undefined as not sent', () => {
    const at = new Date('2026-11-23T10:00:00Z');
    expect(changedFields({ expiresAt: at, note: 'x' }, { expiresAt: new Date(at.getTime()), note: undefined })).toEqual(
      {},
    );
    expect(changedFields({ expiresAt: at as Date | null }, { expiresAt: null })).toEqual({
      expiresAt: { before: at.toISOString(), after: null },
    });
  });

  it('never reports the value of a secret field', () => {
    expect(changedFields({ passwordHash: 'old' }, { passwordHash: 'new' }, ['passwordHash'])).toEqual({
      passwordHash: { changed: true },
    });
  });
});
