import { Hono } from 'hono';
import {
  ownRequestsResponseSchema,
  submitRequestResponseSchema,
  submitRequestSchema,
} from '@ledgerwell/shared/portal-requests';
import { ownRequestDetailResponseSchema } from '@ledgerwell/shared/portal-request-detail';
import type { AppDeps } from '../../lib/context';
import { idempotencyKeyOf, idempotencyParameter } from '../../lib/idempotency';
import { parseJson } from '../../lib/validate';
import { requirePortalSession, type PortalEnv } from '../portal-auth/middleware';
import { listOwnRequests, submitPortalRequest } from './submit-request';
import { ownRequestDetail } from './own-request-detail';
import { verificationCodeKey } from './verification-code';
import { documented } from '../../lib/openapi';

/** Portal requests (public-site spec call 5, and the shareholder's own list), under /api/shareholder-portal. */
export function portalRequestRoutes(deps: AppDeps) {
  return new Hono<PortalEnv>()
    .use('/submit-request', requirePortalSession(deps, 'ACCOUNT'))
    .use('/requests', requirePortalSession(deps, 'ACCOUNT'))
    .use('/requests/:id', requirePortalSession(deps, 'ACCOUNT'))
    .post(
      '/submit-request',
      documented({
        tag: 'Shareholder portal',
        summary: 'Submit a request (a replay with the same Idempotency-Key answers the first answer again)',
        auth: 'portal',
        body: submitRequestSchema,
        extraParameters: [idempotencyParameter('a retry with the same key files the request once')],
        responses: { 201: submitRequestResponseSchema },
        errors: [404, 409, 422, 429],
      }),
      async (c) => {
        const key = idempotencyKeyOf(c);
        const input = await parseJson(c, submitRequestSchema);
        const result = await submitPortalRequest(
          deps,
          c.get('portalSession'),
          input,
          c.get('meta'),
          key,
          verificationCodeKey(deps),
        );
        return c.json(result.body, result.status as 201);
      },
    )
    .get(
      '/requests',
      documented({
        tag: 'Shareholder portal',
        summary: "The shareholder's own requests",
        auth: 'portal',
        responses: { 200: ownRequestsResponseSchema },
      }),
      async (c) => c.json({ success: true, requests: await listOwnRequests(deps, c.get('portalSession')) }),
    )
    .get(
      '/requests/:id',
      documented({
        tag: 'Shareholder portal',
        summary: "One of the shareholder's own requests: its status history, what was sent, what is still needed",
        description:
          "Another holder's request, an unknown id and a malformed id all answer the same 404: whether a request exists is not revealed.",
        auth: 'portal',
        responses: { 200: ownRequestDetailResponseSchema },
        errors: [404],
      }),
      async (c) =>
        c.json({
          success: true,
          request: await ownRequestDetail({ deps, session: c.get('portalSession'), id: c.req.param('id') }),
        }),
    );
}
