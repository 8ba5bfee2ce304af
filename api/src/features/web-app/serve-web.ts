import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../lib/context';
import { prerenderedPages, type HtmlVariants } from './prerendered';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

function sendHtml(c: Context<AppEnv>, html: HtmlVariants) {
  const accepted = c.req.header('Accept-Encoding') ?? '';
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': REVALIDATE,
    Vary: 'Accept-Encoding',
  };
  if (encoding) headers['Content-Encoding'] = encoding;
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  return c.body(new Uint8Array(encoding ? html[encoding] : html.identity), 200, headers);
}

/**
 * Serves the built PWA: hashed assets cached forever, everything else (the pages, sw.js, the
 * manifest) revalidated. Each prerendered public page is answered with its own HTML; other client
 * routes with a frame of what they first paint (the admin area's, or the public site's).
 */
export function webAppRoutes(distDir: string, publicUrl: string) {
  const app = new Hono<AppEnv>();
  const indexPath = path.join(distDir, 'index.html');
  const root = path.relative(process.cwd(), distDir) || '.';
  const pages = prerenderedPages(distDir, publicUrl);

  // Before the static files: the pages on disk hold a placeholder for the origin of their canonical link.
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const html = pages.lookup(c.req.path, false);
    return html ? sendHtml(c, html) : next();
  });

  // Set after the file is served: serveStatic builds its response before its onFound hook runs.
  app.use('*', async (c, next) => {
    await next();
    if (c.res.ok) c.res.headers.set('Cache-Control', c.req.path.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
  });
  app.use('*', serveStatic({ root, precompressed: true }));

  app.get('*', (c) => {
    // A missing file with an extension is a real 404: answering HTML for a lost chunk hides the error.
    if (path.extname(c.req.path) !== '') return c.text('Not found', 404);
    const frame = pages.lookup(c.req.path, true);
    if (frame) return sendHtml(c, frame);
    if (!fs.existsSync(indexPath)) {
      return c.text('The web app is not built. Run `pnpm build` (or `pnpm start`, which builds it).', 503);
    }
    c.header('Cache-Control', REVALIDATE);
    return c.html(fs.readFileSync(indexPath, 'utf8'));
  });
  return app;
}
