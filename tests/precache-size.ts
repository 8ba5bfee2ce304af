// What the service worker installs on a device (issue 29, item 7): the files its precache manifest lists in the
// built web/dist/sw.js, and their size gzipped. Read by `pnpm bench:web` and by the PWA spec, on the same build.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The budget of issue 29: the public pages, the portal and /verify, compressed. */
export const PRECACHE_BUDGET_KB = 400;

export interface Precache {
  urls: string[];
  bytes: number;
  gzipBytes: number;
}

export function precacheOf(distDir = path.resolve(import.meta.dirname, '../web/dist')): Precache {
  const worker = fs.readFileSync(path.join(distDir, 'sw.js'), 'utf8');
  const urls = [...worker.matchAll(/url:"([^"]+)"/g)].map((match) => match[1]!);
  let bytes = 0;
  let gzipBytes = 0;
  for (const url of urls) {
    const body = fs.readFileSync(path.join(distDir, url));
    bytes += body.length;
    gzipBytes += zlib.gzipSync(body).length;
  }
  return { urls, bytes, gzipBytes };
}
