import { FILE_MESSAGES, IMAGE_RULES, meetsMinimumSize } from '@ledgerwell/shared/verification';

/** What the page knows of a photo before decoding it. */
export interface FileFacts {
  type: string;
  name: string;
  size: number;
}

/**
 * The spec's checks that need no decoding, in its order (section 5 and 8): MIME type, extension,
 * size. The message of the first that fails, or null.
 */
export function fileProblem(file: FileFacts, kind: string): string | null {
  if (!(IMAGE_RULES.mimeTypes as readonly string[]).includes(file.type.toLowerCase())) return FILE_MESSAGES.type(kind);
  const name = file.name.toLowerCase();
  if (!IMAGE_RULES.extensions.some((extension) => name.endsWith(extension))) return FILE_MESSAGES.extension(kind);
  if (file.size > IMAGE_RULES.maxBytes) return FILE_MESSAGES.size(kind);
  return null;
}

/** Once decoded: at least 800x600 in either orientation. */
export function dimensionProblem(width: number, height: number, kind: string): string | null {
  return meetsMinimumSize(width, height) ? null : FILE_MESSAGES.tooSmall(kind, width, height);
}

/** How reading and decoding went: the pixel size, or where it failed. */
export type DecodeOutcome = { width: number; height: number } | 'read-failed' | 'decode-failed';

/** All the spec's checks in order, for a file and the outcome of decoding it. */
export function imageProblem(file: FileFacts, decoded: DecodeOutcome, kind: string): string | null {
  const before = fileProblem(file, kind);
  if (before) return before;
  if (decoded === 'read-failed') return FILE_MESSAGES.read(kind);
  if (decoded === 'decode-failed') return FILE_MESSAGES.corrupted(kind);
  return dimensionProblem(decoded.width, decoded.height, kind);
}

export const COMPRESSION = {
  /** The long edge photos are brought down to: sharp enough for a reviewer, light to upload. */
  maxLongEdge: 2000,
  maxSizeMB: 1.5,
  /** One pass is enough at this quality; a second only if a noisy photo is still over maxSizeMB. */
  initialQuality: 0.85,
  maxIteration: 2,
} as const;

/**
 * The maxWidthOrHeight to ask browser-image-compression for, or undefined to keep the size: never an
 * upscale, and never a resize that would take the short edge under the minimum (a 2400x700 panorama
 * would become 2000x583, which the server refuses).
 */
export function resizeTarget(width: number, height: number): number | undefined {
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  if (long <= COMPRESSION.maxLongEdge) return undefined;
  // The library sets the canvas to short / long * max, which the canvas truncates.
  const resizedShort = Math.floor((short / long) * COMPRESSION.maxLongEdge);
  if (!meetsMinimumSize(COMPRESSION.maxLongEdge, resizedShort)) return undefined;
  return COMPRESSION.maxLongEdge;
}

/** The size the compressed photo will have. */
export function resizedSize(width: number, height: number): { width: number; height: number } {
  const target = resizeTarget(width, height);
  if (target === undefined) return { width, height };
  return width >= height
    ? { width: target, height: Math.floor((height / width) * target) }
    : { width: Math.floor((width / height) * target), height: target };
}
