import type { FaceBox } from './face-checks';
import { measureQuality, sampleSize, type PhotoKind, type PixelSample, type QualityMetrics } from './pixel-metrics';

/**
 * The decoded size (EXIF orientation applied), the quality metrics of a small copy and, for a selfie,
 * the faces found in it (null when the detector could not load: offline before it was ever fetched) and
 * how long finding them took (for `pnpm bench:capture`).
 */
export type Analysis =
  | { width: number; height: number; metrics: QualityMetrics; faces: FaceBox[] | null; facesMs: number }
  | 'decode-failed';

/** Starts loading the face detector (its chunk and model) before the selfie is taken. */
export function preloadFaceDetector(): Promise<void> {
  return import('./face-detect').then((detector) => detector.loadFaceDetector());
}

/**
 * The selfie's faces, or null when the detector could not run: offline before it was ever fetched,
 * above all. The selfie then goes on unchecked for faces (decision 020: a reviewer sees every selfie),
 * and the reason is written to the console, so that a detector broken for everyone does not pass
 * unnoticed as a quiet fallback.
 */
async function findFaces(sample: PixelSample): Promise<FaceBox[] | null> {
  try {
    const { detectFaces } = await import('./face-detect');
    return await detectFaces(sample);
  } catch (error) {
    console.warn('The selfie was not checked for faces: the face detector could not run.', error);
    return null;
  }
}

type Canvas2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

function canvas2d(width: number, height: number): Canvas2D | null {
  if (typeof OffscreenCanvas === 'function')
    return new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true });
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas.getContext('2d', { willReadFrequently: true });
}

/** EXIF orientation applied. Browsers older than the 'from-image' value throw a TypeError for it (a bad file gives an InvalidStateError): they orient by default. */
async function decode(blob: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(blob, { imageOrientation: 'from-image' });
  } catch (error) {
    if (error instanceof TypeError) return createImageBitmap(blob);
    throw error;
  }
}

/**
 * Decodes a photo and measures a small copy of it. Runs in analyse-photo.worker.ts, or on the main
 * thread where workers cannot draw (no OffscreenCanvas).
 */
export async function analyseBlob(blob: Blob, kind: PhotoKind): Promise<Analysis> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await decode(blob);
  } catch {
    return 'decode-failed';
  }
  try {
    // Nothing here imports the shared schemas (zod): the size rules are checked by the caller.
    const { width, height } = bitmap;
    const sample = sampleSize(width, height);
    const context = canvas2d(sample.width, sample.height);
    if (!context) throw new Error('No 2D canvas');
    context.drawImage(bitmap, 0, 0, sample.width, sample.height);
    const { data } = context.getImageData(0, 0, sample.width, sample.height);
    const pixels = { data, width: sample.width, height: sample.height };
    const metrics = measureQuality(pixels, kind);
    const facesStart = performance.now();
    const faces = kind === 'selfie' ? await findFaces(pixels) : null;
    return { width, height, metrics, faces, facesMs: performance.now() - facesStart };
  } finally {
    bitmap.close();
  }
}
