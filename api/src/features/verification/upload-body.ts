import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { CHALLENGE_FIELD, proofBodySchema } from '@ledgerwell/shared/challenge';
import {
  UPLOAD_BODY_LIMIT_BYTES,
  UPLOAD_SERVER_MESSAGES as M,
  documentTypeSchema,
  verificationCodeSchema,
} from '@ledgerwell/shared/verification';
import { AppError } from '../../lib/errors';
import { MultipartError, readMultipartHead, type MultipartFile } from '../../lib/multipart';

/**
 * The upload's body, read in two steps (issue 14): its text fields first, so the route checks the
 * code or the portal token and its throttle, then the photo. Hono's bodyLimit would read the whole
 * body of a chunked request into memory before the route runs; this answers 413 as soon as the body
 * passes the limit, and reads nothing of the photo for a request it refuses.
 */
const LIMITS = { maxBodyBytes: UPLOAD_BODY_LIMIT_BYTES, maxFieldBytes: 8 * 1024 };

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', 'File too large. Please reduce the image size and try again.');

/** A declared length over the limit is refused before anything is read. */
export const uploadLengthLimit = createMiddleware(async (c, next) => {
  const declared = Number(c.req.header('Content-Length'));
  if (declared > UPLOAD_BODY_LIMIT_BYTES) throw tooLarge();
  await next();
});

function refused(error: unknown): never {
  if (!(error instanceof MultipartError)) throw error;
  if (error.fault === 'too-large') throw tooLarge();
  if (error.fault === 'out-of-order')
    throw new AppError('VALIDATION_ERROR', M.fieldsFirst, { document: M.fieldsFirst });
  throw new AppError('VALIDATION_ERROR', M.notMultipart, { document: M.missingFile });
}

// The solved proof of work, when the code check asked for one, is a text field like the others.
export const uploadFieldsSchema = proofBodySchema.extend({
  documentType: documentTypeSchema,
  verificationCode: verificationCodeSchema.optional(),
  requestId: z.uuid({ error: 'requestId must be a request id' }).optional(),
});

export type UploadFields = z.infer<typeof uploadFieldsSchema> & { file: MultipartFile | null };

/**
 * The upload's fields, with the photo still unread. `signedIn`: a portal token stands in for the
 * code, so only documentType must come before the photo.
 */
export async function readUploadFields(c: Context, signedIn: boolean): Promise<UploadFields> {
  const { fields, file } = await readMultipartHead(c.req.raw, LIMITS).catch(refused);
  if (file) {
    const missing =
      fields.documentType === undefined
        ? 'documentType'
        : !signedIn && fields.verificationCode === undefined
          ? 'verificationCode'
          : null;
    if (missing) throw new AppError('VALIDATION_ERROR', M.fieldsFirst, { [missing]: M.fieldsFirst });
  }
  const parsed = uploadFieldsSchema.safeParse({
    documentType: fields.documentType,
    verificationCode: fields.verificationCode,
    requestId: fields.requestId,
    [CHALLENGE_FIELD]: fields[CHALLENGE_FIELD],
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError('VALIDATION_ERROR', issue.message, { [String(issue.path[0])]: issue.message });
  }
  return { ...parsed.data, file };
}

/** The photo's bytes: call only once the request is known to be allowed. */
export async function readPhoto(file: MultipartFile | null): Promise<Buffer> {
  if (!file || file.field !== 'document')
    throw new AppError('VALIDATION_ERROR', M.missingFile, { document: M.missingFile });
  return file.read().catch(refused);
}
