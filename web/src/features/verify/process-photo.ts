import { DOCUMENT_LABELS, FILE_MESSAGES, type DocumentType } from '@ledgerwell/shared/verification';
import { compressionLibraryUrl } from './compression-lib-url';
import { COMPRESSION, dimensionProblem, fileProblem, resizedSize, resizeTarget } from './file-checks';
import { jpegSize } from './jpeg-size';
import { faceProblem } from './face-checks';
import { FACE_MESSAGES, PAGE_MESSAGES, QUALITY_MESSAGES } from './messages';
import { qualityProblem } from './pixel-metrics';
import { analysePhoto } from './analyse-photo';
// Type only: the library itself is loaded on demand (preloadCompression).
import type imageCompression from 'browser-image-compression';

export interface ProcessedPhoto {
  buffer: ArrayBuffer;
  width: number;
  height: number;
}

export type ProcessResult = { ok: true; photo: ProcessedPhoto } | { ok: false; message: string };

/** Measures of each photo's checks and compression (total and by stage), for `pnpm bench:capture`. */
export const PROCESS_MEASURE = 'verify:process-photo';
const stage = (name: string, start: number) =>
  performance.measure(`verify:stage:${name}`, { start, end: performance.now() });

/**
 * A captured frame or a picked file, from the camera to the bytes we keep: the spec's checks in its
 * order, the quality checks (and a selfie's face), and compression to a JPEG of at most 2000 px and
 * 1.5 MB, kept only if the checks pass. Decoding, the metrics, face detection and compression run off
 * the main thread (analyse-photo.worker.ts, the library's worker), the checks and compression side by side.
 */
export async function processPhoto(file: File, kind: DocumentType): Promise<ProcessResult> {
  const label = DOCUMENT_LABELS[kind];
  const start = performance.now();
  const fail = (message: string): ProcessResult => ({ ok: false, message });

  const early = fileProblem(file, label);
  if (early) return fail(early);

  let bytes: ArrayBuffer;
  try {
    bytes = await file.arrayBuffer();
  } catch {
    return fail(FILE_MESSAGES.read(label));
  }
  // From here on the bytes in memory are used: a picked file can become unreadable later (Android).
  const source = new File([bytes], file.name, { type: file.type, lastModified: file.lastModified });

  stage('read', start);
  const analyseStart = performance.now();
  // A JPEG's header gives its size without decoding it: compression then starts alongside the checks,
  // in its own worker, and its result is dropped if the checks refuse the photo. Other files wait.
  const header = jpegSize(bytes);
  const compressing = header ? settle(compress(source, header.width, header.height)) : null;
  const analysis = await analysePhoto(source, kind);
  stage('analyse', analyseStart);
  if (analysis === 'decode-failed') return fail(FILE_MESSAGES.corrupted(label));
  performance.measure('verify:stage:faces', { start: analyseStart, duration: analysis.facesMs });
  const { width, height, metrics, faces } = analysis;
  const tooSmall = dimensionProblem(width, height, label);
  if (tooSmall) return fail(tooSmall);
  const problem = qualityProblem(metrics, kind);
  if (problem) return fail(QUALITY_MESSAGES[problem](label));
  // Without the detector (offline before it was ever loaded) the selfie goes on: a reviewer sees it anyway.
  const noFace = faces && faceProblem(faces);
  if (noFace) return fail(FACE_MESSAGES[noFace]);

  const compressStart = performance.now();
  const outcome = await (compressing ?? settle(compress(source, width, height)));
  if (!outcome.ok) return fail(PAGE_MESSAGES.processFailed(label));
  const compressed = outcome.value;
  stage('compress', compressStart);
  const buffer = await compressed.arrayBuffer();
  const size = jpegSize(buffer) ?? resizedSize(width, height);
  performance.measure(PROCESS_MEASURE, { start, end: performance.now() });
  return { ok: true, photo: { buffer, ...size } };
}

/** A promise that never rejects: compression may fail while the checks are still running, unobserved. */
function settle<T>(promise: Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    () => ({ ok: false as const }),
  );
}

let compressionModule: Promise<{ default: typeof imageCompression }> | null = null;
const loadCompression = () => (compressionModule ??= import('browser-image-compression'));

/**
 * Loads and compiles the compression library while the shareholder frames the photo, not after the
 * shutter: on a slow phone that is a long task of its own.
 */
export function preloadCompression(): void {
  const load = () => void loadCompression().catch(() => (compressionModule = null));
  if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 2000 });
  else setTimeout(load, 200);
}

async function compress(file: File, width: number, height: number): Promise<Blob> {
  const { default: compressImage } = await loadCompression();
  return compressImage(file, {
    fileType: 'image/jpeg',
    maxSizeMB: COMPRESSION.maxSizeMB,
    maxWidthOrHeight: resizeTarget(width, height),
    initialQuality: COMPRESSION.initialQuality,
    maxIteration: COMPRESSION.maxIteration,
    // The quality goes down if the photo is too heavy, never its size (it could fall under 800x600).
    alwaysKeepResolution: true,
    useWebWorker: true,
    libURL: compressionLibraryUrl(),
  });
}
