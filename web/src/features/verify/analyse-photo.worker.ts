// Decoding a 12-megapixel photo, drawing it small and measuring it takes 100 ms and more: here, not
// on the main thread, so that the page stays responsive while a photo is checked.
import { analyseBlob } from './analyse-photo-core';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.addEventListener('message', (event: MessageEvent<{ id: number; blob: Blob }>) => {
  const { id, blob } = event.data;
  if (typeof OffscreenCanvas !== 'function') {
    scope.postMessage({ id, unsupported: true });
    return;
  }
  analyseBlob(blob).then(
    (analysis) => scope.postMessage({ id, analysis }),
    () => scope.postMessage({ id, unsupported: true }),
  );
});
