import { Hono, type Context } from 'hono';
import {
  ISSUER_APPLICATION_MESSAGES as M,
  issuerApplicationChangeResponseSchema,
  issuerApplicationDetailResponseSchema,
  issuerApplicationExportQuerySchema,
  issuerApplicationListResponseSchema,
  issuerApplicationStatsResponseSchema,
  issuerApplicationListQuerySchema,
  issuerApplicationNotesBodySchema,
  issuerApplicationStatusBodySchema,
} from '@ledgerwell/shared/issuer-applications';
import type { AppDeps, AppEnv } from '../../lib/context';
import { parseJson, parseQuery } from '../../lib/validate';
import { requireRole } from '../../identity/middleware';
import { exportApplications } from './export-applications';
import {
  applicationStats,
  changeApplicationStatus,
  getApplication,
  listApplications,
  updateApplicationNotes,
  type ReviewerContext,
} from './review';
import { documented } from '../../lib/openapi';
import { ISSUER_AUTH_MESSAGES, issuerInvitationResponseSchema } from '@ledgerwell/shared/issuer-auth';
import { messageResponseSchema } from '@ledgerwell/shared/api-response';
import { resendInvitation, revokeInvitation } from './invitations';

const context = (c: Context<AppEnv>): ReviewerContext => {
  const { profile } = c.get('admin');
  return { actor: { id: profile.id, username: profile.username }, meta: c.get('meta') };
};

/**
 * Issuer application review (admin-management spec 2.5 and 7.1), under /api/admin (signed in,
 * password changed), on the spec's paths as they are: list, stats, detail and status under
 * /issuer-onboarding, notes and export under /issuer-applications. Every role reads; REVIEWER and
 * up change status and notes; ADMIN and SUPER_ADMIN export.
 */
export function issuerApplicationAdminRoutes(deps: AppDeps) {
  const act = requireRole('REVIEWER');
  const exporter = requireRole('ADMIN');

  return new Hono<AppEnv>()
    .get(
      '/issuer-onboarding',
      documented({
        tag: 'Issuer applications',
        auth: 'admin',
        summary: 'List issuer applications',
        query: issuerApplicationListQuerySchema,
        responses: { 200: issuerApplicationListResponseSchema },
      }),
      async (c) =>
        c.json({ success: true, data: await listApplications(deps, parseQuery(c, issuerApplicationListQuerySchema)) }),
    )
    .get(
      '/issuer-onboarding/stats',
      documented({
        tag: 'Issuer applications',
        auth: 'admin',
        summary: 'Issuer application figures',
        responses: { 200: issuerApplicationStatsResponseSchema },
      }),
      async (c) => c.json({ success: true, data: await applicationStats(deps) }),
    )
    .get(
      '/issuer-onboarding/:id',
      documented({
        tag: 'Issuer applications',
        auth: 'admin',
        summary: 'One issuer application',
        responses: { 200: issuerApplicationDetailResponseSchema },
        errors: [404],
      }),
      async (c) => c.json({ success: true, data: await getApplication(deps, c.req.param('id')) }),
    )
    .put(
      '/issuer-onboarding/:id/status',
      documented({
        tag: 'Issuer applications',
        auth: 'admin',
        summary: "Decide an application's status",
        body: issuerApplicationStatusBodySchema,
        responses: { 200: issuerApplicationChangeResponseSchema },
        errors: [404, 409],
      }),
      act,
      async (c) => {
        const body = await parseJson(c, issuerApplicationStatusBodySchema);
        const data = await changeApplicationStatus(deps, c.req.param('id'), context(c), body);
        return c.json({ success: true, message: M.statusUpdated, data });
      },
    )
    .post(
      '/issuer-applications/:id/invitation',
      documented({
        tag: 'Issuer applications',
        auth: 'admin',
        summary: "Send the approved application's contact a new invitation link",
        description:
          "Sends the approved application's contact a new one-time invitation link to the issuer portal (72 hours); the earlier link stops working. 409 before approval or once the account exists.",
        responses: { 200: issuerInvitationResponseSchema },
        errors: [404, 409],
      }),
      act,
      async (c) => {
        const data = await resendInvitation(deps, c.req.param('id'), context(c));
        return c.json({ success: true, message: ISSUER_AUTH_MESSAGES.invitationSent, data });
      },
    )
    .delete(
      '/issuer-applications/:id/invitation',
      documented({
        tag: 'Issuer applications',
        auth: 'admin',
        summary: "Revoke the application's open invitation link",
        responses: { 200: messageResponseSchema },
        errors: [404, 409],
      }),
      act,
      async (c) => {
        await revokeInvitation(deps, c.req.param('id'), context(c));
        return c.json({ success: true, message: ISSUER_AUTH_MESSAGES.invitationRevoked });
      },
    )
    .put(
      '/issuer-applications/:id/notes',
      documented({
        tag: 'Issuer applications',
        auth: 'admin',
        summary: "Change an application's notes",
        body: issuerApplicationNotesBodySchema,
        responses: { 200: issuerApplicationChangeResponseSchema },
        errors: [404],
      }),
      act,
      async (c) => {
        const { adminNotes } = await parseJson(c, issuerApplicationNotesBodySchema);
        const data = await updateApplicationNotes(deps, c.req.param('id'), context(c), adminNotes);
        return c.json({ success: true, message: M.notesUpdated, data });
      },
    )
    .get(
      '/issuer-applications/export/csv',
      documented({
        tag: 'Issuer applications',
        auth: 'admin',
        summary: 'Export applications as CSV (ADMIN and up)',
        query: issuerApplicationExportQuerySchema,
        responses: { 200: { media: 'text/csv', description: 'The rows as CSV (spreadsheet formulas neutralised)' } },
      }),
      exporter,
      async (c) => exportApplications(deps, parseQuery(c, issuerApplicationExportQuerySchema), context(c)),
    );
}
