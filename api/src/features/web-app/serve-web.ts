import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Serves the built PWA: hashed assets cached forever, everything else (index.html, sw.js, the
 * manifest) revalidated, and client routes answered with index.html.
 */
export function webAppRoutes(distDir: string) {
  const app = new Hono<AppEnv>();
  const indexPath = path.join(distDir, 'index.html');
  const root = path.relative(process.cwd(), distDir) || '.';

  // Set after the file is served: serveStatic builds its response before its onFound hook runs.
  app.use('*', async (c, next) => {
    await next();
    if (c.res.ok) c.res.headers.set('Cache-Control', c.req.path.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
  });
  app.use('*', serveStatic({ root, precompressed: true }));

  app.get('*', (c) => {
    // A missing file with an extension is a real 404: answering HTML for a lost chunk hides the error.
    if (path.extname(c.req.path) !== '') return c.text('Not found', 404);
    if (!fs.existsSync(indexPath)) {
      return c.text('The web app is not built. Run `pnpm build` (or `pnpm start`, which builds it).', 503);
    }
    c.header('Cache-Control', REVALIDATE);
    return c.html(fs.readFileSync(indexPath, 'utf8'));
  });
  return app;
}
