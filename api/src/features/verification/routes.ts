import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import {
  UPLOAD_BODY_LIMIT_BYTES,
  UPLOAD_SERVER_MESSAGES as M,
  documentTypeSchema,
  validateVerificationCodeSchema,
  verificationCodeSchema,
  verificationStatusQuerySchema,
  type VerificationState,
} from '@ledgerwell/shared/verification';
import { proofBodySchema } from '@ledgerwell/shared/challenge';
import { appSecret } from '../../lib/app-secrets';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { parseJson, parseQuery, readProof } from '../../lib/validate';
import { requireCsrf } from '../csrf/routes';
import type { CsrfTokens } from '../csrf/csrf-tokens';
import { requirePortalSession, type PortalEnv } from '../portal-auth/middleware';
import { requestForCode, requestForPortal, storeIdentityPhoto, verificationState } from './verification-service';

/** Paths that take a body larger than JSON's limit (see app.ts). */
export const VERIFICATION_UPLOAD_PATH = '/api/shareholder-portal/upload-verification';

const uploadFieldsSchema = z.object({
  documentType: documentTypeSchema,
  verificationCode: verificationCodeSchema.optional(),
  requestId: z.uuid({ error: 'requestId must be a request id' }).optional(),
});

/** With an Authorization header the portal session must be live; without one, the route takes a verification code instead. */
function optionalPortalSession(deps: AppDeps) {
  const required = requirePortalSession(deps, 'ACCOUNT');
  return createMiddleware<PortalEnv>(async (c, next) => (c.req.header('Authorization') ? required(c, next) : next()));
}

async function readUpload(c: Context) {
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw new AppError('VALIDATION_ERROR', 'Send the photo as multipart/form-data', { document: M.missingFile });
  }
  const document = form.document;
  if (!(document instanceof File)) throw new AppError('VALIDATION_ERROR', M.missingFile, { document: M.missingFile });
  const fields = uploadFieldsSchema.safeParse({ documentType: form.documentType, verificationCode: form.verificationCode, requestId: form.requestId });
  if (!fields.success) {
    const issue = fields.error.issues[0]!;
    throw new AppError('VALIDATION_ERROR', issue.message, { [String(issue.path[0])]: issue.message });
  }
  return { document, ...fields.data };
}

const statusBody = (state: VerificationState) => ({ success: true, message: 'Verification status', verificationComplete: state.verificationComplete, data: state });

/** Identity verification (public-site spec calls 6-8), under /api/shareholder-portal. */
export function verificationRoutes(deps: AppDeps, csrf: CsrfTokens) {
  const codeKey = appSecret(deps.db, 'verification-code-key');
  const uploadLimit = bodyLimit({
    maxSize: UPLOAD_BODY_LIMIT_BYTES,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', 'File too large. Please reduce the image size and try again.');
    },
  });

  return new Hono<PortalEnv>()
    .post('/validate-verification-code', async (c) => {
      const { code } = await parseJson(c, validateVerificationCodeSchema);
      const request = await requestForCode(deps, await codeKey(), code, c.get('meta'), await readProof(c));
      return c.json({ success: true, message: 'Verification code accepted', data: await verificationState(deps, request) });
    })
    .post('/upload-verification', uploadLimit, optionalPortalSession(deps), async (c) => {
      const upload = await readUpload(c);
      const session = c.get('portalSession') as PortalEnv['Variables']['portalSession'] | undefined;
      let request;
      if (upload.verificationCode) request = await requestForCode(deps, await codeKey(), upload.verificationCode, c.get('meta'));
      else if (session) request = await requestForPortal(deps, session.shareholderId, upload.requestId);
      else throw new AppError('VALIDATION_ERROR', M.invalidCode, { verificationCode: M.invalidCode });
      // A signed-in shareholder may only send documents for their own transfers.
      if (session && request.shareholderId !== session.shareholderId) throw new AppError('NOT_FOUND', M.invalidCode);
      const bytes = Buffer.from(await upload.document.arrayBuffer());
      const state = await storeIdentityPhoto(deps, request, upload.documentType, bytes, c.get('meta'));
      return c.json({ success: true, message: 'Document uploaded', data: { ...state, documentType: upload.documentType } });
    })
    .get(
      '/check-verification-status',
      // By code (the verification page): no token needed.
      async (c, next) => {
        const { code } = parseQuery(c, verificationStatusQuerySchema);
        if (!code) return next();
        const proof = parseQuery(c, proofBodySchema).altcha;
        return c.json(statusBody(await verificationState(deps, await requestForCode(deps, await codeKey(), code, c.get('meta'), proof))));
      },
      // The portal's call (spec call 8): bearer token and X-CSRF-Token.
      requirePortalSession(deps, 'ACCOUNT'),
      requireCsrf(csrf),
      async (c) => {
        const { requestId } = parseQuery(c, verificationStatusQuerySchema);
        return c.json(statusBody(await verificationState(deps, await requestForPortal(deps, c.get('portalSession').shareholderId, requestId))));
      },
    );
}
