import { describe, expect, it } from 'vitest';
import { adviceDocumentId, parseAdviceDocumentId } from './portal-documents';

const TX = '0b8f6a52-1c1e-4c55-9d8e-3a7f0c2b9e11';
const ACCOUNT = '5d2c1e0a-7b3f-4a9e-8c6d-1f2e3d4c5b6a';

describe("an advice's document id", () => {
  it('names its posting and account, and reads back', () => {
    expect(parseAdviceDocumentId(adviceDocumentId(TX, ACCOUNT))).toEqual({ transactionId: TX, accountId: ACCOUNT });
    expect(parseAdviceDocumentId(adviceDocumentId(TX.toUpperCase(), ACCOUNT))).toEqual({
      transactionId: TX,
      accountId: ACCOUNT,
    });
  });

  it('refuses anything else, a long input at once', () => {
    for (const id of [
      '',
      'advice_',
      `advice_${TX}`,
      `statement_${TX}_${ACCOUNT}`,
      `advice_${TX}_${ACCOUNT}x`,
      `advice_${TX}-${ACCOUNT}`,
    ])
      expect(parseAdviceDocumentId(id)).toBeNull();
    const started = performance.now();
    expect(parseAdviceDocumentId(`advice_${'0'.repeat(1_000_000)}`)).toBeNull();
    expect(performance.now() - started).toBeLessThan(50);
  });
});
