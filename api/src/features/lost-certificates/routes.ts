import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { SIGNATURE_DATA_URL_MAX_LENGTH } from '@ledgerwell/shared/issuer-onboarding-rules';
import { lostCertificateAnswerSchema, lostCertificateReportSchema } from '@ledgerwell/shared/lost-certificates';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { idempotencyKeyOf, idempotencyParameter } from '../../lib/idempotency';
import { documented } from '../../lib/openapi';
import { parseJson } from '../../lib/validate';
import { requirePortalSession, type PortalEnv } from '../portal-auth/middleware';
import { reportLostCertificate } from './report-lost-certificate';

/** The signature and the circumstances, with room for the rest. */
const REPORT_BODY_LIMIT_BYTES = SIGNATURE_DATA_URL_MAX_LENGTH + 64 * 1024;

/** A holder's report of a lost, stolen or destroyed certificate (issue 30), under /api/shareholder-portal. */
export function lostCertificateRoutes(deps: AppDeps) {
  return new Hono<PortalEnv>().use('/lost-certificates', requirePortalSession(deps, 'ACCOUNT')).post(
    '/lost-certificates',
    documented({
      tag: 'Shareholder portal',
      summary:
        'Report one of your certificates lost, stolen or destroyed, with the signed affidavit of loss: the certificate is stopped at once',
      description:
        "Another holder's certificate and an unknown number answer the same 404. A certificate already stopped, or cancelled, is a 409. A replay with the same Idempotency-Key answers the first answer again.",
      auth: 'portal',
      body: lostCertificateReportSchema,
      extraParameters: [idempotencyParameter('a retry with the same key files the report once')],
      responses: { 201: lostCertificateAnswerSchema },
      errors: [404, 409, 422],
    }),
    bodyLimit({
      maxSize: REPORT_BODY_LIMIT_BYTES,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', 'The report is too large. Please clear the signature and sign again.');
      },
    }),
    async (c) => {
      const idempotencyKey = idempotencyKeyOf(c);
      const input = await parseJson(c, lostCertificateReportSchema);
      const result = await reportLostCertificate({
        deps,
        session: c.get('portalSession'),
        input,
        meta: c.get('meta'),
        idempotencyKey,
      });
      return c.json(result.body, result.status as 201);
    },
  );
}
