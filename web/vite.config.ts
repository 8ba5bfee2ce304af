import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './build/precompress';
import { prerender } from './build/prerender';
import { VISITED_ASSETS_CACHE } from './src/lib/visited-assets';

const THEME_COLOR = '#0f2f57';

/**
 * Where a chunk is filed (issue 29): code only a signed-in area (staff, issuer users) or the issuer wizard runs goes
 * under assets/staff/ or assets/wizard/, which the service worker does not precache, so a shareholder's phone installs the public pages,
 * the portal and /verify alone. A route's chunk goes by its entry module; a chunk the bundler split off goes there
 * when all its app modules (web/src; shared/ and packages say nothing of who uses them) belong to that area.
 * Anything else stays in assets/ and is precached.
 */
// The signed-in areas (staff, and the issuers' own users) and their shared sign-in screens.
const STAFF_CODE =
  /[\\/]web[\\/]src[\\/](features[\\/](admin|admin-auth|issuer|issuer-auth)[\\/]|components[\\/]sign-in[\\/]|app[\\/]routes[\\/](admin|issuer)-area)/;
const WIZARD_CODE = /[\\/]web[\\/]src[\\/]features[\\/]onboarding[\\/]/;
const APP_CODE = /[\\/]web[\\/]src[\\/]/;
function chunkFolder(chunk: {
  facadeModuleId: string | null;
  moduleIds: readonly string[];
}): '' | 'staff/' | 'wizard/' {
  const entry = chunk.facadeModuleId ?? '';
  if (STAFF_CODE.test(entry)) return 'staff/';
  if (WIZARD_CODE.test(entry)) return 'wizard/';
  const app = chunk.moduleIds.filter((id) => APP_CODE.test(id));
  if (app.length === 0) return '';
  if (app.every((id) => STAFF_CODE.test(id))) return 'staff/';
  if (app.every((id) => WIZARD_CODE.test(id))) return 'wizard/';
  return '';
}

export default defineConfig({
  plugins: [
    react(),
    // Writes the public pages' HTML before the PWA plugin lists dist/ for the precache.
    prerender(),
    VitePWA({
      // An update waits for the visitor's consent (app/update-prompt.tsx) instead of reloading under them.
      registerType: 'prompt',
      // No generated registerSW.js / inline script: our CSP allows scripts from 'self' only, and the
      // app registers the worker itself through virtual:pwa-register.
      injectRegister: false,
      // public/icons is already in globPatterns; listing the manifest icons again would duplicate them.
      includeManifestIcons: false,
      manifest: {
        name: 'Ledgerwell',
        short_name: 'Ledgerwell',
        description:
          'Transfer agency and equity management: shareholder requests, identity verification and issuer onboarding.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME_COLOR,
        background_color: '#f6f8fb',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The manifest is added by the plugin itself.
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        // Staff and wizard chunks are cached when first visited, not installed with the app (issue 29), nor are the
        // password dictionaries (1.6 MB) that only a staff screen setting a new password loads.
        // Nor is the selfie's face detector (TensorFlow.js and its model, 520 KB gzipped): a shareholder who opens
        // /verify fetches it then, and keeps it (runtimeCaching below).
        globIgnores: ['assets/staff/**', 'assets/wizard/**', '**/password-guessability-*', '**/face-detect-*'],
        // index.html is the prerendered home page; other client routes get the neutral frame. The
        // precache answers /about with about.html itself (workbox cleanURLs), before this fallback.
        navigateFallback: '/app-shell.html',
        navigateFallbackDenylist: [/^\/api\//],
        // Only the staff and wizard chunks, which are hashed and never change: nothing under /api is ever cached.
        runtimeCaching: [
          {
            // A RegExp, not a function: the worker is generated, and VISITED_ASSET_PATH would not exist there.
            urlPattern: /\/assets\/(staff|wizard)\//,
            handler: 'CacheFirst',
            options: { cacheName: VISITED_ASSETS_CACHE, expiration: { maxEntries: 300 } },
          },
          {
            // The face detector's chunk, model and WebAssembly, hashed too: a selfie retaken offline still has them.
            urlPattern: /\/assets\/(face-detect|tiny_face_detector_model|tfjs-backend-wasm)/,
            handler: 'CacheFirst',
            options: { cacheName: VISITED_ASSETS_CACHE, expiration: { maxEntries: 300 } },
          },
        ],
        cleanupOutdatedCaches: true,
      },
    }),
    precompress(),
  ],
  // Module workers, so that the photo analysis worker can load the face detector as a chunk of its own,
  // and only for the selfie.
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    // Read by the prerenderer (build/prerender.ts) for each page's style sheets, then removed.
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        chunkFileNames: (chunk) => `assets/${chunkFolder(chunk)}[name]-[hash].js`,
        codeSplitting: {
          groups: [
            // Left to itself, the bundler puts this zod-free module into the request schemas' chunk, and
            // the portal's first view, which needs only the names, would evaluate every schema with them.
            { name: 'request-types', test: /shared[\\/]src[\\/]request-types\.ts$/ },
            // zod under its own name: tests check that the pages meant to load without it do (shell.spec.ts).
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
});
