import fs from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import type * as EntryServer from '../src/entry-server';

/**
 * Replaced by the server with the origin of PUBLIC_URL when it serves the page (api/src/features/web-app):
 * a canonical link must be absolute, and the build does not know where the site will be served.
 */
export const ORIGIN_PLACEHOLDER = '__LEDGERWELL_ORIGIN__';
/** Lists what was written, for the server: { originPlaceholder, pages: { path: file }, shells: { app, admin } }. */
export const PRERENDER_MANIFEST = 'prerendered.json';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function replaceOnce(html: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(html)) throw new Error(`prerender: index.html has no ${pattern}`);
  return html.replace(pattern, () => replacement);
}

interface ManifestChunk {
  file: string;
  src?: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type ViteManifest = Record<string, ManifestChunk>;

/**
 * The style sheets a lazy page needs at once, from Vite's build manifest: the prerendered markup must
 * be styled before its chunk arrives (a late style sheet moves it). Dynamic imports count too: the
 * prerender waited for them. Its scripts are not preloaded: on a slow phone the preloads share the
 * line with the style sheet and the entry and pushed the first paint of the (already complete) text
 * back by 0.4-0.6 s (Lighthouse LCP on /contact 1.90 -> 1.46 s without them); the entry asks for the
 * chunk when it runs, and controls that need React are disabled until they are hydrated.
 * Pages are found by convention: /about is src/features/<area>/routes/about.tsx (name "about").
 */
function pageAssets(manifest: ViteManifest, name: string, template: string): string[] {
  const key = Object.keys(manifest).find((k) => new RegExp(`^src/features/[^/]+/routes/${name}\\.tsx$`).test(k));
  if (!key) throw new Error(`prerender: no chunk src/features/*/routes/${name}.tsx`);
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (id: string) => {
    const chunk = manifest[id];
    // The entry is in the page already, and its dynamic imports are every other area.
    if (!chunk || chunk.isEntry || seen.has(id)) return;
    seen.add(id);
    for (const file of chunk.css ?? []) css.add(file);
    for (const child of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(child);
  };
  visit(key);
  const links = [...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
  return links.filter((link) => !template.includes(link));
}

function withAssets(html: string, assets: string[]): string {
  return replaceOnce(html, /<\/head>/, `${assets.map((tag) => `  ${tag}\n`).join('')}  </head>`);
}

/**
 * The entry's script and module preloads become names for public/start.js, which loads them after the
 * first paint: on a slow line they otherwise share it with the style sheet the paint waits for.
 */
function startAfterPaint(html: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry) throw new Error('prerender: index.html has no module entry script');
  const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
  let out = html.replace(
    entry[0],
    `<meta name="ledgerwell-entry" content="${entry[1]}">\n    <script type="module" src="/start.js"></script>`,
  );
  for (const preload of preloads)
    out = out.replace(preload[0], `\n    <meta name="ledgerwell-preload" content="${preload[1]}">`);
  return out;
}

/** The built index.html (with its hashed script and style links) around a rendered body. */
function pageHtml(
  template: string,
  body: string,
  urlPath: string,
  title: string,
  description: string,
  assets: string[],
): string {
  let html = replaceOnce(template, /<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  html = replaceOnce(
    html,
    /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
    `<meta name="description" content="${escapeHtml(description)}" />\n    <link rel="canonical" href="${ORIGIN_PLACEHOLDER}${urlPath}" />`,
  );
  html = withAssets(html, assets);
  // The page works without JavaScript (its forms say so themselves): no blanket notice.
  html = html.replace(/\s*<noscript>[^<]*<\/noscript>/, '');
  return replaceOnce(html, /<div id="root"><\/div>/, `<div id="root" data-prerendered>${body}</div>`);
}

/**
 * After the client build, before the service worker is generated (so its precache lists the pages):
 * renders every public page of src/app/prerender-pages.ts with the app's own components into
 * dist/<page>.html, and the client-rendered areas' frames into their shell files.
 */
export function prerender(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'ledgerwell-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const manifestFile = path.join(outDir, '.vite', 'manifest.json');
        const viteManifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as ViteManifest;
        // Only the prerenderer reads it: the server and the service worker have no use for it.
        fs.rmSync(path.join(outDir, '.vite'), { recursive: true, force: true });
        const server = await createServer({
          root,
          configFile: path.join(root, 'vite.config.ts'),
          logLevel: 'warn',
          server: { middlewareMode: true, hmr: false, ws: false },
          appType: 'custom',
        });
        try {
          const entry = (await server.ssrLoadModule('/src/entry-server.tsx')) as typeof EntryServer;
          const manifest = {
            originPlaceholder: ORIGIN_PLACEHOLDER,
            pages: {} as Record<string, string>,
            shells: {} as Record<string, string>,
          };
          // Shells first: a lazy part another page has already loaded would no longer show its fallback.
          for (const shell of entry.SHELLS) {
            const body = entry.renderShell(shell.url);
            let html = replaceOnce(template, /<div id="root"><\/div>/, `<div id="root">${body}</div>`);
            if ('route' in shell) html = withAssets(html, pageAssets(viteManifest, shell.route, template));
            fs.writeFileSync(path.join(outDir, shell.file), startAfterPaint(html));
            manifest.shells[shell.file.replace(/-shell\.html$/, '')] = shell.file;
          }
          for (const urlPath of entry.PRERENDERED_PATHS) {
            const { html, meta } = await entry.renderPage(urlPath);
            // A boundary left pending (<!--$?-->) or failed (<!--$!-->) would hydrate as a client render.
            if (/<script|<!--\$[?!]-->/.test(html))
              throw new Error(`prerender: ${urlPath} has an inline script or an unfinished Suspense boundary`);
            if (!meta.title || !meta.description)
              throw new Error(`prerender: ${urlPath} set no title or description (useDocumentMeta)`);
            const file = entry.prerenderedFile(urlPath);
            fs.writeFileSync(
              path.join(outDir, file),
              startAfterPaint(
                pageHtml(
                  template,
                  html,
                  urlPath,
                  meta.title,
                  meta.description,
                  urlPath === '/' ? [] : pageAssets(viteManifest, urlPath.slice(1), template),
                ),
              ),
            );
            manifest.pages[urlPath] = file;
          }
          fs.writeFileSync(path.join(outDir, PRERENDER_MANIFEST), JSON.stringify(manifest, null, 2));
        } finally {
          await server.close();
        }
      },
    },
  };
}
