import { Hono, type Context } from 'hono';
import {
  postedAnswerSchema,
  postingPreviewAnswerSchema,
  postingQueueSchema,
  postRequestInputSchema,
  proposedAnswerSchema,
} from '@ledgerwell/shared/ledger-postings';
import { transactionPostedSchema } from '@ledgerwell/shared/ledger';
import type { AppDeps, AppEnv } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { documented } from '../../lib/openapi';
import { parseJson } from '../../lib/validate';
import { requireRole } from '../../identity/middleware';
import { confirmPosting, postRequest, previewPosting, waitingPostings } from './post-request';
import type { ReviewContext } from './review-actions';

const context = (c: Context<AppEnv>): ReviewContext => {
  const { profile } = c.get('admin');
  return { actor: { id: profile.id, username: profile.username }, meta: c.get('meta') };
};

/**
 * From an approved request to the ledger (issue 28), under /api/admin. REVIEWER opens the preview and proposes;
 * ADMIN and up post, and confirm what someone else proposed (dual control).
 */
export function requestPostingRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get(
      '/requests/:id/posting',
      documented({
        tag: 'Ledger',
        auth: 'admin',
        summary:
          "Preview an approved transfer's, certificate request's or lost-certificate report's posting: the legs it would write now (REVIEWER and up)",
        responses: { 200: postingPreviewAnswerSchema },
        errors: [404, 409],
      }),
      requireRole('REVIEWER'),
      async (c) =>
        c.json({
          success: true,
          data: await previewPosting(deps, c.req.param('id'), c.get('admin').profile.role),
        }),
    )
    .post(
      '/requests/:id/post',
      documented({
        tag: 'Ledger',
        auth: 'admin',
        summary:
          'Post an approved transfer, certificate request or lost-certificate report (its REISSUANCE) as filed (ADMIN and up), or propose it for a second person: above LEDGER_DUAL_CONTROL_SHARES, or by a REVIEWER',
        body: postRequestInputSchema,
        responses: { 201: postedAnswerSchema, 202: proposedAnswerSchema },
        errors: [404, 409],
      }),
      requireRole('REVIEWER'),
      async (c) => {
        const input = await parseJson(c, postRequestInputSchema);
        const outcome = await postRequest(deps, c.req.param('id'), context(c), c.get('admin').profile.role, input);
        return outcome.status === 'POSTED'
          ? c.json({ success: true, status: 'POSTED', message: 'Posted to the ledger', data: outcome.transaction }, 201)
          : c.json(
              {
                success: true,
                status: 'PROPOSED',
                message: 'Proposed: another staff member must confirm this posting',
                data: outcome.posting,
              },
              202,
            );
      },
    )
    .get(
      '/ledger/postings',
      documented({
        tag: 'Ledger',
        auth: 'admin',
        summary: 'The dual-control queue: postings waiting for a second person',
        responses: { 200: postingQueueSchema },
      }),
      async (c) => c.json({ success: true, data: await waitingPostings(deps) }),
    )
    .post(
      '/ledger/postings/:id/confirm',
      documented({
        tag: 'Ledger',
        auth: 'admin',
        summary: 'Confirm a posting someone else proposed (ADMIN and up; never the proposer)',
        responses: { 201: transactionPostedSchema },
        errors: [403, 404, 409],
      }),
      requireRole('ADMIN'),
      async (c) => {
        const id = c.req.param('id');
        if (!isUuid(id)) throw notFound('Posting not found');
        return c.json({ success: true, data: await confirmPosting(deps, id, context(c)) }, 201);
      },
    );
}
