import { z } from 'zod';
import { isPngDataUrl, ONBOARDING_MESSAGES as M, SIGNATURE_DATA_URL_MAX_LENGTH } from './issuer-onboarding-rules';

/**
 * A drawn signature as a PNG data URL: the issuer wizard's rule, and the lost-certificate affidavit's. The server
 * checks the image itself too (api/src/lib/signature-image.ts); this is what a form and a body parser can check.
 */
export const signatureDataUrlSchema = z
  .string({ error: M.signatureRequired })
  .max(SIGNATURE_DATA_URL_MAX_LENGTH, { message: M.signatureInvalid, abort: true })
  .min(1, { message: M.signatureRequired, abort: true })
  .refine(isPngDataUrl, M.signatureInvalid);
