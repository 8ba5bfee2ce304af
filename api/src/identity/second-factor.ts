import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { adminRecoveryCodes, adminTotp } from '@ledgerwell/db/schema';
import {
  ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT,
  ADMIN_LOGIN_MAX_FAILURES_PER_IP,
  ADMIN_LOGIN_WINDOW_MS,
} from '@ledgerwell/shared/admin-auth';
import {
  isTotpCode,
  MFA_MESSAGES,
  PASSKEY_MESSAGES,
  type MfaProofBody,
  type WebauthnAssertion,
} from '@ledgerwell/shared/admin-mfa';
import { guardAttempt, type ThrottleRule } from '../lib/attempt-guard';
import { throttleAddress } from '../lib/client-address';
import type { AppDeps, RequestMeta } from '../lib/context';
import { AppError } from '../lib/errors';
import { fieldContext } from '../lib/field-encryption';
import { clearHits } from '../lib/throttle';
import { recordActivity } from '../features/activity/record-activity';
import { accountActor, accountResource, ownedBy, ownerValues, throttlePrefix, type Account } from './account';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { matchTotp } from './totp';
import { consumeAssertion, type AssertionRefusal, type ChallengeBinding } from './webauthn';

/** Own keys, apart from the password's: a right password must not wipe the count of wrong codes. */
export const mfaAccountKey = (account: Pick<Account, 'kind' | 'id'>) =>
  `${throttlePrefix(account.kind)}-mfa:user:${account.id}`;
const mfaIpKey = (account: Pick<Account, 'kind'>, ip: string) =>
  `${throttlePrefix(account.kind)}-mfa:ip:${throttleAddress(ip)}`;

/** Wrong codes count like wrong passwords: per account and per address, a challenge past the limit. */
export function mfaRules(account: Pick<Account, 'kind' | 'id'>, ip: string): ThrottleRule[] {
  const rule = (key: string, limit: number) => ({
    key,
    limit,
    windowMs: ADMIN_LOGIN_WINDOW_MS,
    message: MFA_MESSAGES.tooManyAttempts,
  });
  return [
    rule(mfaAccountKey(account), ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT),
    rule(mfaIpKey(account, ip), ADMIN_LOGIN_MAX_FAILURES_PER_IP),
  ];
}

/** What a code proves; a passkey proves 'webauthn'. */
export type CodeMethod = 'totp' | 'recovery';
export type UsedMethod = CodeMethod | 'webauthn';

/**
 * Checks a code against the account's enabled authenticator app (a 6-digit code) or unused recovery
 * codes (anything else) and consumes it, in `tx`: a TOTP step is recorded as used (only later steps
 * are accepted afterwards), a recovery code is marked used. Null when it matches nothing.
 */
async function consumeCode(deps: AppDeps, tx: Db, account: Account, code: string): Promise<CodeMethod | null> {
  if (isTotpCode(code)) {
    const [totp] = await tx.select().from(adminTotp).where(ownedBy(adminTotp, account)).for('update').limit(1);
    if (!totp?.enabledAt) return null;
    const secret = deps.cipher.decrypt(totp.secretEncrypted, fieldContext.adminTotpSecret(account.id));
    const step = await matchTotp(deps, secret, code, totp.lastUsedStep);
    if (step === null) return null;
    await tx.update(adminTotp).set({ lastUsedStep: step }).where(eq(adminTotp.id, totp.id));
    return 'totp';
  }
  const used = await tx
    .update(adminRecoveryCodes)
    .set({ usedAt: deps.clock.now() })
    .where(
      and(
        ownedBy(adminRecoveryCodes, account),
        eq(adminRecoveryCodes.codeHash, hashRecoveryCode(deps.cipher, account.id, code)),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  return used.length === 1 ? 'recovery' : null;
}

/** Why a proof was refused: the activity row it writes and the field message it answers. */
interface Refusal {
  action: 'MFA_CODE_FAILED' | 'MFA_PASSKEY_FAILED' | 'MFA_PASSKEY_COUNTER_ERROR';
  details: Record<string, unknown>;
  field: 'code' | 'webauthn';
  message: string;
}

function codeRefusal(code: string): Refusal {
  const totp = isTotpCode(code);
  return {
    action: 'MFA_CODE_FAILED',
    details: { method: totp ? 'totp' : 'recovery' },
    field: 'code',
    message: totp ? MFA_MESSAGES.codeInvalid : MFA_MESSAGES.recoveryCodeInvalid,
  };
}

function passkeyRefusal(reason: AssertionRefusal): Refusal {
  return reason === 'counter'
    ? {
        action: 'MFA_PASSKEY_COUNTER_ERROR',
        details: { method: 'webauthn' },
        field: 'webauthn',
        message: PASSKEY_MESSAGES.counterError,
      }
    : {
        action: 'MFA_PASSKEY_FAILED',
        details: { method: 'webauthn', reason },
        field: 'webauthn',
        message: PASSKEY_MESSAGES.assertionFailed,
      };
}

/**
 * The one core every second-factor proof of either kind of account goes through: throttled (guardAttempt,
 * mfaRules), the proof consumed and `then` run in one transaction, so a refused `then` leaves the proof
 * unused. Every refusal and every recovery code used writes an activity row.
 */
async function proveSecondFactor<T, M extends UsedMethod>(
  deps: AppDeps,
  account: Account,
  meta: RequestMeta,
  proof: string | undefined,
  check: (tx: Db) => Promise<M | Refusal>,
  then: (tx: Db, method: M) => Promise<T>,
): Promise<T> {
  const { db } = deps;
  const actor = accountActor(account);
  const resourceType = accountResource(account.kind);
  const attempt = await guardAttempt(deps, mfaRules(account, meta.ip), {
    proof,
    onRefused: () => recordActivity(db, { actor, action: 'MFA_THROTTLED', resourceType, resourceId: account.id, meta }),
  });
  const outcome = await db.transaction(async (tx) => {
    const method = await check(tx);
    if (typeof method !== 'string') return { ok: false as const, refusal: method };
    await attempt.forgive(tx);
    await clearHits(tx, mfaAccountKey(account));
    if (method === 'recovery') {
      await recordActivity(tx, { actor, action: 'MFA_RECOVERY_CODE_USED', resourceType, resourceId: account.id, meta });
    }
    return { ok: true as const, value: await then(tx, method) };
  });
  if (!outcome.ok) {
    const { action, details, field, message } = outcome.refusal;
    await recordActivity(db, { actor, action, resourceType, resourceId: account.id, details, meta });
    throw new AppError('VALIDATION_ERROR', message, { [field]: message });
  }
  return outcome.value;
}

/** A code (app or recovery) as the second factor; `check` replaces the usual match (enabling the app). */
export async function withSecondFactor<T>(
  deps: AppDeps,
  account: Account,
  code: string,
  meta: RequestMeta,
  proof: string | undefined,
  then: (tx: Db, method: CodeMethod) => Promise<T>,
  check: (tx: Db) => Promise<CodeMethod | null> = (tx) => consumeCode(deps, tx, account, code),
): Promise<T> {
  return proveSecondFactor(deps, account, meta, proof, async (tx) => (await check(tx)) ?? codeRefusal(code), then);
}

/** A passkey assertion as the second factor, answering a challenge issued for `binding`. */
export async function withPasskey<T>(
  deps: AppDeps,
  account: Account,
  response: WebauthnAssertion,
  binding: Omit<ChallengeBinding, 'account'>,
  meta: RequestMeta,
  proof: string | undefined,
  then: (tx: Db, method: 'webauthn') => Promise<T>,
): Promise<T> {
  const check = async (tx: Db) => {
    const refused = await consumeAssertion(deps, tx, { ...binding, account }, response);
    return refused ? passkeyRefusal(refused) : ('webauthn' as const);
  };
  return proveSecondFactor(deps, account, meta, proof, check, then);
}

/** A signed-in user's `{ code }` or `{ webauthn }` (assertion options for the purpose 'verify'). */
export async function withFactorProof<T>(
  deps: AppDeps,
  account: Account,
  factor: MfaProofBody,
  meta: RequestMeta,
  proof: string | undefined,
  then: (tx: Db, method: UsedMethod) => Promise<T>,
): Promise<T> {
  return 'webauthn' in factor
    ? withPasskey(deps, account, factor.webauthn, { purpose: 'verify' }, meta, proof, then)
    : withSecondFactor(deps, account, factor.code, meta, proof, then);
}

/** Replaces every recovery code of the account with 10 new ones; returns them (shown once). */
export async function replaceRecoveryCodes(deps: AppDeps, tx: Db, account: Account): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(adminRecoveryCodes).where(ownedBy(adminRecoveryCodes, account));
  await tx.insert(adminRecoveryCodes).values(
    codes.map((code) => ({
      ...ownerValues(account),
      codeHash: hashRecoveryCode(deps.cipher, account.id, code),
      createdAt: deps.clock.now(),
    })),
  );
  return codes;
}
