import { Hono, type Context } from 'hono';
import { messageResponseSchema } from '@ledgerwell/shared/api-response';
import {
  ISSUER_USERS_MESSAGES as M,
  inviteIssuerUserSchema,
  issuerInvitationSentResponseSchema,
  issuerUsersListResponseSchema,
} from '@ledgerwell/shared/issuer-users';
import type { AppDeps } from '../../lib/context';
import { documented } from '../../lib/openapi';
import { parseJson } from '../../lib/validate';
import { requireRecentProof } from '../../identity/recent-proof';
import { issuerPrincipal, requireIssuerAdmin, type IssuerPortalEnv } from '../issuer-portal/issuer-env';
import { inviteColleague } from './invite-colleague';
import { listIssuerUsers } from './list-users';
import { removeIssuerUser, revokeColleagueInvitation } from './remove-user';

const TAG = 'Issuer users';

/**
 * Every write here is the ISSUER_ADMIN's, after a step-up (a viewer is FORBIDDEN before being asked to prove
 * anything, as staff's step-up policy does); the role and the proof are checked before anything is read.
 */
async function steppedUpAdmin(deps: AppDeps, c: Context<IssuerPortalEnv>) {
  const principal = issuerPrincipal(c);
  requireIssuerAdmin(principal);
  await requireRecentProof(deps, principal.sessionId);
  return principal;
}

/** The issuer's own users and invitations, mounted at /api/issuer behind requireIssuer (decision 025). */
export function issuerUserRoutes(deps: AppDeps) {
  return new Hono<IssuerPortalEnv>()
    .get(
      '/users',
      documented({
        tag: TAG,
        auth: 'issuer',
        summary: "The issuer's users and its open invitations (any of its users)",
        responses: { 200: issuerUsersListResponseSchema },
      }),
      async (c) => c.json({ success: true, data: await listIssuerUsers({ deps, principal: issuerPrincipal(c) }) }),
    )
    .post(
      '/users',
      documented({
        tag: TAG,
        auth: 'issuer',
        summary: 'Invite a colleague as ISSUER_ADMIN or ISSUER_VIEWER (ISSUER_ADMIN, step-up)',
        description:
          'E-mails a one-time link (72 hours). 409 when the address already has an issuer account or an open invitation.',
        body: inviteIssuerUserSchema,
        responses: { 201: issuerInvitationSentResponseSchema },
        errors: [409],
      }),
      async (c) => {
        const principal = await steppedUpAdmin(deps, c);
        const input = await parseJson(c, inviteIssuerUserSchema);
        const data = await inviteColleague({ deps, principal, input, meta: c.get('meta') });
        return c.json({ success: true, message: M.invited, data }, 201);
      },
    )
    .delete(
      '/users/invitations/:id',
      documented({
        tag: TAG,
        auth: 'issuer',
        summary: "Revoke an open invitation of the issuer's (ISSUER_ADMIN, step-up)",
        responses: { 200: messageResponseSchema },
        errors: [404],
      }),
      async (c) => {
        const principal = await steppedUpAdmin(deps, c);
        await revokeColleagueInvitation({ deps, principal, id: c.req.param('id'), meta: c.get('meta') });
        return c.json({ success: true, message: M.invitationRevoked });
      },
    )
    .delete(
      '/users/:id',
      documented({
        tag: TAG,
        auth: 'issuer',
        summary: 'Remove a colleague: disabled and signed out everywhere at once (ISSUER_ADMIN, step-up)',
        description: "409 for the caller's own account and for the issuer's last ISSUER_ADMIN.",
        responses: { 200: messageResponseSchema },
        errors: [404, 409],
      }),
      async (c) => {
        const principal = await steppedUpAdmin(deps, c);
        await removeIssuerUser({ deps, principal, id: c.req.param('id'), meta: c.get('meta') });
        return c.json({ success: true, message: M.removed });
      },
    );
}
