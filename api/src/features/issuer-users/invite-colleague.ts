import { and, eq, sql } from 'drizzle-orm';
import { issuerInvitations, issuerUsers } from '@ledgerwell/db/schema';
import { issuers } from '@ledgerwell/db/ledger-schema';
import {
  ISSUER_ROLE_LABELS,
  ISSUER_USERS_MESSAGES as M,
  type InviteIssuerUserInput,
  type IssuerInvitationRow,
} from '@ledgerwell/shared/issuer-users';
import type { AppDeps, RequestMeta } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { lockKeys } from '../../lib/throttle';
import type { IssuerPrincipal } from '../../identity/issuer-principal';
import { issueInvitation } from '../../identity/issuer-invitations';
import { issuerActor } from '../issuer-portal/issuer-env';
import { openInvitation } from './list-users';

/**
 * POST /api/issuer/users (ISSUER_ADMIN, after a step-up): an invitation for a colleague, with the role it gives,
 * through the same invitation code as an approved application's (hashed token, 72 hours, the link in the fragment,
 * the outbox). 409 when the address already has an account of any issuer, or an open invitation anywhere: e-mail
 * addresses are unique across issuer users, so a second invitation could never be accepted.
 */
export async function inviteColleague({
  deps,
  principal,
  input,
  meta,
}: {
  deps: AppDeps;
  principal: IssuerPrincipal;
  input: InviteIssuerUserInput;
  meta: RequestMeta;
}): Promise<IssuerInvitationRow> {
  const email = input.email.trim();
  const lower = email.toLowerCase();
  return deps.db.transaction(async (tx) => {
    // Two invitations of one address at once: the second waits here and then sees the first.
    await lockKeys(tx, [`issuer-invitation:${lower}`]);
    const [account] = await tx
      .select({ id: issuerUsers.id })
      .from(issuerUsers)
      .where(eq(sql`lower(${issuerUsers.email})`, lower))
      .limit(1);
    if (account) throw new AppError('CONFLICT', M.accountExists, { email: M.accountExists });
    const [open] = await tx
      .select({ id: issuerInvitations.id })
      .from(issuerInvitations)
      .where(and(eq(sql`lower(${issuerInvitations.email})`, lower), openInvitation(deps.clock.now())))
      .limit(1);
    if (open) throw new AppError('CONFLICT', M.invitationOpen, { email: M.invitationOpen });
    const [issuer] = await tx
      .select({ legalName: issuers.legalName })
      .from(issuers)
      .where(eq(issuers.id, principal.issuerId))
      .limit(1);
    const sent = await issueInvitation(deps, tx, {
      issuerId: principal.issuerId,
      email,
      role: input.role,
      origin: { kind: 'colleague', actor: { ...issuerActor(principal), issuerUserId: principal.userId } },
      subject: 'You are invited to the Ledgerwell issuer portal',
      intro: [
        'Hello,',
        '',
        `${principal.email} invites you to the Ledgerwell issuer portal of ${issuer?.legalName ?? 'their company'}, as ${ISSUER_ROLE_LABELS[input.role].toLowerCase()}.`,
      ],
      meta,
    });
    return {
      id: sent.invitationId,
      email,
      role: input.role,
      expiresAt: sent.expiresAt,
      sentBy: principal.email,
      createdAt: deps.clock.now().toISOString(),
    };
  });
}
