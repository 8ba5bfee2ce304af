import { analyseBlob, preloadFaceDetector, type Analysis } from './analyse-photo-core';
import type { PhotoKind } from './pixel-metrics';

type Reply = { id: number; analysis?: Analysis; unsupported?: true };

let worker: Worker | null | undefined;
let nextId = 0;
const pending = new Map<number, { blob: Blob; kind: PhotoKind; resolve: (analysis: Analysis) => void }>();

/** Workers that cannot start (or draw) hand their photos back to the main thread. */
function fallBack(): void {
  worker?.terminate();
  worker = null;
  for (const [id, job] of pending) {
    pending.delete(id);
    void analyseBlob(job.blob, job.kind).then(job.resolve);
  }
}

function startWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./analyse-photo.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    worker = null;
    return worker;
  }
  worker.addEventListener('message', (event: MessageEvent<Reply>) => {
    const job = pending.get(event.data.id);
    if (!job) return;
    if (event.data.unsupported || !event.data.analysis) {
      fallBack();
      return;
    }
    pending.delete(event.data.id);
    job.resolve(event.data.analysis);
  });
  worker.addEventListener('error', fallBack);
  return worker;
}

/** Decodes and measures a photo in a worker (on the main thread if workers cannot). */
export function analysePhoto(blob: Blob, kind: PhotoKind): Promise<Analysis> {
  const target = startWorker();
  if (!target) return analyseBlob(blob, kind);
  return new Promise((resolve) => {
    const id = ++nextId;
    pending.set(id, { blob, kind, resolve });
    target.postMessage({ id, blob, kind });
  });
}

/**
 * Loads the face detector where the selfie will be analysed, while the shareholder frames it: the
 * library and its model are large, and compiling them is work the shutter should not wait for.
 */
export function preloadFaces(): void {
  const target = startWorker();
  if (target) target.postMessage({ preload: 'faces' });
  else preloadFaceDetector().catch(() => undefined);
}
