import { Hono, type Context } from 'hono';
import {
  CONTACT_ADMIN_MESSAGES as M,
  contactAssignBodySchema,
  contactAssigneesResponseSchema,
  contactListResponseSchema,
  contactStatsResponseSchema,
  contactSubmissionChangeResponseSchema,
  contactSubmissionResponseSchema,
  contactExportQuerySchema,
  contactListQuerySchema,
  contactNotesBodySchema,
  contactStatusBodySchema,
} from '@ledgerwell/shared/contact-admin';
import type { AppDeps, AppEnv } from '../../lib/context';
import { parseJson, parseQuery } from '../../lib/validate';
import { requireRole } from '../../identity/middleware';
import { exportSubmissions } from './export-submissions';
import type { MessagingService } from './messaging-service';
import {
  assignSubmission,
  changeSubmissionStatus,
  listAssignees,
  listSubmissions,
  openSubmission,
  retrySubmissionForward,
  submissionStats,
  updateSubmissionNotes,
  type TriageContext,
} from './triage';
import { documented } from '../../lib/openapi';

const context = (c: Context<AppEnv>): TriageContext => {
  const { profile } = c.get('admin');
  return { actor: { id: profile.id, username: profile.username }, meta: c.get('meta') };
};

/**
 * Contact triage (admin-management spec 2.4 and 7.1), under /api/admin (signed in, password changed).
 * Every role reads; REVIEWER and up change status, notes and assignee and retry a forward; ADMIN and
 * SUPER_ADMIN export.
 */
export function contactAdminRoutes(deps: AppDeps, messaging: MessagingService | null) {
  const act = requireRole('REVIEWER');
  const exporter = requireRole('ADMIN');
  const base = '/contact-submissions';

  return new Hono<AppEnv>()
    .get(
      base,
      documented({
        tag: 'Contact triage',
        auth: 'admin',
        summary: 'List contact submissions',
        query: contactListQuerySchema,
        responses: { 200: contactListResponseSchema },
      }),
      async (c) => c.json({ success: true, data: await listSubmissions(deps, parseQuery(c, contactListQuerySchema)) }),
    )
    .get(
      `${base}/stats`,
      documented({
        tag: 'Contact triage',
        auth: 'admin',
        summary: 'Contact submission figures',
        responses: { 200: contactStatsResponseSchema },
      }),
      async (c) => c.json({ success: true, data: await submissionStats(deps) }),
    )
    .get(
      `${base}/assignees`,
      documented({
        tag: 'Contact triage',
        auth: 'admin',
        summary: 'Who a submission can be assigned to',
        responses: { 200: contactAssigneesResponseSchema },
      }),
      async (c) => c.json({ success: true, data: await listAssignees(deps) }),
    )
    .get(
      `${base}/export/csv`,
      documented({
        tag: 'Contact triage',
        auth: 'admin',
        summary: 'Export submissions as CSV (ADMIN and up)',
        query: contactExportQuerySchema,
        responses: { 200: { media: 'text/csv', description: 'The rows as CSV (spreadsheet formulas neutralised)' } },
      }),
      exporter,
      async (c) => exportSubmissions(deps, parseQuery(c, contactExportQuerySchema), context(c)),
    )
    .get(
      `${base}/:id`,
      documented({
        tag: 'Contact triage',
        auth: 'admin',
        summary: 'Open a submission',
        responses: { 200: contactSubmissionResponseSchema },
        errors: [404],
      }),
      async (c) => c.json({ success: true, data: await openSubmission(deps, c.req.param('id'), context(c)) }),
    )
    .put(
      `${base}/:id/status`,
      documented({
        tag: 'Contact triage',
        auth: 'admin',
        summary: "Change a submission's status",
        body: contactStatusBodySchema,
        responses: { 200: contactSubmissionChangeResponseSchema },
        errors: [404, 409],
      }),
      act,
      async (c) => {
        const { status } = await parseJson(c, contactStatusBodySchema);
        const data = await changeSubmissionStatus(deps, c.req.param('id'), context(c), status);
        return c.json({ success: true, message: M.statusUpdated, data });
      },
    )
    .put(
      `${base}/:id/notes`,
      documented({
        tag: 'Contact triage',
        auth: 'admin',
        summary: "Change a submission's notes",
        body: contactNotesBodySchema,
        responses: { 200: contactSubmissionChangeResponseSchema },
        errors: [404],
      }),
      act,
      async (c) => {
        const { adminNotes } = await parseJson(c, contactNotesBodySchema);
        const data = await updateSubmissionNotes(deps, c.req.param('id'), context(c), adminNotes);
        return c.json({ success: true, message: M.notesUpdated, data });
      },
    )
    .put(
      `${base}/:id/assign`,
      documented({
        tag: 'Contact triage',
        auth: 'admin',
        summary: 'Assign a submission',
        body: contactAssignBodySchema,
        responses: { 200: contactSubmissionChangeResponseSchema },
        errors: [404],
      }),
      act,
      async (c) => {
        const { assignedTo } = await parseJson(c, contactAssignBodySchema);
        const data = await assignSubmission(deps, c.req.param('id'), context(c), assignedTo);
        return c.json({ success: true, message: M.assigneeUpdated, data });
      },
    )
    .post(
      `${base}/:id/retry-forward`,
      documented({
        tag: 'Contact triage',
        auth: 'admin',
        summary: 'Retry forwarding a submission',
        responses: { 200: contactSubmissionChangeResponseSchema },
        errors: [404, 409],
      }),
      act,
      async (c) => {
        const { sent, submission } = await retrySubmissionForward(deps, messaging, c.req.param('id'), context(c));
        return c.json({ success: true, message: sent ? M.retrySent : M.retryQueued, data: submission });
      },
    );
}
