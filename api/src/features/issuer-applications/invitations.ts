import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { issuerApplications, issuerInvitations } from '@ledgerwell/db/schema';
import { ISSUER_AUTH_MESSAGES as M } from '@ledgerwell/shared/issuer-auth';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { recordActivity } from '../activity/record-activity';
import { issueInvitation, type InvitationSent } from '../../identity/issuer-invitations';
import { issuerForApplication } from '../ledger/issuers';
import type { ReviewerContext } from './review';

type ApplicationRow = typeof issuerApplications.$inferSelect;
const RESOURCE = 'issuer_invitation';

/** Ends every open invitation of the application (a resend or a revocation); the ids it ended. */
async function endOpenInvitations(tx: Db, applicationId: string, reason: 'resent' | 'revoked', now: Date) {
  const ended = await tx
    .update(issuerInvitations)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(issuerInvitations.applicationId, applicationId),
        isNull(issuerInvitations.usedAt),
        isNull(issuerInvitations.revokedAt),
      ),
    )
    .returning({ id: issuerInvitations.id });
  return ended.map((row) => row.id);
}

/**
 * A new invitation for the application's contact, in the caller's transaction: any open one dies, and the contact
 * is invited as the issuer's ISSUER_ADMIN (issueInvitation: hashed token, 72 hours, the link in the fragment).
 */
async function sendInvitation(
  deps: AppDeps,
  tx: Db,
  application: ApplicationRow & { issuerId: string },
  context: ReviewerContext,
): Promise<InvitationSent> {
  const replaced = await endOpenInvitations(tx, application.id, 'resent', deps.clock.now());
  return issueInvitation(deps, tx, {
    issuerId: application.issuerId,
    email: application.contactEmail,
    role: 'ISSUER_ADMIN',
    origin: { kind: 'application', applicationId: application.id, actor: context.actor },
    subject: 'Set up your Ledgerwell issuer portal account',
    intro: [
      'Hello,',
      '',
      `The issuer application with application ID ${application.onboardingId} has been approved, and you are invited to the Ledgerwell issuer portal as its administrator.`,
    ],
    details: { applicationId: application.id, replaced },
    meta: context.meta,
  });
}

const accepted = (tx: Db, applicationId: string) =>
  tx
    .select({ id: issuerInvitations.id })
    .from(issuerInvitations)
    .where(and(eq(issuerInvitations.applicationId, applicationId), isNotNull(issuerInvitations.usedAt)))
    .limit(1);

/**
 * On approval, in the decision's transaction: the ledger's issuer (made, or linked by legal name), recorded on
 * the application, and the contact's invitation, unless an earlier one already made the issuer's account.
 */
export async function onApproval(deps: AppDeps, tx: Db, application: ApplicationRow, context: ReviewerContext) {
  const issuerId =
    application.issuerId ??
    (await issuerForApplication(
      tx,
      context.actor,
      { id: application.id, legalName: application.legalName },
      context.meta,
    ));
  if (!application.issuerId)
    await tx.update(issuerApplications).set({ issuerId }).where(eq(issuerApplications.id, application.id));
  if ((await accepted(tx, application.id)).length > 0) return;
  await sendInvitation(deps, tx, { ...application, issuerId }, context);
}

async function lockApprovedApplication(tx: Db, id: string) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Issuer application not found');
  const [row] = await tx.select().from(issuerApplications).where(eq(issuerApplications.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', 'Issuer application not found');
  if (row.status !== 'APPROVED' || !row.issuerId) throw new AppError('CONFLICT', M.notApproved);
  return { ...row, issuerId: row.issuerId };
}

/** POST /api/admin/issuer-applications/{id}/invitation: a new link; the earlier one no longer works. */
export function resendInvitation(deps: AppDeps, id: string, context: ReviewerContext): Promise<InvitationSent> {
  return deps.db.transaction(async (tx) => {
    const application = await lockApprovedApplication(tx, id);
    if ((await accepted(tx, application.id)).length > 0) throw new AppError('CONFLICT', M.accountExists);
    return sendInvitation(deps, tx, application, context);
  });
}

/** DELETE /api/admin/issuer-applications/{id}/invitation: the open link stops working; 404 when there is none. */
export function revokeInvitation(deps: AppDeps, id: string, context: ReviewerContext): Promise<void> {
  return deps.db.transaction(async (tx) => {
    const application = await lockApprovedApplication(tx, id);
    const ended = await endOpenInvitations(tx, application.id, 'revoked', deps.clock.now());
    if (ended.length === 0) throw new AppError('NOT_FOUND', M.noInvitation);
    for (const invitationId of ended)
      await recordActivity(tx, {
        actor: context.actor,
        action: 'ISSUER_INVITATION_REVOKED',
        resourceType: RESOURCE,
        resourceId: invitationId,
        details: { applicationId: application.id },
        meta: context.meta,
      });
  });
}
