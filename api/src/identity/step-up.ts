import { eq } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { adminSessions } from '@ledgerwell/db/schema';
import { MFA_MESSAGES, type StepUpBody, type StepUpResult } from '@ledgerwell/shared/admin-mfa';
import { guardAttempt } from '../lib/attempt-guard';
import type { AppDeps, RequestMeta } from '../lib/context';
import { AppError } from '../lib/errors';
import { clearHits } from '../lib/throttle';
import { recordActivity } from '../features/activity/record-activity';
import { accountActor, accountResource, sessionResource, type Account } from './account';
import { verifyPassword } from './passwords';
import { withFactorProof, type UsedMethod } from './second-factor';
import { loginRules, signInKey } from './sign-in';

type StepUpMethod = UsedMethod | 'password';

/** The signed-in session stepping up, with what its account signs in with. */
export interface SteppingUp {
  account: Account;
  sessionId: string;
  /** The name the sign-in throttles under: the staff username, the issuer user's e-mail. */
  signInName: string;
  user: { passwordHash: string; mfaEnabledAt: Date | null };
}

/** In the caller's transaction: this session counts as verified from now on. */
async function markVerified(
  deps: AppDeps,
  tx: Db,
  who: SteppingUp,
  method: StepUpMethod,
  meta: RequestMeta,
): Promise<StepUpResult> {
  const now = deps.clock.now();
  await tx.update(adminSessions).set({ mfaVerifiedAt: now }).where(eq(adminSessions.id, who.sessionId));
  await recordActivity(tx, {
    actor: accountActor(who.account),
    action: 'MFA_STEP_UP',
    resourceType: sessionResource(who.account.kind),
    resourceId: who.sessionId,
    details: { method },
    meta,
  });
  return { verifiedUntil: new Date(now.getTime() + deps.config.ADMIN_STEP_UP_WINDOW_MS).toISOString() };
}

/**
 * …/mfa/step-up for either kind of account: its strongest credential again. With a second factor, a code or a
 * passkey only (withFactorProof: its throttle, consumption and activity rows); without one, the password,
 * throttled and challenged under the sign-in's own keys, so guesses here and at the sign-in count together.
 */
export async function stepUpSession(
  deps: AppDeps,
  who: SteppingUp,
  body: StepUpBody,
  meta: RequestMeta,
  proof?: string,
): Promise<StepUpResult> {
  const { db } = deps;
  const { account } = who;
  const hasFactor = who.user.mfaEnabledAt !== null;
  if (!('password' in body)) {
    if (!hasFactor)
      throw new AppError('VALIDATION_ERROR', MFA_MESSAGES.stepUpUsePassword, { code: MFA_MESSAGES.stepUpUsePassword });
    // A code or a passkey ({ webauthn }, answering …/mfa/webauthn/options).
    return withFactorProof(deps, account, body, meta, proof, (tx, method) => markVerified(deps, tx, who, method, meta));
  }

  if (hasFactor)
    throw new AppError('VALIDATION_ERROR', MFA_MESSAGES.stepUpUseSecondFactor, {
      password: MFA_MESSAGES.stepUpUseSecondFactor,
    });
  const actor = accountActor(account);
  const attempt = await guardAttempt(deps, loginRules(who.signInName, meta.ip, account.kind), {
    proof,
    onRefused: () =>
      recordActivity(db, {
        actor,
        action: 'MFA_THROTTLED',
        resourceType: accountResource(account.kind),
        resourceId: account.id,
        details: { method: 'password' },
        meta,
      }),
  });
  if (!(await verifyPassword(who.user.passwordHash, body.password))) {
    await recordActivity(db, {
      actor,
      action: 'MFA_STEP_UP_FAILED',
      resourceType: sessionResource(account.kind),
      resourceId: who.sessionId,
      details: { method: 'password' },
      meta,
    });
    throw new AppError('VALIDATION_ERROR', MFA_MESSAGES.stepUpPasswordWrong, {
      password: MFA_MESSAGES.stepUpPasswordWrong,
    });
  }
  return db.transaction(async (tx) => {
    await attempt.forgive(tx);
    await clearHits(tx, signInKey(account.kind, who.signInName));
    return markVerified(deps, tx, who, 'password', meta);
  });
}
