import { eq } from 'drizzle-orm';
import { adminUsers } from '@ledgerwell/db/schema';
import {
  ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT,
  ADMIN_LOGIN_WINDOW_MS,
  ADMIN_MESSAGES,
  type ChangePasswordInput,
} from '@ledgerwell/shared/admin-auth';
import { AppError } from '../../lib/errors';
import type { AdminContext, AppDeps, RequestMeta } from '../../lib/context';
import { guardAttempt } from '../../lib/attempt-guard';
import { clearHits } from '../../lib/throttle';
import { recordActivity } from '../activity/record-activity';
import { accountKey } from '../../identity/sign-in';
import { hashPassword, verifyPassword } from '../../identity/passwords';
import { revokeUserSessions } from '../../identity/sessions';

/**
 * Changes the signed-in admin's password. The current password is a guessable secret too, so wrong
 * guesses count against the same per-account limit as sign-in. Every other session is revoked.
 */
export async function changeOwnPassword(
  deps: AppDeps,
  admin: AdminContext,
  input: ChangePasswordInput,
  meta: RequestMeta,
  proof?: string,
) {
  const { db, clock } = deps;
  const actor = { id: admin.profile.id, username: admin.profile.username };
  const attempt = await guardAttempt(
    deps,
    [
      {
        key: accountKey(admin.profile.username),
        limit: ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT,
        windowMs: ADMIN_LOGIN_WINDOW_MS,
        message: ADMIN_MESSAGES.tooManyAttempts,
      },
    ],
    { proof },
  );
  const [user] = await db.select().from(adminUsers).where(eq(adminUsers.id, admin.profile.id)).limit(1);
  if (!user) throw new AppError('UNAUTHENTICATED', ADMIN_MESSAGES.sessionExpired);

  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await recordActivity(db, {
      actor,
      action: 'PASSWORD_CHANGE_FAILED',
      resourceType: 'admin_user',
      resourceId: user.id,
      meta,
    });
    throw new AppError('VALIDATION_ERROR', ADMIN_MESSAGES.currentPasswordWrong, {
      currentPassword: ADMIN_MESSAGES.currentPasswordWrong,
    });
  }

  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(adminUsers)
      .set({ passwordHash, mustChangePassword: false, passwordChangedAt: clock.now(), updatedAt: clock.now() })
      .where(eq(adminUsers.id, user.id));
    await revokeUserSessions(tx, clock, user.id, 'password_changed', admin.sessionId);
    await attempt.forgive(tx);
    // As a sign-in does: the right password ends the account's run of failures.
    await clearHits(tx, accountKey(user.username));
    await recordActivity(tx, {
      actor,
      action: 'PASSWORD_CHANGED',
      resourceType: 'admin_user',
      resourceId: user.id,
      meta,
    });
  });
  // The cached profile still says the password must change, and other sessions still live.
  deps.sessionCache?.forget(user.id);
}
