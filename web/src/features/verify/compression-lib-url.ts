// The worker of browser-image-compression loads the library with importScripts(libURL), from a CDN by default:
// that fails offline and under our CSP (script-src 'self'). Vite emits the UMD build as a hashed asset of our
// own origin (precached by the service worker with the other scripts).
import libraryPath from 'browser-image-compression/dist/browser-image-compression.js?url';

/** Absolute: the worker runs from a blob: URL, against which a path would not resolve. */
export function compressionLibraryUrl(): string {
  return new URL(libraryPath, window.location.href).href;
}
