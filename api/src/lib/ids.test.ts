import { describe, expect, it } from 'vitest';
import { isUuid } from './ids';

describe('isUuid', () => {
  it('accepts a uuid in either case and nothing else', () => {
    expect(isUuid('3f2b8c1e-9d4a-4c7b-8e2f-1a2b3c4d5e6f')).toBe(true);
    expect(isUuid('3F2B8C1E-9D4A-4C7B-8E2F-1A2B3C4D5E6F')).toBe(true);
    expect(isUuid('3f2b8c1e9d4a4c7b8e2f1a2b3c4d5e6f')).toBe(false);
    expect(isUuid('3f2b8c1e-9d4a-4c7b-8e2f-1a2b3c4d5e6g')).toBe(false);
    expect(isUuid(' 3f2b8c1e-9d4a-4c7b-8e2f-1a2b3c4d5e6f')).toBe(false);
    expect(isUuid('1')).toBe(false);
    expect(isUuid('a'.repeat(100_000))).toBe(false);
  });
});
