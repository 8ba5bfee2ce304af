import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { issuerInvitations, issuerUsers } from '@ledgerwell/db/schema';
import type { IssuerUsersList } from '@ledgerwell/shared/issuer-users';
import type { AppDeps } from '../../lib/context';
import type { IssuerPrincipal } from '../../identity/issuer-principal';

/** GET /api/issuer/users: the issuer's users (removed ones left out) and its open invitations, for any of its users. */
export async function listIssuerUsers({
  deps,
  principal,
}: {
  deps: AppDeps;
  principal: IssuerPrincipal;
}): Promise<IssuerUsersList> {
  const { db } = deps;
  const users = await db
    .select({
      id: issuerUsers.id,
      email: issuerUsers.email,
      role: issuerUsers.role,
      mfaEnabledAt: issuerUsers.mfaEnabledAt,
      lastLoginAt: issuerUsers.lastLoginAt,
      createdAt: issuerUsers.createdAt,
    })
    .from(issuerUsers)
    .where(and(eq(issuerUsers.issuerId, principal.issuerId), isNull(issuerUsers.disabledAt)))
    .orderBy(asc(issuerUsers.createdAt), asc(issuerUsers.id));
  const invitations = await db
    .select({
      id: issuerInvitations.id,
      email: issuerInvitations.email,
      role: issuerInvitations.role,
      expiresAt: issuerInvitations.expiresAt,
      sentBy: issuerInvitations.sentBy,
      createdAt: issuerInvitations.createdAt,
    })
    .from(issuerInvitations)
    .where(openInvitationsOf(principal.issuerId, deps.clock.now()))
    .orderBy(asc(issuerInvitations.createdAt), asc(issuerInvitations.id));
  return {
    users: users.map(({ mfaEnabledAt, lastLoginAt, createdAt, ...user }) => ({
      ...user,
      hasSecondFactor: mfaEnabledAt !== null,
      lastLoginAt: lastLoginAt?.toISOString() ?? null,
      createdAt: createdAt.toISOString(),
    })),
    invitations: invitations.map((row) => ({
      ...row,
      expiresAt: row.expiresAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
    })),
    currentUserId: principal.userId,
    canManage: principal.role === 'ISSUER_ADMIN',
  };
}

/** An invitation that still works: not used, not revoked, not expired. */
export const openInvitation = (now: Date) =>
  and(isNull(issuerInvitations.usedAt), isNull(issuerInvitations.revokedAt), gt(issuerInvitations.expiresAt, now));

export const openInvitationsOf = (issuerId: string, now: Date) =>
  and(eq(issuerInvitations.issuerId, issuerId), openInvitation(now));
