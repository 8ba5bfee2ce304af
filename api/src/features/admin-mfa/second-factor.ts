import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { adminRecoveryCodes, adminSessions, adminTotp, adminUsers } from '@ledgerwell/db/schema';
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
  type MfaStatus,
  type WebauthnAssertion,
} from '@ledgerwell/shared/admin-mfa';
import { guardAttempt, type ThrottleRule } from '../../lib/attempt-guard';
import { throttleAddress } from '../../lib/client-address';
import type { AdminContext, AppDeps, RequestMeta } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { fieldContext } from '../../lib/field-encryption';
import { clearHits } from '../../lib/throttle';
import { recordActivity, type Actor } from '../activity/record-activity';
import { factorMethods, hasFactor, listPasskeys, settleAfterRemoval, userFactors } from '../../identity/factors';
import { queueFactorChangeNotice } from '../../identity/factor-notices';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { matchTotp, newTotpSecret, otpauthUrl } from './totp';
import { consumeAssertion, type AssertionRefusal, type ChallengeBinding } from './webauthn';

/** Own keys, apart from the password's: a right password must not wipe the count of wrong codes. */
export const mfaAccountKey = (userId: string) => `admin-mfa:user:${userId}`;
const mfaIpKey = (ip: string) => `admin-mfa:ip:${throttleAddress(ip)}`;

/** Wrong codes count like wrong passwords: per account and per address, a challenge past the limit. */
export function mfaRules(userId: string, ip: string): ThrottleRule[] {
  const rule = (key: string, limit: number) => ({
    key,
    limit,
    windowMs: ADMIN_LOGIN_WINDOW_MS,
    message: MFA_MESSAGES.tooManyAttempts,
  });
  return [
    rule(mfaAccountKey(userId), ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT),
    rule(mfaIpKey(ip), ADMIN_LOGIN_MAX_FAILURES_PER_IP),
  ];
}

/** What a code proves; a passkey proves 'webauthn'. */
export type CodeMethod = 'totp' | 'recovery';
export type UsedMethod = CodeMethod | 'webauthn';

interface UserRef {
  id: string;
  username: string;
}

export const actorOf = (user: UserRef): Actor => ({ id: user.id, username: user.username });

/**
 * Checks a code against the user's enabled authenticator app (a 6-digit code) or unused recovery
 * codes (anything else) and consumes it, in `tx`: a TOTP step is recorded as used (only later steps
 * are accepted afterwards), a recovery code is marked used. Null when it matches nothing.
 */
async function consumeCode(deps: AppDeps, tx: Db, userId: string, code: string): Promise<CodeMethod | null> {
  if (isTotpCode(code)) {
    const [totp] = await tx.select().from(adminTotp).where(eq(adminTotp.adminUserId, userId)).for('update').limit(1);
    if (!totp?.enabledAt) return null;
    const secret = deps.cipher.decrypt(totp.secretEncrypted, fieldContext.adminTotpSecret(userId));
    const step = await matchTotp(deps, secret, code, totp.lastUsedStep);
    if (step === null) return null;
    await tx.update(adminTotp).set({ lastUsedStep: step }).where(eq(adminTotp.adminUserId, userId));
    return 'totp';
  }
  const used = await tx
    .update(adminRecoveryCodes)
    .set({ usedAt: deps.clock.now() })
    .where(
      and(
        eq(adminRecoveryCodes.adminUserId, userId),
        eq(adminRecoveryCodes.codeHash, hashRecoveryCode(deps.cipher, userId, code)),
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
 * The one core every second-factor proof goes through: throttled (guardAttempt, mfaRules), the
 * proof consumed and `then` run in one transaction, so a refused `then` leaves the proof unused.
 * Every refusal and every recovery code used writes an activity row.
 */
async function proveSecondFactor<T, M extends UsedMethod>(
  deps: AppDeps,
  user: UserRef,
  meta: RequestMeta,
  proof: string | undefined,
  check: (tx: Db) => Promise<M | Refusal>,
  then: (tx: Db, method: M) => Promise<T>,
): Promise<T> {
  const { db } = deps;
  const actor = actorOf(user);
  const attempt = await guardAttempt(deps, mfaRules(user.id, meta.ip), {
    proof,
    onRefused: () =>
      recordActivity(db, { actor, action: 'MFA_THROTTLED', resourceType: 'admin_user', resourceId: user.id, meta }),
  });
  const outcome = await db.transaction(async (tx) => {
    const method = await check(tx);
    if (typeof method !== 'string') return { ok: false as const, refusal: method };
    await attempt.forgive(tx);
    await clearHits(tx, mfaAccountKey(user.id));
    if (method === 'recovery') {
      await recordActivity(tx, {
        actor,
        action: 'MFA_RECOVERY_CODE_USED',
        resourceType: 'admin_user',
        resourceId: user.id,
        meta,
      });
    }
    return { ok: true as const, value: await then(tx, method) };
  });
  if (!outcome.ok) {
    const { action, details, field, message } = outcome.refusal;
    await recordActivity(db, { actor, action, resourceType: 'admin_user', resourceId: user.id, details, meta });
    throw new AppError('VALIDATION_ERROR', message, { [field]: message });
  }
  return outcome.value;
}

/** A code (app or recovery) as the second factor; `check` replaces the usual match (enabling the app). */
export async function withSecondFactor<T>(
  deps: AppDeps,
  user: UserRef,
  code: string,
  meta: RequestMeta,
  proof: string | undefined,
  then: (tx: Db, method: CodeMethod) => Promise<T>,
  check: (tx: Db) => Promise<CodeMethod | null> = (tx) => consumeCode(deps, tx, user.id, code),
): Promise<T> {
  return proveSecondFactor(deps, user, meta, proof, async (tx) => (await check(tx)) ?? codeRefusal(code), then);
}

/** A passkey assertion as the second factor, answering a challenge issued for `binding`. */
export async function withPasskey<T>(
  deps: AppDeps,
  user: UserRef,
  response: WebauthnAssertion,
  binding: Omit<ChallengeBinding, 'userId'>,
  meta: RequestMeta,
  proof: string | undefined,
  then: (tx: Db, method: 'webauthn') => Promise<T>,
): Promise<T> {
  const check = async (tx: Db) => {
    const refused = await consumeAssertion(deps, tx, { ...binding, userId: user.id }, response);
    return refused ? passkeyRefusal(refused) : ('webauthn' as const);
  };
  return proveSecondFactor(deps, user, meta, proof, check, then);
}

/** A signed-in user's `{ code }` or `{ webauthn }` (assertion options from POST /mfa/webauthn/options). */
export async function withFactorProof<T>(
  deps: AppDeps,
  user: UserRef,
  factor: MfaProofBody,
  meta: RequestMeta,
  proof: string | undefined,
  then: (tx: Db, method: UsedMethod) => Promise<T>,
): Promise<T> {
  return 'webauthn' in factor
    ? withPasskey(deps, user, factor.webauthn, { purpose: 'verify' }, meta, proof, then)
    : withSecondFactor(deps, user, factor.code, meta, proof, then);
}

/** Replaces every recovery code of the user with 10 new ones; returns them (shown once). */
export async function replaceRecoveryCodes(deps: AppDeps, tx: Db, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminUserId, userId));
  await tx.insert(adminRecoveryCodes).values(
    codes.map((code) => ({
      adminUserId: userId,
      codeHash: hashRecoveryCode(deps.cipher, userId, code),
      createdAt: deps.clock.now(),
    })),
  );
  return codes;
}

export const mfaRequiredFor = (deps: AppDeps, admin: AdminContext) =>
  deps.config.ADMIN_MFA_ROLES.includes(admin.profile.role);

async function readTotp(db: Db, userId: string) {
  const [row] = await db.select().from(adminTotp).where(eq(adminTotp.adminUserId, userId)).limit(1);
  return row ?? null;
}

/** GET /api/admin/mfa */
export async function mfaStatus(deps: AppDeps, admin: AdminContext): Promise<MfaStatus> {
  const userId = admin.profile.id;
  const [totp, factors, passkeys] = [
    await readTotp(deps.db, userId),
    await userFactors(deps.db, userId),
    await listPasskeys(deps.db, userId),
  ];
  const enabledAt = totp?.enabledAt ?? null;
  return {
    required: mfaRequiredFor(deps, admin),
    methods: factorMethods(factors).filter((method) => method !== 'recovery'),
    totp: enabledAt ? { enabledAt: enabledAt.toISOString() } : null,
    passkeys,
    recoveryCodesLeft: hasFactor(factors) ? factors.recoveryCodesLeft : 0,
  };
}

/** POST /api/admin/mfa/totp/setup: a new pending secret (encrypted at rest), replacing any earlier one. */
export async function setupTotp(deps: AppDeps, admin: AdminContext, meta: RequestMeta) {
  const userId = admin.profile.id;
  const secret = newTotpSecret();
  const secretEncrypted = deps.cipher.encrypt(secret, fieldContext.adminTotpSecret(userId));
  await deps.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(adminTotp)
      .where(eq(adminTotp.adminUserId, userId))
      .for('update')
      .limit(1);
    if (existing?.enabledAt) throw new AppError('CONFLICT', MFA_MESSAGES.totpAlreadyEnabled);
    await tx
      .insert(adminTotp)
      .values({ adminUserId: userId, secretEncrypted, createdAt: deps.clock.now() })
      .onConflictDoUpdate({
        target: adminTotp.adminUserId,
        set: { secretEncrypted, enabledAt: null, lastUsedStep: null, createdAt: deps.clock.now() },
      });
    await recordActivity(tx, {
      actor: actorOf(admin.profile),
      action: 'MFA_TOTP_SETUP_STARTED',
      resourceType: 'admin_user',
      resourceId: userId,
      meta,
    });
  });
  return { secret, otpauthUrl: otpauthUrl(admin.profile.username, secret) };
}

/** POST /api/admin/mfa/totp/enable: the first code from the app confirms the pending secret. */
export async function enableTotp(deps: AppDeps, admin: AdminContext, code: string, meta: RequestMeta, proof?: string) {
  const userId = admin.profile.id;
  const pending = await readTotp(deps.db, userId);
  if (!pending) throw new AppError('CONFLICT', MFA_MESSAGES.totpNotSetUp);
  if (pending.enabledAt) throw new AppError('CONFLICT', MFA_MESSAGES.totpAlreadyEnabled);
  const recoveryCodes = await withSecondFactor(
    deps,
    admin.profile,
    code,
    meta,
    proof,
    async (tx) => {
      const now = deps.clock.now();
      await tx
        .update(adminUsers)
        .set({ mfaEnabledAt: now, updatedAt: now })
        .where(and(eq(adminUsers.id, userId), isNull(adminUsers.mfaEnabledAt)));
      // The code just entered proves the factor for this session too.
      await tx.update(adminSessions).set({ mfaVerifiedAt: now }).where(eq(adminSessions.id, admin.sessionId));
      const codes = await replaceRecoveryCodes(deps, tx, userId);
      await recordActivity(tx, {
        actor: actorOf(admin.profile),
        action: 'MFA_TOTP_ENABLED',
        resourceType: 'admin_user',
        resourceId: userId,
        meta,
      });
      await queueFactorChangeNotice(deps, tx, userId, { kind: 'totp-added' }, meta);
      return codes;
    },
    async (tx) => {
      const [row] = await tx.select().from(adminTotp).where(eq(adminTotp.adminUserId, userId)).for('update').limit(1);
      // Another set-up may have replaced the secret since it was read: only the current pending one counts.
      if (!row || row.enabledAt || row.secretEncrypted !== pending.secretEncrypted) return null;
      const secret = deps.cipher.decrypt(row.secretEncrypted, fieldContext.adminTotpSecret(userId));
      const step = await matchTotp(deps, secret, code, null);
      if (step === null) return null;
      await tx
        .update(adminTotp)
        .set({ enabledAt: deps.clock.now(), lastUsedStep: step })
        .where(eq(adminTotp.adminUserId, userId));
      return 'totp';
    },
  );
  // This process forgets the cached profile at once (mustEnrollMfa); the trigger tells the others.
  deps.sessionCache?.forget(userId);
  return recoveryCodes;
}

async function requireEnabledTotp(deps: AppDeps, userId: string) {
  const totp = await readTotp(deps.db, userId);
  if (!totp?.enabledAt) throw new AppError('CONFLICT', MFA_MESSAGES.totpNotEnabled);
}

/** POST /api/admin/mfa/recovery-codes: a current factor, then 10 new recovery codes; the old ones are void. */
export async function regenerateRecoveryCodes(
  deps: AppDeps,
  admin: AdminContext,
  factor: MfaProofBody,
  meta: RequestMeta,
  proof?: string,
) {
  const userId = admin.profile.id;
  if (!hasFactor(await userFactors(deps.db, userId))) throw new AppError('CONFLICT', PASSKEY_MESSAGES.noFactor);
  return withFactorProof(deps, admin.profile, factor, meta, proof, async (tx) => {
    const codes = await replaceRecoveryCodes(deps, tx, userId);
    await recordActivity(tx, {
      actor: actorOf(admin.profile),
      action: 'MFA_RECOVERY_CODES_REGENERATED',
      resourceType: 'admin_user',
      resourceId: userId,
      meta,
    });
    await queueFactorChangeNotice(deps, tx, userId, { kind: 'recovery-codes-regenerated' }, meta);
    return codes;
  });
}

/**
 * POST /api/admin/mfa/totp/disable: a current factor. Refused when the role requires a factor and no
 * passkey remains; the last factor of anyone else takes the recovery codes and mfa_enabled_at with it.
 */
export async function disableTotp(
  deps: AppDeps,
  admin: AdminContext,
  factor: MfaProofBody,
  meta: RequestMeta,
  proof?: string,
) {
  const userId = admin.profile.id;
  await requireEnabledTotp(deps, userId);
  if (mfaRequiredFor(deps, admin) && (await userFactors(deps.db, userId)).passkeys === 0)
    throw new AppError('CONFLICT', MFA_MESSAGES.lastMethod);
  await withFactorProof(deps, admin.profile, factor, meta, proof, async (tx) => {
    await tx.delete(adminTotp).where(eq(adminTotp.adminUserId, userId));
    // A passkey removed meanwhile would leave a required role with nothing: the transaction undoes it all.
    if ((await settleAfterRemoval(tx, deps.clock, userId)) && mfaRequiredFor(deps, admin))
      throw new AppError('CONFLICT', MFA_MESSAGES.lastMethod);
    await recordActivity(tx, {
      actor: actorOf(admin.profile),
      action: 'MFA_TOTP_DISABLED',
      resourceType: 'admin_user',
      resourceId: userId,
      meta,
    });
    await queueFactorChangeNotice(deps, tx, userId, { kind: 'totp-removed' }, meta);
  });
  deps.sessionCache?.forget(userId);
}
