import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** web/dist/prerendered.json, written by the web build's prerenderer (web/build/prerender.ts). */
interface PrerenderManifest {
  originPlaceholder: string;
  /** URL path → HTML file, e.g. "/about" → "about.html". */
  pages: Record<string, string>;
  /** "app" (public frame for client-rendered routes), "verify", "admin", "issuer" (and their "-login") → frame files. */
  shells: Record<string, string>;
}

/** The signed-in areas, each with a frame of its own and one for its sign-in page. */
const SIGNED_IN_AREAS = ['admin', 'issuer'] as const;

/** Which frame a client route gets: a signed-in area's (or its sign-in card's), the verification page's, else the public one. */
function frameOf(requestPath: string): string {
  for (const area of SIGNED_IN_AREAS) {
    if (requestPath === `/${area}/login`) return `${area}-login`;
    if (requestPath === `/${area}` || requestPath.startsWith(`/${area}/`)) return area;
  }
  return requestPath.startsWith('/verify/') ? 'verify' : 'app';
}

export interface HtmlVariants {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/**
 * The prerendered pages with the site's origin in their canonical links. The build cannot know
 * PUBLIC_URL, so the pages carry a placeholder that is replaced here, once per file version, and the
 * result compressed once (the build's .gz/.br of these files still hold the placeholder).
 */
export function prerenderedPages(distDir: string, publicUrl: string) {
  const origin = new URL(publicUrl).origin;
  const manifestPath = path.join(distDir, 'prerendered.json');
  let manifest: { mtimeMs: number; value: PrerenderManifest } | null = null;
  const cache = new Map<string, { mtimeMs: number; variants: HtmlVariants }>();

  function readManifest(): PrerenderManifest | null {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(manifestPath);
    } catch {
      return null; // not built, or built without the prerenderer
    }
    if (manifest?.mtimeMs !== stat.mtimeMs) {
      manifest = {
        mtimeMs: stat.mtimeMs,
        value: JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as PrerenderManifest,
      };
    }
    return manifest.value;
  }

  function load(file: string, placeholder: string): HtmlVariants | null {
    const full = path.join(distDir, file);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(full);
    } catch {
      return null;
    }
    const cached = cache.get(file);
    if (cached?.mtimeMs === stat.mtimeMs) return cached.variants;
    const identity = Buffer.from(fs.readFileSync(full, 'utf8').replaceAll(placeholder, origin));
    const variants = {
      identity,
      gzip: zlib.gzipSync(identity, { level: 9 }),
      br: zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    };
    cache.set(file, { mtimeMs: stat.mtimeMs, variants });
    return variants;
  }

  return {
    /**
     * The HTML for a request path: a prerendered page by its URL ("/about") or its file ("/about.html",
     * what the service worker's precache fetches); else, for client routes (`fallback`), the admin
     * frame under /admin (the sign-in card's at /admin/login), the issuer area's under /issuer (not
     * /issuer-portal, a page of its own), the verification page's under /verify/, the public frame
     * elsewhere. Null: not ours (or not built).
     */
    lookup(requestPath: string, fallback: boolean): HtmlVariants | null {
      const value = readManifest();
      if (!value) return null;
      const files = new Set([...Object.values(value.pages), ...Object.values(value.shells)]);
      let file = value.pages[requestPath] ?? (files.has(requestPath.slice(1)) ? requestPath.slice(1) : undefined);
      if (!file && fallback) {
        const area = frameOf(requestPath);
        // An older build has no sign-in frame: the area's own; none for the area: the public frame.
        const areaOfLogin = area.endsWith('-login') ? area.slice(0, -'-login'.length) : undefined;
        file = value.shells[area] ?? (areaOfLogin ? value.shells[areaOfLogin] : undefined) ?? value.shells.app;
      }
      return file ? load(file, value.originPlaceholder) : null;
    },
  };
}
