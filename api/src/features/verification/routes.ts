import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import {
  UPLOAD_SERVER_MESSAGES as M,
  checkVerificationStatusResponseSchema,
  uploadVerificationResponseSchema,
  validateVerificationCodeResponseSchema,
  validateVerificationCodeSchema,
  verificationStatusQuerySchema,
  type VerificationState,
} from '@ledgerwell/shared/verification';
import { proofBodySchema } from '@ledgerwell/shared/challenge';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { parseJson, parseQuery, readProof } from '../../lib/validate';
import { requireCsrf } from '../csrf/require-csrf';
import type { CsrfTokens } from '../csrf/csrf-tokens';
import { requirePortalSession, type PortalEnv } from '../portal-auth/middleware';
import { readPhoto, readUploadFields, uploadFieldsSchema, uploadLengthLimit } from './upload-body';
import { requestForCode, requestForPortal, storeIdentityPhoto, verificationState } from './verification-service';
import { documented } from '../../lib/openapi';

/** Paths that take a body larger than JSON's limit (see app.ts). */
export const VERIFICATION_UPLOAD_PATH = '/api/shareholder-portal/upload-verification';

/** With an Authorization header the portal session must be live; without one, the route takes a verification code instead. */
function optionalPortalSession(deps: AppDeps) {
  const required = requirePortalSession(deps, 'ACCOUNT');
  return createMiddleware<PortalEnv>(async (c, next) => (c.req.header('Authorization') ? required(c, next) : next()));
}

const statusBody = (state: VerificationState) => ({
  success: true,
  message: 'Verification status',
  verificationComplete: state.verificationComplete,
  data: state,
});

/** Identity verification (public-site spec calls 6-8), under /api/shareholder-portal. */
export function verificationRoutes(deps: AppDeps, csrf: CsrfTokens) {
  return new Hono<PortalEnv>()
    .post(
      '/validate-verification-code',
      documented({
        tag: 'Identity verification',
        summary: 'Check a verification code (the code is the credential)',
        auth: 'public',
        body: validateVerificationCodeSchema,
        responses: { 200: validateVerificationCodeResponseSchema },
        errors: [404, 409, 429],
      }),
      async (c) => {
        const { code } = await parseJson(c, validateVerificationCodeSchema);
        const request = await requestForCode(deps, code, c.get('meta'), await readProof(c));
        return c.json({
          success: true,
          message: 'Verification code accepted',
          data: await verificationState(deps, request),
        });
      },
    )
    .post(
      '/upload-verification',
      documented({
        tag: 'Identity verification',
        summary: 'Upload an identity photo: with a portal token, or with the verificationCode field instead',
        auth: 'portal-or-code',
        rawBody: {
          media: 'multipart/form-data',
          description: 'The text fields first, then the photo as the part named `document` (JPEG, PNG or WebP)',
          fields: uploadFieldsSchema,
        },
        responses: { 200: uploadVerificationResponseSchema },
        errors: [404, 409, 429],
      }),
      uploadLengthLimit,
      optionalPortalSession(deps),
      async (c) => {
        const session = c.get('portalSession') as PortalEnv['Variables']['portalSession'] | undefined;
        // The code or the token, and its throttle, before the photo: a refused request never costs the photo's bytes.
        const upload = await readUploadFields(c, session !== undefined);
        let request;
        if (upload.verificationCode)
          request = await requestForCode(deps, upload.verificationCode, c.get('meta'), upload.altcha);
        else if (session) request = await requestForPortal(deps, session.shareholderId, upload.requestId);
        else throw new AppError('VALIDATION_ERROR', M.invalidCode, { verificationCode: M.invalidCode });
        // A signed-in shareholder may only send documents for their own transfers.
        if (session && request.shareholderId !== session.shareholderId) throw new AppError('NOT_FOUND', M.invalidCode);
        const bytes = await readPhoto(upload.file);
        const state = await storeIdentityPhoto(deps, request, upload.documentType, bytes, c.get('meta'));
        return c.json({
          success: true,
          message: 'Document uploaded',
          data: { ...state, documentType: upload.documentType },
        });
      },
    )
    .get(
      '/check-verification-status',
      documented({
        tag: 'Identity verification',
        summary: 'Verification status: by `code` (no token), or with the portal token and X-CSRF-Token',
        auth: 'portal-csrf-or-code',
        query: verificationStatusQuerySchema,
        responses: { 200: checkVerificationStatusResponseSchema },
        errors: [404, 429],
      }),
      // By code (the verification page): no token needed.
      async (c, next) => {
        const { code } = parseQuery(c, verificationStatusQuerySchema);
        if (!code) return next();
        const proof = parseQuery(c, proofBodySchema).altcha;
        return c.json(
          statusBody(await verificationState(deps, await requestForCode(deps, code, c.get('meta'), proof))),
        );
      },
      // The portal's call (spec call 8): bearer token and X-CSRF-Token.
      requirePortalSession(deps, 'ACCOUNT'),
      requireCsrf(csrf),
      async (c) => {
        const { requestId } = parseQuery(c, verificationStatusQuerySchema);
        return c.json(
          statusBody(
            await verificationState(
              deps,
              await requestForPortal(deps, c.get('portalSession').shareholderId, requestId),
            ),
          ),
        );
      },
    );
}
