import { Hono, type Context } from 'hono';
import {
  activityQuerySchema,
  documentStatusSchema,
  flagSchema,
  imageStateSchema,
  noteSchema,
  requestListQuerySchema,
  statusChangeSchema,
} from '@ledgerwell/shared/request-review';
import { documentTypeSchema } from '@ledgerwell/shared/verification';
import type { AppDeps, AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { parseJson, parseQuery } from '../../lib/validate';
import { listActivity } from '../activity/list-activity';
import { verificationCodeKey } from '../portal-requests/verification-code';
import { requireRole } from '../admin-auth/middleware';
import { dashboardStats } from './dashboard-stats';
import { readDocumentImage, reviewDocument } from './document-review';
import { listRequests } from './list-requests';
import { requestDetail } from './request-detail';
import { addNote, changeStatus, flagRequest, saveImageState, unflagRequest, type ReviewContext } from './review-actions';

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
    .get('/dashboard/stats', async (c) => c.json({ success: true, data: await dashboardStats(deps, adminId(c)) }))
    .get('/activity', async (c) => c.json({ success: true, data: await listActivity(deps, parseQuery(c, activityQuerySchema)) }))
    .get('/requests', async (c) => c.json({ success: true, ...(await listRequests(deps, parseQuery(c, requestListQuerySchema), adminId(c))) }))
    .get('/requests/:id', async (c) => c.json({ success: true, data: await requestDetail(deps, c.req.param('id'), adminId(c)) }))
    .put('/requests/:id/status', act, async (c) => {
      const input = await parseJson(c, statusChangeSchema);
      const result = await changeStatus(deps, c.req.param('id'), context(c), input);
      return c.json({ success: true, message: `Request ${input.status.toLowerCase()} successfully`, data: result });
    })
    .post('/requests/:id/notes', act, async (c) => {
      const { notes } = await parseJson(c, noteSchema);
      return c.json({ success: true, message: 'Note added', data: await addNote(deps, c.req.param('id'), context(c), notes) });
    })
    .post('/requests/:id/flag', act, async (c) => {
      const input = await parseJson(c, flagSchema);
      return c.json({ success: true, message: 'Request flagged', data: await flagRequest(deps, c.req.param('id'), context(c), input) });
    })
    .delete('/requests/:id/flag', act, async (c) => {
      await unflagRequest(deps, c.req.param('id'), context(c));
      return c.json({ success: true, message: 'Flag removed' });
    })
    .put('/requests/:id/image-state', act, async (c) => {
      await saveImageState(deps, c.req.param('id'), context(c), await parseJson(c, imageStateSchema));
      return c.json({ success: true });
    })
    .put('/requests/:id/documents/:docId/status', act, async (c) => {
      const decision = await parseJson(c, documentStatusSchema);
      const result = await reviewDocument(deps, c.req.param('id'), c.req.param('docId'), context(c), decision, verificationCodeKey(deps));
      return c.json({ success: true, message: `Document ${decision.status.toLowerCase()}`, data: result.document, requestStatus: result.requestStatus });
    })
    .get('/requests/:id/verification/:imageType', async (c) => {
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
    });
}
