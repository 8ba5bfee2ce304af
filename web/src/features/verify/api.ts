import {
  uploadVerificationResponseSchema,
  validateVerificationCodeResponseSchema,
  type DocumentType,
  type VerificationState,
} from '@ledgerwell/shared/verification';
import { CHALLENGE_FIELD } from '@ledgerwell/shared/challenge';
import { apiPaths } from '../../config/paths';
import { apiRequest } from '../../lib/api-client';

/**
 * Calls 6 and 7 of the public-site spec, as the verification page makes them: by code without a token
 * (variant B), or by request id with the portal's signed-in token (variant A). The status check by
 * request (call 8) is the portal's (features/portal/api.ts); by code, validation answers the same state.
 */

/** `altcha`: the solved proof of work, when the last answer asked for one (429 CHALLENGE_REQUIRED). */
export async function validateVerificationCode(
  code: string,
  options: { altcha?: string | undefined; signal?: AbortSignal } = {},
): Promise<VerificationState> {
  const { altcha, signal } = options;
  const body = await apiRequest(apiPaths.portal.validateVerificationCode, {
    method: 'POST',
    body: { code, [CHALLENGE_FIELD]: altcha },
    schema: validateVerificationCodeResponseSchema,
    signal,
  });
  return body.data;
}

/** A photo takes seconds on a slow mobile connection; past this, the upload counts as timed out. */
const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * The multipart form of one photo with the variant's credential field (and the solved proof of work,
 * when the server asked for one). The photo goes last: the server checks the code and its throttle
 * before it reads the photo, and refuses a photo sent before the fields.
 */
function photoForm(
  kind: DocumentType,
  photo: Blob,
  credential: { verificationCode: string } | { requestId: string },
  altcha?: string,
): FormData {
  const form = new FormData();
  form.append('documentType', kind);
  for (const [name, value] of Object.entries(credential)) form.append(name, value);
  if (altcha) form.append(CHALLENGE_FIELD, altcha);
  form.append('document', photo, `${kind}.jpg`);
  return form;
}

async function sendPhoto(form: FormData, auth?: { bearer: string }): Promise<VerificationState> {
  const body = await apiRequest(apiPaths.portal.uploadVerification, {
    method: 'POST',
    body: form,
    auth,
    schema: uploadVerificationResponseSchema,
    signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
  });
  return body.data;
}

/** Variant B: by verification code, no token; past the address's limit, with a solved proof of work (`altcha`). */
export function uploadVerificationPhoto(input: {
  code: string;
  kind: DocumentType;
  photo: Blob;
  altcha?: string | undefined;
}): Promise<VerificationState> {
  return sendPhoto(photoForm(input.kind, input.photo, { verificationCode: input.code }, input.altcha));
}

/** Variant A: by request id, with the portal's signed-in (account) token; 401 once it has expired. */
export function uploadVerificationPhotoForRequest(input: {
  token: string;
  requestId: string;
  kind: DocumentType;
  photo: Blob;
}): Promise<VerificationState> {
  return sendPhoto(photoForm(input.kind, input.photo, { requestId: input.requestId }), { bearer: input.token });
}
