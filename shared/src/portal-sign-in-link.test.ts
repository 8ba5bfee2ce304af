import { describe, expect, it } from 'vitest';
import { PORTAL_AUTH_MESSAGES as M, redeemSignInLinkSchema } from './portal-auth';
import { signInLinkToken } from './portal-sign-in-link';

describe('the sign-in link in an address (decision 018)', () => {
  it('reads the token of a link fragment, and nothing else', () => {
    expect(signInLinkToken('#sign-in-link=abc_DEF-123')).toBe('abc_DEF-123');
    for (const hash of [
      '',
      '#',
      '#sign-in-link=',
      '#sign-in-link=a b',
      '#other=abc',
      `#sign-in-link=${'a'.repeat(101)}`,
    ])
      expect(signInLinkToken(hash), hash).toBeNull();
  });

  it('gives a huge fragment to no pattern, and refuses a huge token by its length first', () => {
    const huge = `#sign-in-link=${'a'.repeat(1_000_000)}!`;
    const started = performance.now();
    expect(signInLinkToken(huge)).toBeNull();
    const refused = redeemSignInLinkSchema.safeParse({ token: `${'a'.repeat(1_000_000)}!` });
    expect(performance.now() - started).toBeLessThan(50);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([M.linkInvalid]);
  });
});
