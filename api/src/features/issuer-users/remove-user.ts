import { and, eq } from 'drizzle-orm';
import { issuerInvitations, issuerUsers } from '@ledgerwell/db/schema';
import { ISSUER_USERS_MESSAGES as M } from '@ledgerwell/shared/issuer-users';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { recordActivity } from '../activity/record-activity';
import type { IssuerPrincipal } from '../../identity/issuer-principal';
import { revokeAccountSessions } from '../../identity/sessions';
import { issuerActor } from '../issuer-portal/issuer-env';
import { openInvitationsOf } from './list-users';

interface IssuerWrite {
  deps: AppDeps;
  principal: IssuerPrincipal;
  id: string;
  meta: RequestMeta;
}

/**
 * DELETE /api/issuer/users/{id} (ISSUER_ADMIN, after a step-up): the colleague is disabled (disabled_at) and every
 * session of theirs ends in the same transaction; the session lookup refuses a disabled user, so their next call is
 * a 401. Another issuer's user is a 404 worded as an unknown one. Nobody removes themselves (409): leaving takes a
 * second administrator, so an issuer cannot lock itself out by a slip. The issuer's last ISSUER_ADMIN stays (409):
 * with the rule before, that is reached when two administrators remove each other at once; the rows of the issuer's
 * users are locked, so the second removal sees the first.
 */
export async function removeIssuerUser({ deps, principal, id, meta }: IssuerWrite): Promise<void> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', M.userNotFound);
  await deps.db.transaction(async (tx) => {
    const colleagues = await tx
      .select({
        id: issuerUsers.id,
        email: issuerUsers.email,
        role: issuerUsers.role,
        disabledAt: issuerUsers.disabledAt,
      })
      .from(issuerUsers)
      .where(eq(issuerUsers.issuerId, principal.issuerId))
      .orderBy(issuerUsers.id)
      .for('update');
    const active = colleagues.filter((user) => user.disabledAt === null);
    const target = active.find((user) => user.id === id);
    if (!target) throw new AppError('NOT_FOUND', M.userNotFound);
    if (target.id === principal.userId) throw new AppError('CONFLICT', M.cannotRemoveSelf);
    const otherAdmins = active.filter((user) => user.role === 'ISSUER_ADMIN' && user.id !== target.id);
    if (target.role === 'ISSUER_ADMIN' && otherAdmins.length === 0) throw new AppError('CONFLICT', M.lastAdmin);
    const now = deps.clock.now();
    await tx.update(issuerUsers).set({ disabledAt: now, updatedAt: now }).where(eq(issuerUsers.id, target.id));
    await revokeAccountSessions(tx, deps.clock, { kind: 'issuer', id: target.id }, 'deactivated');
    await recordActivity(tx, {
      actor: issuerActor(principal),
      action: 'ISSUER_USER_REMOVED',
      resourceType: 'issuer_user',
      resourceId: target.id,
      details: { issuerId: principal.issuerId, email: target.email, role: target.role },
      meta,
    });
  });
}

/**
 * DELETE /api/issuer/users/invitations/{id} (ISSUER_ADMIN, after a step-up): the link stops working. Only an open
 * invitation of the caller's issuer; anything else (another issuer's, used, expired, unknown) is a 404. A new
 * invitation is a new POST.
 */
export async function revokeColleagueInvitation({ deps, principal, id, meta }: IssuerWrite): Promise<void> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', M.invitationNotFound);
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [ended] = await tx
      .update(issuerInvitations)
      .set({ revokedAt: now, revokedReason: 'revoked' })
      .where(and(eq(issuerInvitations.id, id), openInvitationsOf(principal.issuerId, now)))
      .returning({ id: issuerInvitations.id, email: issuerInvitations.email });
    if (!ended) throw new AppError('NOT_FOUND', M.invitationNotFound);
    await recordActivity(tx, {
      actor: issuerActor(principal),
      action: 'ISSUER_INVITATION_REVOKED',
      resourceType: 'issuer_invitation',
      resourceId: ended.id,
      details: { issuerId: principal.issuerId },
      meta,
    });
  });
}
