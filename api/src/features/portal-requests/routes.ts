import { Hono } from 'hono';
import {
  IDEMPOTENCY_HEADER,
  ownRequestsResponseSchema,
  submitRequestResponseSchema,
  submitRequestSchema,
} from '@ledgerwell/shared/portal-requests';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { parseJson } from '../../lib/validate';
import { requirePortalSession, type PortalEnv } from '../portal-auth/middleware';
import { listOwnRequests, submitPortalRequest } from './submit-request';
import { verificationCodeKey } from './verification-code';
import { documented } from '../../lib/openapi';

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** Portal requests (public-site spec call 5, and the shareholder's own list), under /api/shareholder-portal. */
export function portalRequestRoutes(deps: AppDeps) {
  return new Hono<PortalEnv>()
    .use('/submit-request', requirePortalSession(deps, 'ACCOUNT'))
    .use('/requests', requirePortalSession(deps, 'ACCOUNT'))
    .post(
      '/submit-request',
      documented({
        tag: 'Shareholder portal',
        summary: 'Submit a request (a replay with the same Idempotency-Key answers the first answer again)',
        auth: 'portal',
        body: submitRequestSchema,
        extraParameters: [
          {
            name: IDEMPOTENCY_HEADER,
            in: 'header',
            description: '8 to 100 letters, digits, - or _: a retry with the same key files the request once',
            schema: { maxLength: 100, pattern: KEY_PATTERN.source },
          },
        ],
        responses: { 201: submitRequestResponseSchema },
        errors: [404, 409, 422, 429],
      }),
      async (c) => {
        const key = c.req.header(IDEMPOTENCY_HEADER) ?? null;
        if (key !== null && !KEY_PATTERN.test(key))
          throw new AppError('VALIDATION_ERROR', `${IDEMPOTENCY_HEADER} must be 8 to 100 letters, digits, - or _`);
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
    );
}
