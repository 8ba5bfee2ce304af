import sharp from 'sharp';
import {
  ONBOARDING_MESSAGES as M,
  SIGNATURE_DATA_URL_PREFIX,
  SIGNATURE_DIMENSIONS,
  SIGNATURE_MAX_BYTES,
} from '@ledgerwell/shared/issuer-onboarding';
import { AppError } from './errors';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The signature's PNG, checked by content: base64 decoded (at most 500 KB), PNG by its magic bytes,
 * a header of sane dimensions read before any pixel is (no decompression bomb gets decoded), then a
 * full decode that refuses truncated or corrupt data. Re-encoded as PNG, which keeps the drawing and
 * drops whatever else the file carried (text chunks, metadata). Used by the issuer wizard and the lost-certificate
 * affidavit; `field` names the body field a refusal points at.
 */
export async function checkSignaturePng(dataUrl: string, field = 'signature_data'): Promise<Buffer> {
  const refuse = (message: string) => new AppError('VALIDATION_ERROR', message, { [field]: message });
  if (!dataUrl.startsWith(SIGNATURE_DATA_URL_PREFIX)) throw refuse(M.signatureInvalid);
  const bytes = Buffer.from(dataUrl.slice(SIGNATURE_DATA_URL_PREFIX.length), 'base64');
  if (bytes.length === 0 || bytes.length > SIGNATURE_MAX_BYTES) throw refuse(M.signatureInvalid);
  if (!bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) throw refuse(M.signatureInvalid);

  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw refuse(M.signatureUnreadable);
  }
  const { minWidth, maxWidth, minHeight, maxHeight } = SIGNATURE_DIMENSIONS;
  if (!width || !height || width < minWidth || width > maxWidth || height < minHeight || height > maxHeight) {
    throw refuse(M.signatureSize);
  }
  try {
    return await sharp(bytes, { limitInputPixels: maxWidth * maxHeight, failOn: 'error' })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw refuse(M.signatureUnreadable);
  }
}
