import { and, eq } from 'drizzle-orm';
import { generateAuthenticationOptions, generateRegistrationOptions } from '@simplewebauthn/server';
import { isoUint8Array } from '@simplewebauthn/server/helpers';
import type { Db } from '@ledgerwell/db/client';
import { adminPasskeys, adminSessions, adminTotp } from '@ledgerwell/db/schema';
import { MFA_MESSAGES, PASSKEY_MESSAGES, type MfaStatus, type PasskeyRegisterBody } from '@ledgerwell/shared/admin-mfa';
import type { AppDeps, RequestMeta } from '../lib/context';
import { AppError } from '../lib/errors';
import { fieldContext } from '../lib/field-encryption';
import { recordActivity } from '../features/activity/record-activity';
import {
  accountActor,
  accountResource,
  lockMfaEnabledAt,
  ownedBy,
  ownerColumn,
  ownerValues,
  setMfaEnabledAt,
  type Account,
} from './account';
import { factorMethods, hasFactor, listPasskeys, userFactors } from './factors';
import { queueFactorChangeNotice } from './factor-notices';
import { replaceRecoveryCodes, withSecondFactor } from './second-factor';
import { matchTotp, newTotpSecret, otpauthUrl } from './totp';
import { consumeChallenge, relyingParty, storeChallenge, verifyRegistration, type ChallengeBinding } from './webauthn';

/** A signed-in session of either kind of account, adding or listing its own second factors. */
export interface EnrollingSession {
  account: Account;
  sessionId: string;
}

export async function readTotp(db: Db, account: Account) {
  const [row] = await db.select().from(adminTotp).where(ownedBy(adminTotp, account)).limit(1);
  return row ?? null;
}

/** GET …/mfa: `required`, whether the account must keep a factor (its role's rule). */
export async function mfaStatus(deps: AppDeps, account: Account, required: boolean): Promise<MfaStatus> {
  const [totp, factors, passkeys] = [
    await readTotp(deps.db, account),
    await userFactors(deps.db, account),
    await listPasskeys(deps.db, account),
  ];
  const enabledAt = totp?.enabledAt ?? null;
  return {
    required,
    methods: factorMethods(factors).filter((method) => method !== 'recovery'),
    totp: enabledAt ? { enabledAt: enabledAt.toISOString() } : null,
    passkeys,
    recoveryCodesLeft: hasFactor(factors) ? factors.recoveryCodesLeft : 0,
  };
}

/** In the enrolling transaction: the first factor sets mfa_enabled_at and proves the factor for this session. */
async function markFirstFactor(tx: Db, session: EnrollingSession, now: Date): Promise<boolean> {
  if (await lockMfaEnabledAt(tx, session.account)) return false;
  await setMfaEnabledAt(tx, session.account, now, now);
  await tx.update(adminSessions).set({ mfaVerifiedAt: now }).where(eq(adminSessions.id, session.sessionId));
  return true;
}

/** …/mfa/totp/setup: a new pending secret (encrypted at rest), replacing any earlier one. */
export async function setupTotp(deps: AppDeps, session: EnrollingSession, meta: RequestMeta) {
  const { account } = session;
  const secret = newTotpSecret();
  const secretEncrypted = deps.cipher.encrypt(secret, fieldContext.adminTotpSecret(account.id));
  await deps.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(adminTotp).where(ownedBy(adminTotp, account)).for('update').limit(1);
    if (existing?.enabledAt) throw new AppError('CONFLICT', MFA_MESSAGES.totpAlreadyEnabled);
    await tx
      .insert(adminTotp)
      .values({ ...ownerValues(account), secretEncrypted, createdAt: deps.clock.now() })
      .onConflictDoUpdate({
        target: ownerColumn(adminTotp, account.kind),
        set: { secretEncrypted, enabledAt: null, lastUsedStep: null, createdAt: deps.clock.now() },
      });
    await recordActivity(tx, {
      actor: accountActor(account),
      action: 'MFA_TOTP_SETUP_STARTED',
      resourceType: accountResource(account.kind),
      resourceId: account.id,
      meta,
    });
  });
  return { secret, otpauthUrl: otpauthUrl(account.label, secret) };
}

/** …/mfa/totp/enable: the first code from the app confirms the pending secret; returns the recovery codes. */
export async function enableTotp(
  deps: AppDeps,
  session: EnrollingSession,
  code: string,
  meta: RequestMeta,
  proof?: string,
) {
  const { account } = session;
  const pending = await readTotp(deps.db, account);
  if (!pending) throw new AppError('CONFLICT', MFA_MESSAGES.totpNotSetUp);
  if (pending.enabledAt) throw new AppError('CONFLICT', MFA_MESSAGES.totpAlreadyEnabled);
  const recoveryCodes = await withSecondFactor(
    deps,
    account,
    code,
    meta,
    proof,
    async (tx) => {
      const now = deps.clock.now();
      await markFirstFactor(tx, session, now);
      // The code just entered proves the factor for this session too.
      await tx.update(adminSessions).set({ mfaVerifiedAt: now }).where(eq(adminSessions.id, session.sessionId));
      const codes = await replaceRecoveryCodes(deps, tx, account);
      await recordActivity(tx, {
        actor: accountActor(account),
        action: 'MFA_TOTP_ENABLED',
        resourceType: accountResource(account.kind),
        resourceId: account.id,
        meta,
      });
      await queueFactorChangeNotice(deps, tx, account, { kind: 'totp-added' }, meta);
      return codes;
    },
    async (tx) => {
      const [row] = await tx.select().from(adminTotp).where(ownedBy(adminTotp, account)).for('update').limit(1);
      // Another set-up may have replaced the secret since it was read: only the current pending one counts.
      if (!row || row.enabledAt || row.secretEncrypted !== pending.secretEncrypted) return null;
      const secret = deps.cipher.decrypt(row.secretEncrypted, fieldContext.adminTotpSecret(account.id));
      const step = await matchTotp(deps, secret, code, null);
      if (step === null) return null;
      await tx
        .update(adminTotp)
        .set({ enabledAt: deps.clock.now(), lastUsedStep: step })
        .where(eq(adminTotp.id, row.id));
      return 'totp';
    },
  );
  // This process forgets the cached profile at once (mustEnrollMfa); the trigger tells the others.
  deps.sessionCache?.forget(account.id);
  return recoveryCodes;
}

const accountPasskeys = (db: Db, account: Account) =>
  db
    .select({ id: adminPasskeys.credentialId, transports: adminPasskeys.transports })
    .from(adminPasskeys)
    .where(ownedBy(adminPasskeys, account));

/** …/mfa/webauthn/register/options: creation options; the account's passkeys are excluded (no double registration). */
export async function passkeyRegistrationOptions(deps: AppDeps, session: EnrollingSession) {
  const { account } = session;
  const { rpID, rpName } = relyingParty(deps.config);
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: account.label,
    userDisplayName: account.label,
    userID: isoUint8Array.fromUTF8String(account.id),
    attestationType: 'none',
    excludeCredentials: await accountPasskeys(deps.db, account),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await storeChallenge(deps.db, deps.clock, { account, purpose: 'register' }, options.challenge);
  return options;
}

/**
 * …/mfa/webauthn/register/verify: stores the passkey. The account's first factor sets mfa_enabled_at,
 * counts as this session's proof and brings the 10 recovery codes (returned once); later passkeys return null.
 */
export async function registerPasskey(
  deps: AppDeps,
  session: EnrollingSession,
  body: PasskeyRegisterBody,
  meta: RequestMeta,
): Promise<string[] | null> {
  const { account } = session;
  // Used up by this attempt whatever its outcome: its own statement, outside the transaction below.
  const challenge = await consumeChallenge(
    deps.db,
    deps.clock,
    { account, purpose: 'register' },
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
      .values({ ...ownerValues(account), ...credential, name: body.name, createdAt: now })
      .onConflictDoNothing({ target: adminPasskeys.credentialId })
      .returning({ id: adminPasskeys.id });
    const passkeyId = inserted[0]?.id;
    if (!passkeyId) throw new AppError('CONFLICT', PASSKEY_MESSAGES.alreadyRegistered);
    const firstFactor = await markFirstFactor(tx, session, now);
    let codes: string[] | null = null;
    if (firstFactor && (await userFactors(tx, account)).recoveryCodesLeft === 0)
      codes = await replaceRecoveryCodes(deps, tx, account);
    await recordActivity(tx, {
      actor: accountActor(account),
      action: 'MFA_PASSKEY_ADDED',
      resourceType: accountResource(account.kind),
      resourceId: account.id,
      details: { passkeyId, name: body.name, firstFactor },
      meta,
    });
    await queueFactorChangeNotice(deps, tx, account, { kind: 'passkey-added', name: body.name }, meta);
    return codes;
  });
  // This process forgets the cached profile at once (mustEnrollMfa); the trigger tells the others.
  deps.sessionCache?.forget(account.id);
  return recoveryCodes;
}

/** Request options for an assertion by one of the account's passkeys, with the challenge kept for `binding`. */
export async function passkeyAssertionOptions(deps: AppDeps, binding: ChallengeBinding) {
  const allowCredentials = await accountPasskeys(deps.db, binding.account);
  if (allowCredentials.length === 0) throw new AppError('CONFLICT', PASSKEY_MESSAGES.noPasskey);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps.config).rpID,
    allowCredentials,
    userVerification: 'preferred',
  });
  await storeChallenge(deps.db, deps.clock, binding, options.challenge);
  return options;
}

/** A passkey of the account by its id, or 404. */
export async function findPasskey(db: Db, account: Account, passkeyId: string) {
  const [passkey] = await db
    .select()
    .from(adminPasskeys)
    .where(and(eq(adminPasskeys.id, passkeyId), ownedBy(adminPasskeys, account)))
    .limit(1);
  if (!passkey) throw new AppError('NOT_FOUND', PASSKEY_MESSAGES.notFound);
  return passkey;
}
