import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import {
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Db } from '@ledgerwell/db/client';
import { adminPasskeys, adminWebauthnChallenges } from '@ledgerwell/db/schema';
import {
  WEBAUTHN_CHALLENGE_TTL_MS,
  type WebauthnAssertion,
  type WebauthnRegistration,
} from '@ledgerwell/shared/admin-mfa';
import type { AppConfig } from '../config/env';
import type { Clock } from '../lib/clock';
import type { AppDeps } from '../lib/context';
import { ownedBy, ownerValues, type Account } from './account';

export type ChallengePurpose = 'register' | 'login' | 'verify';

/** What a challenge is bound to: its account (of either kind) and purpose, and for a sign-in the mfaToken's row. */
export interface ChallengeBinding {
  account: Account;
  purpose: ChallengePurpose;
  mfaTokenId?: string;
}

/**
 * PUBLIC_URL is the relying party: its origin is what the browser reports and its host the rpID
 * every passkey is scoped to. Never taken from the request, which a client controls.
 */
export function relyingParty(config: Pick<AppConfig, 'publicUrl'>) {
  const url = new URL(config.publicUrl);
  return { rpName: 'Ledgerwell', rpID: url.hostname, origin: url.origin };
}

/** Keeps a challenge the server just handed out; the user's expired ones go at the same time. */
export async function storeChallenge(
  db: Db,
  clock: Clock,
  binding: ChallengeBinding,
  challenge: string,
): Promise<void> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    await tx
      .delete(adminWebauthnChallenges)
      .where(and(ownedBy(adminWebauthnChallenges, binding.account), lt(adminWebauthnChallenges.expiresAt, now)));
    await tx.insert(adminWebauthnChallenges).values({
      ...ownerValues(binding.account),
      purpose: binding.purpose,
      challenge,
      mfaTokenId: binding.mfaTokenId ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + WEBAUTHN_CHALLENGE_TTL_MS),
    });
  });
}

/** The challenge the browser signed, read from the client data; null when that is not readable JSON. */
function signedChallenge(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON));
    const challenge = typeof data === 'object' && data !== null && 'challenge' in data ? data.challenge : null;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 200 ? challenge : null;
  } catch {
    return null;
  }
}

/**
 * Marks used the live challenge a response answers, if it was issued for this binding; returns it,
 * or null (unknown, expired, used, or someone else's). Used whatever the verification's outcome.
 */
export async function consumeChallenge(
  tx: Db,
  clock: Clock,
  binding: ChallengeBinding,
  clientDataJSON: string,
): Promise<string | null> {
  const challenge = signedChallenge(clientDataJSON);
  if (!challenge) return null;
  const now = clock.now();
  const used = await tx
    .update(adminWebauthnChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(adminWebauthnChallenges.challenge, challenge),
        ownedBy(adminWebauthnChallenges, binding.account),
        eq(adminWebauthnChallenges.purpose, binding.purpose),
        binding.mfaTokenId
          ? eq(adminWebauthnChallenges.mfaTokenId, binding.mfaTokenId)
          : isNull(adminWebauthnChallenges.mfaTokenId),
        isNull(adminWebauthnChallenges.usedAt),
        gt(adminWebauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ challenge: adminWebauthnChallenges.challenge });
  return used[0]?.challenge ?? null;
}

/** A verified registration's credential, ready to store; null when the library refuses it (any error). */
export async function verifyRegistration(config: AppConfig, response: WebauthnRegistration, expectedChallenge: string) {
  const { rpID, origin } = relyingParty(config);
  try {
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      // userVerification is 'preferred': a security key without a PIN is still a possession factor.
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
    };
  } catch {
    return null;
  }
}

export type AssertionRefusal = 'challenge' | 'credential' | 'signature' | 'counter';

/**
 * Checks a sign-in or signed-in assertion for `binding` in `tx`: the challenge (consumed), the
 * credential (the user's own), the signature, then the counter; on success stores the new counter
 * and last use. Returns null on success, else why it was refused.
 */
export async function consumeAssertion(
  deps: Pick<AppDeps, 'config' | 'clock'>,
  tx: Db,
  binding: ChallengeBinding,
  response: WebauthnAssertion,
): Promise<AssertionRefusal | null> {
  const expectedChallenge = await consumeChallenge(tx, deps.clock, binding, response.response.clientDataJSON);
  if (!expectedChallenge) return 'challenge';
  const [passkey] = await tx
    .select()
    .from(adminPasskeys)
    .where(and(eq(adminPasskeys.credentialId, response.id), ownedBy(adminPasskeys, binding.account)))
    .for('update')
    .limit(1);
  if (!passkey) return 'credential';
  const { rpID, origin } = relyingParty(deps.config);
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      // Counter 0 here: the library compares counters before it checks the signature, and only a
      // signed counter says anything about a cloned authenticator; compared below instead.
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: 0,
        transports: passkey.transports,
      },
      requireUserVerification: false,
    });
    if (!result.verified) return 'signature';
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    return 'signature';
  }
  if ((passkey.counter > 0 || newCounter > 0) && newCounter <= passkey.counter) return 'counter';
  await tx
    .update(adminPasskeys)
    .set({ counter: newCounter, lastUsedAt: deps.clock.now() })
    .where(eq(adminPasskeys.id, passkey.id));
  return null;
}
