// The selfie's face detector: @vladmandic/face-api's tiny face detector (TensorFlow.js included,
// 1.3 MB) and its 190 KB model, both served from our own origin and loaded only when the selfie step
// opens (face-checks.ts judges what it finds). It runs in analyse-photo.worker.ts, off the main thread,
// on TensorFlow's WebAssembly backend: on a phone's CPU it is about ten times faster than the plain
// JavaScript one (0.2 s instead of 1.6 s here), which remains the fallback.
import * as faceapi from '@vladmandic/face-api';
import wasmPath from '@tensorflow/tfjs-backend-wasm/wasm-out/tfjs-backend-wasm.wasm?url';
import wasmSimdPath from '@tensorflow/tfjs-backend-wasm/wasm-out/tfjs-backend-wasm-simd.wasm?url';
import manifest from '@vladmandic/face-api/model/tiny_face_detector_model-weights_manifest.json';
import modelPath from '@vladmandic/face-api/model/tiny_face_detector_model.bin?url';
import type { FaceBox } from './face-checks';
import type { PixelSample } from './pixel-metrics';

/** The bundled TensorFlow.js, with the calls its published types leave out. */
const tf = faceapi.tf as typeof faceapi.tf & {
  ready(): Promise<void>;
  setBackend(name: string): Promise<boolean>;
  setWasmPaths(paths: Record<string, string>): void;
};

/** The WebAssembly backend's binaries (the threaded one needs cross-origin isolation, which we do not ask for). */
async function useFastestBackend(): Promise<void> {
  const absolute = (path: string) => new URL(path, self.location.href).href;
  tf.setWasmPaths({
    'tfjs-backend-wasm.wasm': absolute(wasmPath),
    'tfjs-backend-wasm-simd.wasm': absolute(wasmSimdPath),
    'tfjs-backend-wasm-threaded-simd.wasm': absolute(wasmSimdPath),
  });
  if (await tf.setBackend('wasm').catch(() => false)) return;
  await tf.setBackend('cpu');
}

/**
 * The detector's input square. 224 would take a third of the time, but in a group photo it found one
 * face of three (the others are 35 px there): a second person would pass. 320 finds all three.
 */
const INPUT_SIZE = 320;
const MIN_SCORE = 0.5;

/**
 * face-api looks for a DOM (window, HTMLCanvasElement) to decide where it runs; a worker has none. Its
 * detector never touches these when it is given a tensor: they only have to exist.
 */
function workerEnvironment(): faceapi.Environment {
  class Unavailable {}
  return {
    Canvas: OffscreenCanvas as unknown as faceapi.Environment['Canvas'],
    CanvasRenderingContext2D:
      OffscreenCanvasRenderingContext2D as unknown as faceapi.Environment['CanvasRenderingContext2D'],
    Image: Unavailable as unknown as faceapi.Environment['Image'],
    ImageData,
    Video: Unavailable as unknown as faceapi.Environment['Video'],
    createCanvasElement: () => new OffscreenCanvas(1, 1) as unknown as HTMLCanvasElement,
    createImageElement: () => {
      throw new Error('No images in a worker');
    },
    createVideoElement: () => {
      throw new Error('No video in a worker');
    },
    fetch: (...args: Parameters<typeof fetch>) => fetch(...args),
    readFile: () => {
      throw new Error('No file system');
    },
  };
}

let loaded: Promise<void> | null = null;

/** Loads the model (once); a failure (offline before it was ever fetched) lets a later call try again. */
export function loadFaceDetector(): Promise<void> {
  loaded ??= (async () => {
    if (!faceapi.env.isBrowser()) faceapi.env.setEnv(workerEnvironment());
    const modelUrl = new URL(modelPath, self.location.href);
    const response = await fetch(modelUrl);
    if (!response.ok) throw new Error(`Face model: HTTP ${response.status}`);
    const weights = tf.io.decodeWeights(await response.arrayBuffer(), manifest[0]!.weights as never);
    await useFastestBackend();
    await tf.ready();
    faceapi.nets.tinyFaceDetector.loadFromWeightMap(weights);
  })().catch((error: unknown) => {
    loaded = null;
    throw error;
  });
  return loaded;
}

/** The faces found in a (small) copy of the photo, each as a box in shares (0-1) of its width and height. */
export async function detectFaces(sample: PixelSample): Promise<FaceBox[]> {
  await loadFaceDetector();
  const { width, height } = sample;
  const input = tf.tidy(() =>
    tf.browser.fromPixels({
      data: new Uint8Array(sample.data.buffer, sample.data.byteOffset, sample.data.length),
      width,
      height,
    }),
  );
  try {
    const found = await faceapi.detectAllFaces(
      input as unknown as faceapi.TNetInput,
      new faceapi.TinyFaceDetectorOptions({ inputSize: INPUT_SIZE, scoreThreshold: MIN_SCORE }),
    );
    return found.map(({ box, score }) => ({
      x: box.x / width,
      y: box.y / height,
      width: box.width / width,
      height: box.height / height,
      score,
    }));
  } finally {
    input.dispose();
  }
}
