import { paths } from '../config/paths';

/**
 * The public pages written to HTML at build time (web/build/prerender.ts), each served for its path
 * and hydrated by the same components. The file is the path's own name, so the service worker's
 * precache finds /about in about.html (workbox cleanURLs) and / in index.html (directoryIndex).
 */
export const PRERENDERED_PATHS = [
  paths.home,
  paths.about,
  paths.features,
  paths.transferServices,
  paths.contact,
  paths.shareholderRequests,
  paths.issuerPortal,
  paths.privacyPolicy,
  paths.termsOfService,
  paths.cookiePolicy,
] as const;

export function prerenderedFile(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}

/**
 * Client-rendered areas get a frame file instead: what their first client render paints (header and
 * spinner), so nothing moves when React takes over. `url` is a path inside the area to render it at;
 * `route` names the lazy page whose style sheets the frame links.
 */
export const SHELLS = [
  // Any lazy public route: an unknown path's (lazy) not-found page shows the public frame.
  { file: 'app-shell.html', url: '/prerender-shell' },
  // With the style sheet of the page's chunk (src/features/verify/routes/verify.tsx) linked.
  { file: 'verify-shell.html', url: paths.verify('PRERENDER'), route: 'verify' },
  // The admin area's spinner, for any admin path but the sign-in page.
  { file: 'admin-shell.html', url: `${paths.admin.login}-shell` },
  // The sign-in page's card with its heading (router.tsx AdminPending), styled by the entry's sheet.
  { file: 'admin-login-shell.html', url: paths.admin.login },
  // The issuer area's, the same way (router.tsx IssuerPending).
  { file: 'issuer-shell.html', url: `${paths.issuer.login}-shell` },
  { file: 'issuer-login-shell.html', url: paths.issuer.login },
] as const;
