import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** The service worker is revalidated on every check and may be replaced in place: always serve the file itself. */
const NEVER = /(^|\/)sw\.js$/;
const MIN_BYTES = 1024;

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/**
 * Writes `.br` and `.gz` beside every text asset at build time, so the server sends compressed
 * files without compressing per request (@hono/node-server serveStatic `precompressed`).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'ledgerwell-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      // After every other plugin (the PWA plugin writes the manifest and worker here too).
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(outDir)) {
          const relative = path.relative(outDir, file).split(path.sep).join('/');
          if (!COMPRESSIBLE.test(file) || NEVER.test(relative)) continue;
          const content = fs.readFileSync(file);
          if (content.length < MIN_BYTES) continue;
          fs.writeFileSync(
            `${file}.br`,
            zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}
