import type { Db } from '@ledgerwell/db/client';
import { issuerInvitations } from '@ledgerwell/db/schema';
import { ISSUER_INVITATION_PATH, ISSUER_INVITATION_TTL_MS, type IssuerUserRole } from '@ledgerwell/shared/issuer-auth';
import type { AppDeps, RequestMeta } from '../lib/context';
import { hashToken, newSessionToken } from '../lib/tokens';
import { recordActivity, type Actor } from '../features/activity/record-activity';
import { queueEmail } from '../features/email/queue-email';

export interface InvitationSent {
  invitationId: string;
  issuerId: string;
  email: string;
  expiresAt: string;
}

/** Who sends an invitation: staff approving an application, or one of the issuer's own administrators. */
export type InvitationOrigin =
  | { kind: 'application'; applicationId: string; actor: Actor & { id: string } }
  | { kind: 'colleague'; actor: Actor & { issuerUserId: string } };

export interface NewInvitation {
  issuerId: string;
  email: string;
  role: IssuerUserRole;
  origin: InvitationOrigin;
  /** The e-mail's subject and its opening lines; the link and how long it works are added here. */
  subject: string;
  intro: string[];
  /** More for the ISSUER_INVITATION_SENT activity row (never the token). */
  details?: Record<string, unknown>;
  meta: RequestMeta;
}

/**
 * One new invitation to the issuer portal, in the caller's transaction (every invitation, whoever sends it): the
 * token (256 random bits) is kept only as its SHA-256 and goes out once, in the e-mail's link fragment, which
 * browsers never send to a server; it is in no activity row and no log line of ours. 72 hours, one use.
 */
export async function issueInvitation(deps: AppDeps, tx: Db, invitation: NewInvitation): Promise<InvitationSent> {
  const { origin } = invitation;
  const now = deps.clock.now();
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + ISSUER_INVITATION_TTL_MS);
  const [row] = await tx
    .insert(issuerInvitations)
    .values({
      applicationId: origin.kind === 'application' ? origin.applicationId : null,
      issuerId: invitation.issuerId,
      email: invitation.email,
      role: invitation.role,
      tokenHash: hashToken(token),
      expiresAt,
      sentById: origin.kind === 'application' ? origin.actor.id : null,
      sentByIssuerUserId: origin.kind === 'colleague' ? origin.actor.issuerUserId : null,
      sentBy: origin.actor.username ?? '',
      createdAt: now,
    })
    .returning({ id: issuerInvitations.id });
  if (!row) throw new Error('invitation insert returned no row');
  await queueEmail(deps, tx, {
    to: invitation.email,
    subject: invitation.subject,
    lines: [
      ...invitation.intro,
      '',
      `Choose your password here: ${deps.config.publicUrl}${ISSUER_INVITATION_PATH}#token=${token}`,
      '',
      'The link works once, for 72 hours. You will then set up a second factor (an authenticator app or a passkey).',
      'If you did not expect this e-mail, you can ignore it.',
    ],
    kind: 'ISSUER_INVITATION',
    relatedId: origin.kind === 'application' ? origin.applicationId : row.id,
  });
  await recordActivity(tx, {
    actor: origin.actor,
    action: 'ISSUER_INVITATION_SENT',
    resourceType: 'issuer_invitation',
    resourceId: row.id,
    details: { ...invitation.details, issuerId: invitation.issuerId, role: invitation.role },
    meta: invitation.meta,
  });
  return {
    invitationId: row.id,
    issuerId: invitation.issuerId,
    email: invitation.email,
    expiresAt: expiresAt.toISOString(),
  };
}
