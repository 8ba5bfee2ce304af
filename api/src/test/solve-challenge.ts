import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { challengeSchema } from '@ledgerwell/shared/challenge';

/** Solves a 429's challenge as the widget does and returns its payload: base64 of { challenge, solution }. */
export async function solvedPayload(challenge: unknown): Promise<string> {
  const parsed = challengeSchema.parse(challenge);
  const solution = await solveChallenge({ challenge: parsed, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge: parsed, solution })).toString('base64');
}
