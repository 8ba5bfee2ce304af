// Decoding a 12-megapixel photo, drawing it small and measuring it takes 100 ms and more: here, not
// on the main thread, so that the page stays responsive while a photo is checked.
import { analyseBlob, preloadFaceDetector } from './analyse-photo-core';
import type { PhotoKind } from './pixel-metrics';

const scope = self as unknown as DedicatedWorkerGlobalScope;

type Job = { id: number; blob: Blob; kind: PhotoKind } | { preload: 'faces' };

scope.addEventListener('message', (event: MessageEvent<Job>) => {
  if ('preload' in event.data) {
    // A failure here is retried, and reported, by the selfie's own analysis.
    preloadFaceDetector().catch(() => undefined);
    return;
  }
  const { id, blob, kind } = event.data;
  if (typeof OffscreenCanvas !== 'function') {
    scope.postMessage({ id, unsupported: true });
    return;
  }
  analyseBlob(blob, kind).then(
    (analysis) => scope.postMessage({ id, analysis }),
    () => scope.postMessage({ id, unsupported: true }),
  );
});
