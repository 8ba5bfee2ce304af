import sharp, { type Metadata } from 'sharp';
import { IMAGE_RULES, meetsMinimumSize, UPLOAD_SERVER_MESSAGES as M } from '@ledgerwell/shared/verification';
import { AppError } from '../../lib/errors';

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface IdentityPhoto {
  /** Re-encoded JPEG: orientation applied, no metadata at all (EXIF, GPS, ICC, XMP). */
  data: Buffer;
  width: number;
  height: number;
}

const refuse = (message: string) => new AppError('VALIDATION_ERROR', message, { document: message });

/** The format by the file's first bytes; its name and declared type say nothing. */
function sniff(bytes: Buffer): 'jpeg' | 'png' | null {
  if (bytes.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return 'jpeg';
  if (bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'png';
  return null;
}

/**
 * Checks an uploaded identity photo by its content and re-encodes it: magic bytes, size, header,
 * pixel cap (before any decoding, against decompression bombs), minimum size, then a full decode
 * that refuses truncated or corrupt data. The messages carry the keywords the portal maps
 * (file type, file size, dimension, pixels, corrupted).
 */
export async function normaliseIdentityPhoto(bytes: Buffer): Promise<IdentityPhoto> {
  if (bytes.length > IMAGE_RULES.maxBytes) throw refuse(M.fileSize);
  const format = sniff(bytes);
  if (!format) throw refuse(M.fileType);

  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(M.corrupted);
  }
  if (metadata.format !== format || !metadata.width || !metadata.height) throw refuse(M.corrupted);
  if (metadata.width * metadata.height > IMAGE_RULES.maxPixels) throw refuse(M.pixels);
  // EXIF orientations 5-8 turn the picture a quarter: the upright size swaps width and height.
  const quarterTurn = (metadata.orientation ?? 1) >= 5;
  const width = quarterTurn ? metadata.height : metadata.width;
  const height = quarterTurn ? metadata.width : metadata.height;
  if (!meetsMinimumSize(width, height)) throw refuse(M.dimensions);

  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: IMAGE_RULES.maxPixels, failOn: 'error' })
      .rotate()
      .jpeg({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw refuse(M.corrupted);
  }
}
