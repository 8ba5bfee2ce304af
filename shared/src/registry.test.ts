import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWeakAccountNumber, REGISTRY_MESSAGES, shareholderInputSchema } from './registry';

const holder = (accountNumber: string) => ({
  code: 'WH4821',
  name: 'Dana Whitfield',
  email: 'dana@example.com',
  address: { line1: '1 Main St', city: 'Fresno', state: 'CA', postalCode: '93721' },
  accounts: [
    {
      accountNumber,
      registrationName: 'Dana Whitfield',
      issuer: 'Acme Corp',
      shareClass: 'Common',
      sharesHeld: 1,
      holdingType: 'DRS',
    },
  ],
});

describe('new account numbers (decision 018)', () => {
  it('the form refuses exactly the weak ones: the pattern the document states is isWeakAccountNumber', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9-]{4,20}$/), (accountNumber) => {
        const result = shareholderInputSchema.safeParse(holder(accountNumber));
        const weakRefusal =
          !result.success && result.error.issues.some((i) => i.message === REGISTRY_MESSAGES.accountNumberWeak);
        expect(weakRefusal).toBe(isWeakAccountNumber(accountNumber));
      }),
      { numRuns: 500 },
    );
    expect(isWeakAccountNumber('1234-5678')).toBe(false);
    expect(isWeakAccountNumber('12-34-567')).toBe(true);
  });
});
