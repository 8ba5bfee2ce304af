import { Hono, type Context } from 'hono';
import {
  activityListResponseSchema,
  activityQuerySchema,
  dashboardStatsResponseSchema,
  documentDecisionResponseSchema,
  flagResponseSchema,
  noteAddedResponseSchema,
  requestDetailResponseSchema,
  requestListResponseSchema,
  statusChangeResponseSchema,
  documentStatusSchema,
  flagSchema,
  imageStateSchema,
  noteSchema,
  requestListQuerySchema,
  statusChangeSchema,
} from '@ledgerwell/shared/request-review';
import { documentTypeSchema } from '@ledgerwell/shared/verification';
import { messageResponseSchema, successResponseSchema } from '@ledgerwell/shared/api-response';
import type { AppDeps, AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { parseJson, parseQuery } from '../../lib/validate';
import { listActivity } from '../activity/list-activity';
import { verificationCodeKey } from '../portal-requests/verification-code';
import { requireRole } from '../../identity/middleware';
import { dashboardStats } from './dashboard-stats';
import { readDocumentImage, reviewDocument } from './document-review';
import { listRequests } from './list-requests';
import { readAffidavitSignature } from './lost-certificate-review';
import { requestDetail } from './request-detail';
import {
  addNote,
  changeStatus,
  flagRequest,
  saveImageState,
  unflagRequest,
  type ReviewContext,
} from './review-actions';
import { documented } from '../../lib/openapi';

const context = (c: Context<AppEnv>): ReviewContext => {
  const { profile } = c.get('admin');
  return { actor: { id: profile.id, username: profile.username }, meta: c.get('meta') };
};

/**
 * Request review (admin-request-review spec 7), under /api/admin (signed in, password changed).
 * Every role reads; READ_ONLY gets 403 on every write (REVIEWER and up act on requests).
 */
export function requestReviewRoutes(deps: AppDeps) {
  const act = requireRole('REVIEWER');
  const adminId = (c: Context<AppEnv>) => c.get('admin').profile.id;

  return new Hono<AppEnv>()
    .get(
      '/dashboard/stats',
      documented({
        tag: 'Request review',
        auth: 'admin',
        summary: 'Dashboard figures',
        responses: { 200: dashboardStatsResponseSchema },
      }),
      async (c) => c.json({ success: true, data: await dashboardStats(deps, adminId(c)) }),
    )
    .get(
      '/activity',
      documented({
        tag: 'Request review',
        auth: 'admin',
        summary: 'The activity log',
        query: activityQuerySchema,
        responses: { 200: activityListResponseSchema },
      }),
      async (c) =>
        c.json({
          success: true,
          data: await listActivity(deps, parseQuery(c, activityQuerySchema), c.get('admin').profile.role),
        }),
    )
    .get(
      '/requests',
      documented({
        tag: 'Request review',
        auth: 'admin',
        summary: 'List requests',
        query: requestListQuerySchema,
        responses: { 200: requestListResponseSchema },
      }),
      async (c) =>
        c.json({ success: true, ...(await listRequests(deps, parseQuery(c, requestListQuerySchema), adminId(c))) }),
    )
    .get(
      '/requests/:id',
      documented({
        tag: 'Request review',
        auth: 'admin',
        summary: 'One request',
        responses: { 200: requestDetailResponseSchema },
        errors: [404],
      }),
      async (c) => c.json({ success: true, data: await requestDetail(deps, c.req.param('id'), adminId(c)) }),
    )
    .put(
      '/requests/:id/status',
      documented({
        tag: 'Request review',
        auth: 'admin',
        summary: "Change a request's status",
        body: statusChangeSchema,
        responses: { 200: statusChangeResponseSchema },
        errors: [404, 409],
      }),
      act,
      async (c) => {
        const input = await parseJson(c, statusChangeSchema);
        const result = await changeStatus(deps, c.req.param('id'), context(c), input);
        return c.json({ success: true, message: `Request ${input.status.toLowerCase()} successfully`, data: result });
      },
    )
    .post(
      '/requests/:id/notes',
      documented({
        tag: 'Request review',
        auth: 'admin',
        summary: 'Add a note',
        body: noteSchema,
        responses: { 200: noteAddedResponseSchema },
        errors: [404],
      }),
      act,
      async (c) => {
        const { notes } = await parseJson(c, noteSchema);
        return c.json({
          success: true,
          message: 'Note added',
          data: await addNote(deps, c.req.param('id'), context(c), notes),
        });
      },
    )
    .post(
      '/requests/:id/flag',
      documented({
        tag: 'Request review',
        auth: 'admin',
        summary: 'Flag a request',
        body: flagSchema,
        responses: { 200: flagResponseSchema },
        errors: [404],
      }),
      act,
      async (c) => {
        const input = await parseJson(c, flagSchema);
        return c.json({
          success: true,
          message: 'Request flagged',
          data: await flagRequest(deps, c.req.param('id'), context(c), input),
        });
      },
    )
    .delete(
      '/requests/:id/flag',
      documented({
        tag: 'Request review',
        auth: 'admin',
        summary: 'Remove the flag',
        responses: { 200: messageResponseSchema },
        errors: [404, 409],
      }),
      act,
      async (c) => {
        await unflagRequest(deps, c.req.param('id'), context(c));
        return c.json({ success: true, message: 'Flag removed' });
      },
    )
    .put(
      '/requests/:id/image-state',
      documented({
        tag: 'Request review',
        auth: 'admin',
        summary: "Keep the image viewer's rotation and zoom",
        body: imageStateSchema,
        responses: { 200: successResponseSchema },
        errors: [404],
      }),
      act,
      async (c) => {
        await saveImageState(deps, c.req.param('id'), context(c), await parseJson(c, imageStateSchema));
        return c.json({ success: true });
      },
    )
    .put(
      '/requests/:id/documents/:docId/status',
      documented({
        tag: 'Request review',
        auth: 'admin',
        summary: 'Approve or reject an identity document',
        body: documentStatusSchema,
        responses: { 200: documentDecisionResponseSchema },
        errors: [404, 409],
      }),
      act,
      async (c) => {
        const decision = await parseJson(c, documentStatusSchema);
        const result = await reviewDocument(
          deps,
          c.req.param('id'),
          c.req.param('docId'),
          context(c),
          decision,
          verificationCodeKey(deps),
        );
        return c.json({
          success: true,
          message: `Document ${decision.status.toLowerCase()}`,
          data: result.document,
          requestStatus: result.requestStatus,
        });
      },
    )
    .get(
      '/requests/:id/verification/:imageType',
      documented({
        tag: 'Request review',
        auth: 'admin',
        summary: 'An identity photo (front, back or selfie), as the JPEG the server encoded',
        responses: { 200: { media: 'image/jpeg', description: 'The photo' } },
        errors: [404],
      }),
      async (c) => {
        const type = documentTypeSchema.safeParse(c.req.param('imageType').toLowerCase());
        if (!type.success) throw new AppError('NOT_FOUND', 'Image not found');
        const file = await readDocumentImage(deps, c.req.param('id'), type.data, context(c));
        // Always served as the JPEG the server itself encoded: fixed type, never sniffed, never cached.
        return c.body(file.body, 200, {
          'Content-Type': 'image/jpeg',
          'Content-Length': String(file.size),
          'Content-Disposition': `inline; filename="${type.data}.jpg"`,
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; sandbox",
        });
      },
    )
    .get(
      '/requests/:id/affidavit-signature',
      documented({
        tag: 'Request review',
        auth: 'admin',
        summary: "A lost-certificate report's affidavit signature, as the PNG the server re-encoded",
        responses: { 200: { media: 'image/png', description: 'The drawn signature' } },
        errors: [404],
      }),
      async (c) => {
        const png = await readAffidavitSignature(deps, c.req.param('id'), context(c));
        return c.body(new Uint8Array(png), 200, {
          'Content-Type': 'image/png',
          'Content-Length': String(png.length),
          'Content-Disposition': 'inline; filename="affidavit-signature.png"',
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; sandbox",
        });
      },
    );
}
