import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { adminRecoveryCodes, adminSessions, adminTotp, adminUsers } from '@ledgerwell/db/schema';
import { ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT, ADMIN_LOGIN_MAX_FAILURES_PER_IP, ADMIN_LOGIN_WINDOW_MS } from '@ledgerwell/shared/admin-auth';
import { isTotpCode, MFA_MESSAGES, type MfaStatus } from '@ledgerwell/shared/admin-mfa';
import { guardAttempt, type ThrottleRule } from '../../lib/attempt-guard';
import { throttleAddress } from '../../lib/client-address';
import type { AdminContext, AppDeps, RequestMeta } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { fieldContext } from '../../lib/field-encryption';
import { clearHits } from '../../lib/throttle';
import { recordActivity, type Actor } from '../activity/record-activity';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { matchTotp, newTotpSecret, otpauthUrl } from './totp';

/** Own keys, apart from the password's: a right password must not wipe the count of wrong codes. */
export const mfaAccountKey = (userId: string) => `admin-mfa:user:${userId}`;
const mfaIpKey = (ip: string) => `admin-mfa:ip:${throttleAddress(ip)}`;

/** Wrong codes count like wrong passwords: per account and per address, a challenge past the limit. */
export function mfaRules(userId: string, ip: string): ThrottleRule[] {
  const rule = (key: string, limit: number) => ({ key, limit, windowMs: ADMIN_LOGIN_WINDOW_MS, message: MFA_MESSAGES.tooManyAttempts });
  return [rule(mfaAccountKey(userId), ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT), rule(mfaIpKey(ip), ADMIN_LOGIN_MAX_FAILURES_PER_IP)];
}

export type UsedMethod = 'totp' | 'recovery';

interface UserRef {
  id: string;
  username: string;
}

const actorOf = (user: UserRef): Actor => ({ id: user.id, username: user.username });

/**
 * Checks a code against the user's enabled authenticator app (a 6-digit code) or unused recovery
 * codes (anything else) and consumes it, in `tx`: a TOTP step is recorded as used (only later steps
 * are accepted afterwards), a recovery code is marked used. Null when it matches nothing.
 */
async function consumeCode(deps: AppDeps, tx: Db, userId: string, code: string): Promise<UsedMethod | null> {
  if (isTotpCode(code)) {
    const [totp] = await tx.select().from(adminTotp).where(eq(adminTotp.adminUserId, userId)).for('update').limit(1);
    if (!totp?.enabledAt) return null;
    const secret = deps.cipher.decrypt(totp.secretEncrypted, fieldContext.adminTotpSecret(userId));
    const step = await matchTotp(deps.clock, secret, code, totp.lastUsedStep);
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

/**
 * The one way a second factor is checked: throttled (guardAttempt), the code consumed and `then` run
 * in one transaction, so a refused `then` leaves the code unused. Every failure and every recovery
 * code used writes an activity row.
 */
export async function withSecondFactor<T>(
  deps: AppDeps,
  user: UserRef,
  code: string,
  meta: RequestMeta,
  proof: string | undefined,
  then: (tx: Db, method: UsedMethod) => Promise<T>,
  check: (tx: Db) => Promise<UsedMethod | null> = (tx) => consumeCode(deps, tx, user.id, code),
): Promise<T> {
  const { db } = deps;
  const actor = actorOf(user);
  const attempt = await guardAttempt(deps, mfaRules(user.id, meta.ip), {
    proof,
    onRefused: () => recordActivity(db, { actor, action: 'MFA_THROTTLED', resourceType: 'admin_user', resourceId: user.id, meta }),
  });
  const outcome = await db.transaction(async (tx) => {
    const method = await check(tx);
    if (!method) return { ok: false as const };
    await attempt.forgive(tx);
    await clearHits(tx, mfaAccountKey(user.id));
    if (method === 'recovery') {
      await recordActivity(tx, { actor, action: 'MFA_RECOVERY_CODE_USED', resourceType: 'admin_user', resourceId: user.id, meta });
    }
    return { ok: true as const, value: await then(tx, method) };
  });
  if (!outcome.ok) {
    const totp = isTotpCode(code);
    await recordActivity(db, {
      actor,
      action: 'MFA_CODE_FAILED',
      resourceType: 'admin_user',
      resourceId: user.id,
      details: { method: totp ? 'totp' : 'recovery' },
      meta,
    });
    const message = totp ? MFA_MESSAGES.codeInvalid : MFA_MESSAGES.recoveryCodeInvalid;
    throw new AppError('VALIDATION_ERROR', message, { code: message });
  }
  return outcome.value;
}

/** Replaces every recovery code of the user with 10 new ones; returns them (shown once). */
async function replaceRecoveryCodes(deps: AppDeps, tx: Db, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminUserId, userId));
  await tx
    .insert(adminRecoveryCodes)
    .values(codes.map((code) => ({ adminUserId: userId, codeHash: hashRecoveryCode(deps.cipher, userId, code), createdAt: deps.clock.now() })));
  return codes;
}

const mfaRequiredFor = (deps: AppDeps, admin: AdminContext) => deps.config.ADMIN_MFA_ROLES.includes(admin.profile.role);

async function readTotp(db: Db, userId: string) {
  const [row] = await db.select().from(adminTotp).where(eq(adminTotp.adminUserId, userId)).limit(1);
  return row ?? null;
}

/** GET /api/admin/mfa */
export async function mfaStatus(deps: AppDeps, admin: AdminContext): Promise<MfaStatus> {
  const totp = await readTotp(deps.db, admin.profile.id);
  const enabledAt = totp?.enabledAt ?? null;
  const [left] = await deps.db
    .select({ n: count() })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.adminUserId, admin.profile.id), isNull(adminRecoveryCodes.usedAt)));
  return {
    required: mfaRequiredFor(deps, admin),
    methods: enabledAt ? ['totp'] : [],
    totp: enabledAt ? { enabledAt: enabledAt.toISOString() } : null,
    passkeys: [],
    recoveryCodesLeft: enabledAt ? (left?.n ?? 0) : 0,
  };
}

/** POST /api/admin/mfa/totp/setup: a new pending secret (encrypted at rest), replacing any earlier one. */
export async function setupTotp(deps: AppDeps, admin: AdminContext, meta: RequestMeta) {
  const userId = admin.profile.id;
  const secret = newTotpSecret();
  const secretEncrypted = deps.cipher.encrypt(secret, fieldContext.adminTotpSecret(userId));
  await deps.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(adminTotp).where(eq(adminTotp.adminUserId, userId)).for('update').limit(1);
    if (existing?.enabledAt) throw new AppError('CONFLICT', MFA_MESSAGES.totpAlreadyEnabled);
    await tx
      .insert(adminTotp)
      .values({ adminUserId: userId, secretEncrypted, createdAt: deps.clock.now() })
      .onConflictDoUpdate({ target: adminTotp.adminUserId, set: { secretEncrypted, enabledAt: null, lastUsedStep: null, createdAt: deps.clock.now() } });
    await recordActivity(tx, { actor: actorOf(admin.profile), action: 'MFA_TOTP_SETUP_STARTED', resourceType: 'admin_user', resourceId: userId, meta });
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
      await recordActivity(tx, { actor: actorOf(admin.profile), action: 'MFA_TOTP_ENABLED', resourceType: 'admin_user', resourceId: userId, meta });
      return codes;
    },
    async (tx) => {
      const [row] = await tx.select().from(adminTotp).where(eq(adminTotp.adminUserId, userId)).for('update').limit(1);
      // Another set-up may have replaced the secret since it was read: only the current pending one counts.
      if (!row || row.enabledAt || row.secretEncrypted !== pending.secretEncrypted) return null;
      const secret = deps.cipher.decrypt(row.secretEncrypted, fieldContext.adminTotpSecret(userId));
      const step = await matchTotp(deps.clock, secret, code, null);
      if (step === null) return null;
      await tx.update(adminTotp).set({ enabledAt: deps.clock.now(), lastUsedStep: step }).where(eq(adminTotp.adminUserId, userId));
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

/** POST /api/admin/mfa/recovery-codes: a current code, then 10 new recovery codes; the old ones are void. */
export async function regenerateRecoveryCodes(deps: AppDeps, admin: AdminContext, code: string, meta: RequestMeta, proof?: string) {
  const userId = admin.profile.id;
  await requireEnabledTotp(deps, userId);
  return withSecondFactor(deps, admin.profile, code, meta, proof, async (tx) => {
    const codes = await replaceRecoveryCodes(deps, tx, userId);
    await recordActivity(tx, { actor: actorOf(admin.profile), action: 'MFA_RECOVERY_CODES_REGENERATED', resourceType: 'admin_user', resourceId: userId, meta });
    return codes;
  });
}

/** POST /api/admin/mfa/totp/disable: a current code; refused when the role requires a factor and this is the only one. */
export async function disableTotp(deps: AppDeps, admin: AdminContext, code: string, meta: RequestMeta, proof?: string) {
  const userId = admin.profile.id;
  await requireEnabledTotp(deps, userId);
  // The authenticator app is the only method in this slice; passkeys will count here too.
  if (mfaRequiredFor(deps, admin)) throw new AppError('CONFLICT', MFA_MESSAGES.lastMethod);
  await withSecondFactor(deps, admin.profile, code, meta, proof, async (tx) => {
    await tx.delete(adminTotp).where(eq(adminTotp.adminUserId, userId));
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminUserId, userId));
    await tx.update(adminUsers).set({ mfaEnabledAt: null, updatedAt: deps.clock.now() }).where(eq(adminUsers.id, userId));
    await recordActivity(tx, { actor: actorOf(admin.profile), action: 'MFA_TOTP_DISABLED', resourceType: 'admin_user', resourceId: userId, meta });
  });
  deps.sessionCache?.forget(userId);
}
