import { and, eq } from 'drizzle-orm';
import { generateAuthenticationOptions, generateRegistrationOptions } from '@simplewebauthn/server';
import { isoUint8Array } from '@simplewebauthn/server/helpers';
import type { Db } from '@ledgerwell/db/client';
import { adminPasskeys, adminSessions, adminUsers } from '@ledgerwell/db/schema';
import {
  MFA_MESSAGES,
  PASSKEY_MESSAGES,
  type MfaProofBody,
  type PasskeyRegisterBody,
} from '@ledgerwell/shared/admin-mfa';
import type { AdminContext, AppDeps, RequestMeta } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { recordActivity } from '../activity/record-activity';
import { settleAfterRemoval, userFactors } from '../../identity/factors';
import { queueFactorChangeNotice } from '../../identity/factor-notices';
import { actorOf, mfaRequiredFor, replaceRecoveryCodes, withFactorProof } from './second-factor';
import { consumeChallenge, relyingParty, storeChallenge, verifyRegistration, type ChallengeBinding } from './webauthn';

const userPasskeys = (db: Db, userId: string) =>
  db
    .select({ id: adminPasskeys.credentialId, transports: adminPasskeys.transports })
    .from(adminPasskeys)
    .where(eq(adminPasskeys.adminUserId, userId));

/** POST /mfa/webauthn/register/options: creation options; the user's passkeys are excluded (no double registration). */
export async function passkeyRegistrationOptions(deps: AppDeps, admin: AdminContext) {
  const { id: userId, username } = admin.profile;
  const { rpID, rpName } = relyingParty(deps.config);
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: username,
    userDisplayName: username,
    userID: isoUint8Array.fromUTF8String(userId),
    attestationType: 'none',
    excludeCredentials: await userPasskeys(deps.db, userId),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await storeChallenge(deps.db, deps.clock, { userId, purpose: 'register' }, options.challenge);
  return options;
}

/**
 * POST /mfa/webauthn/register/verify: stores the passkey. The user's first factor sets
 * mfa_enabled_at, counts as this session's proof and brings the 10 recovery codes (returned once);
 * later passkeys return null.
 */
export async function registerPasskey(
  deps: AppDeps,
  admin: AdminContext,
  body: PasskeyRegisterBody,
  meta: RequestMeta,
): Promise<string[] | null> {
  const userId = admin.profile.id;
  // Used up by this attempt whatever its outcome: its own statement, outside the transaction below.
  const challenge = await consumeChallenge(
    deps.db,
    deps.clock,
    { userId, purpose: 'register' },
    body.response.response.clientDataJSON,
  );
  const credential = challenge ? await verifyRegistration(deps.config, body.response, challenge) : null;
  if (!credential)
    throw new AppError('VALIDATION_ERROR', PASSKEY_MESSAGES.registrationFailed, {
      response: PASSKEY_MESSAGES.registrationFailed,
    });

  const recoveryCodes = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const inserted = await tx
      .insert(adminPasskeys)
      .values({ adminUserId: userId, ...credential, name: body.name, createdAt: now })
      .onConflictDoNothing({ target: adminPasskeys.credentialId })
      .returning({ id: adminPasskeys.id });
    const passkeyId = inserted[0]?.id;
    if (!passkeyId) throw new AppError('CONFLICT', PASSKEY_MESSAGES.alreadyRegistered);
    const [user] = await tx
      .select({ mfaEnabledAt: adminUsers.mfaEnabledAt })
      .from(adminUsers)
      .where(eq(adminUsers.id, userId))
      .for('update');
    let codes: string[] | null = null;
    if (!user?.mfaEnabledAt) {
      await tx.update(adminUsers).set({ mfaEnabledAt: now, updatedAt: now }).where(eq(adminUsers.id, userId));
      // The passkey just made proves the factor for this session too.
      await tx.update(adminSessions).set({ mfaVerifiedAt: now }).where(eq(adminSessions.id, admin.sessionId));
      if ((await userFactors(tx, userId)).recoveryCodesLeft === 0) codes = await replaceRecoveryCodes(deps, tx, userId);
    }
    await recordActivity(tx, {
      actor: actorOf(admin.profile),
      action: 'MFA_PASSKEY_ADDED',
      resourceType: 'admin_user',
      resourceId: userId,
      details: { passkeyId, name: body.name, firstFactor: !user?.mfaEnabledAt },
      meta,
    });
    await queueFactorChangeNotice(deps, tx, userId, { kind: 'passkey-added', name: body.name }, meta);
    return codes;
  });
  // This process forgets the cached profile at once (mustEnrollMfa); the trigger tells the others.
  deps.sessionCache?.forget(userId);
  return recoveryCodes;
}

/** Request options for an assertion by one of the user's passkeys, with the challenge kept for `binding`. */
export async function passkeyAssertionOptions(deps: AppDeps, binding: ChallengeBinding) {
  const allowCredentials = await userPasskeys(deps.db, binding.userId);
  if (allowCredentials.length === 0) throw new AppError('CONFLICT', PASSKEY_MESSAGES.noPasskey);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps.config).rpID,
    allowCredentials,
    userVerification: 'preferred',
  });
  await storeChallenge(deps.db, deps.clock, binding, options.challenge);
  return options;
}

/**
 * POST /mfa/webauthn/{id}/remove: a current factor (code or passkey). The last factor of a role that
 * requires one stays; anyone else's last takes the recovery codes and mfa_enabled_at with it.
 */
export async function removePasskey(
  deps: AppDeps,
  admin: AdminContext,
  passkeyId: string,
  factor: MfaProofBody,
  meta: RequestMeta,
  proof?: string,
) {
  const userId = admin.profile.id;
  const mine = and(eq(adminPasskeys.id, passkeyId), eq(adminPasskeys.adminUserId, userId));
  const [passkey] = isUuid(passkeyId) ? await deps.db.select().from(adminPasskeys).where(mine).limit(1) : [];
  if (!passkey) throw new AppError('NOT_FOUND', PASSKEY_MESSAGES.notFound);
  const required = mfaRequiredFor(deps, admin);
  const factors = await userFactors(deps.db, userId);
  if (required && !factors.totp && factors.passkeys <= 1) throw new AppError('CONFLICT', MFA_MESSAGES.lastMethod);
  await withFactorProof(deps, admin.profile, factor, meta, proof, async (tx) => {
    const removed = await tx.delete(adminPasskeys).where(mine).returning({ id: adminPasskeys.id });
    if (removed.length === 0) throw new AppError('NOT_FOUND', PASSKEY_MESSAGES.notFound);
    // Another factor removed meanwhile would leave a required role with nothing: the transaction undoes it all.
    if ((await settleAfterRemoval(tx, deps.clock, userId)) && required)
      throw new AppError('CONFLICT', MFA_MESSAGES.lastMethod);
    await recordActivity(tx, {
      actor: actorOf(admin.profile),
      action: 'MFA_PASSKEY_REMOVED',
      resourceType: 'admin_user',
      resourceId: userId,
      details: { passkeyId, name: passkey.name },
      meta,
    });
    await queueFactorChangeNotice(deps, tx, userId, { kind: 'passkey-removed', name: passkey.name }, meta);
  });
  deps.sessionCache?.forget(userId);
}
