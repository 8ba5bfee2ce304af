import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './build/precompress';
import { prerender } from './build/prerender';

const THEME_COLOR = '#0f2f57';

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
        // The admin chunk is staff-only and online-only: shareholders' devices do not precache it, nor the password
        // dictionaries (1.6 MB) that only a staff screen setting a new password loads.
        globIgnores: ['**/admin-area-*', '**/password-guessability-*'],
        // index.html is the prerendered home page; other client routes get the neutral frame. The
        // precache answers /about with about.html itself (workbox cleanURLs), before this fallback.
        navigateFallback: '/app-shell.html',
        navigateFallbackDenylist: [/^\/api\//],
        // Nothing under /api is ever cached: no runtimeCaching at all.
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
      },
    }),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    // Read by the prerenderer (build/prerender.ts) for each page's style sheets, then removed.
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
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
