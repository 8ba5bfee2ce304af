import { z } from 'zod';

/**
 * Proof-of-work challenges (ALTCHA protocol, decision 010): past a throttle's limit the API answers
 * 429 CHALLENGE_REQUIRED with a challenge; the same call with the solved payload in `altcha` is
 * evaluated normally.
 */
export const CHALLENGE_REQUIRED = 'CHALLENGE_REQUIRED' as const;

/** The body field that carries the widget's payload (its base64 string). */
export const CHALLENGE_FIELD = 'altcha' as const;

export const CHALLENGE_MESSAGES = {
  verifying: 'Verifying you’re human…',
  verified: 'Verified. Signing you in…',
  failed: 'We could not complete the check. Please try again.',
} as const;

/** A payload is a few hundred characters; anything far longer is not one. */
export const altchaPayloadSchema = z.string().max(4000).optional();

/** What altcha-lib's createChallenge returns (2.x), as the widget takes it. */
export const challengeSchema = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string(),
});
export type Challenge = z.infer<typeof challengeSchema>;

/** The decoded payload: the challenge as it was sent, and the solver's answer. */
export const challengePayloadSchema = z.object({
  challenge: challengeSchema,
  solution: z.object({ counter: z.number(), derivedKey: z.string(), time: z.number().optional() }),
});

/** The payload as it rides along in any guarded call's JSON body, next to the call's own fields. */
export const proofBodySchema = z.object({ [CHALLENGE_FIELD]: altchaPayloadSchema });
