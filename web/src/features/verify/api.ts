import {
  uploadVerificationResponseSchema,
  validateVerificationCodeResponseSchema,
  type DocumentType,
  type VerificationState,
} from '@ledgerwell/shared/verification';
import { apiPaths } from '../../config/paths';
import { apiRequest } from '../../lib/api-client';

/**
 * Calls 6 and 7 of the public-site spec, as the verification page makes them: by code, without a token.
 * (Call 8, the status check, is not needed here: validation answers the same state.)
 */

export async function validateVerificationCode(code: string, signal?: AbortSignal): Promise<VerificationState> {
  const body = await apiRequest(apiPaths.portal.validateVerificationCode, {
    method: 'POST',
    body: { code },
    schema: validateVerificationCodeResponseSchema,
    signal,
  });
  return body.data;
}

/** A photo takes seconds on a slow mobile connection; past this, the upload counts as timed out. */
const UPLOAD_TIMEOUT_MS = 120_000;

export async function uploadVerificationPhoto(input: { code: string; kind: DocumentType; photo: Blob }): Promise<VerificationState> {
  const form = new FormData();
  form.append('document', input.photo, `${input.kind}.jpg`);
  form.append('verificationCode', input.code);
  form.append('documentType', input.kind);
  const body = await apiRequest(apiPaths.portal.uploadVerification, {
    method: 'POST',
    body: form,
    schema: uploadVerificationResponseSchema,
    signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
  });
  return body.data;
}
