import { eq, sql } from 'drizzle-orm';
import { issuerInvitations, issuerUsers } from '@ledgerwell/db/schema';
import { ISSUER_AUTH_MESSAGES as M, type AcceptInvitationInput } from '@ledgerwell/shared/issuer-auth';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import { recordActivity } from '../activity/record-activity';
import { accountActor, issuerAccount } from '../../identity/account';
import { hashPassword } from '../../identity/passwords';
import { startIssuerSession, type IssuerSignedIn } from './sign-in';

/** A token is 256 random bits in base64url: anything else was cut or mistyped. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const invalid = () => new AppError('INVITATION_INVALID', M.invitationInvalid, { token: M.invitationInvalid });
const gone = () => new AppError('INVITATION_GONE', M.invitationGone);

/**
 * POST /api/issuer/invitations/accept: the invitation's token and a new password (staff's rules) make a user of
 * the invitation's issuer with the invitation's role (an application's contact is ISSUER_ADMIN, a colleague as
 * invited), and sign them in; that session reaches second-factor
 * enrolment only, until a factor exists. A token that matches nothing is 400 INVITATION_INVALID; one that
 * expired, was used or was revoked is 410 INVITATION_GONE. The token is 256 bits: nothing to throttle.
 */
export async function acceptInvitation(
  deps: AppDeps,
  input: AcceptInvitationInput,
  meta: RequestMeta,
): Promise<IssuerSignedIn> {
  if (!TOKEN_SHAPE.test(input.token)) throw invalid();
  const tokenHash = hashToken(input.token);
  const live = async () => {
    const [row] = await deps.db
      .select({ usedAt: issuerInvitations.usedAt, revokedAt: issuerInvitations.revokedAt })
      .from(issuerInvitations)
      .where(eq(issuerInvitations.tokenHash, tokenHash))
      .limit(1);
    return row;
  };
  // Checked before the slow hash, so a dead link costs no argon2 run; checked again under the lock below.
  const first = await live();
  if (!first) throw invalid();
  if (first.usedAt || first.revokedAt) throw gone();
  const passwordHash = await hashPassword(input.password);

  return deps.db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(issuerInvitations)
      .where(eq(issuerInvitations.tokenHash, tokenHash))
      .for('update');
    if (!invitation) throw invalid();
    const now = deps.clock.now();
    if (invitation.usedAt || invitation.revokedAt || invitation.expiresAt.getTime() <= now.getTime()) throw gone();
    const [taken] = await tx
      .select({ id: issuerUsers.id })
      .from(issuerUsers)
      .where(eq(sql`lower(${issuerUsers.email})`, invitation.email.toLowerCase()))
      .limit(1);
    if (taken) throw new AppError('CONFLICT', M.accountExists);
    const [user] = await tx
      .insert(issuerUsers)
      .values({
        issuerId: invitation.issuerId,
        email: invitation.email,
        passwordHash,
        role: invitation.role,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!user) throw new Error('issuer user insert returned no row');
    await tx
      .update(issuerInvitations)
      .set({ usedAt: now, issuerUserId: user.id })
      .where(eq(issuerInvitations.id, invitation.id));
    await recordActivity(tx, {
      actor: accountActor(issuerAccount(user)),
      action: 'ISSUER_INVITATION_ACCEPTED',
      resourceType: 'issuer_invitation',
      resourceId: invitation.id,
      details: { issuerId: invitation.issuerId, applicationId: invitation.applicationId, role: invitation.role },
      meta,
    });
    return startIssuerSession(deps, tx, user, meta);
  });
}
