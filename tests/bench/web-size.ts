// `pnpm bench:web`: builds the app, serves it, and prints what a first visit to each page downloads
// before it has painted: the JavaScript and CSS as the browser receives them (compressed), and their
// size once decoded. Target (issue 3): at most 100 KB of compressed JavaScript for the home page.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Response } from '@playwright/test';
import { PRECACHE_BUDGET_KB, precacheOf } from '../precache-size';
// @ts-expect-error: plain ESM helper shared with run-all.ts
import { chromiumArgs, chromiumMissingMessage, chromiumPath } from '../chromium.mjs';

const ROUTES = ['/', '/contact', '/shareholder-requests'];
const HOME_JS_BUDGET_KB = 100;
const PORT = Number(process.env.BENCH_PORT ?? 4320);
const base = `http://localhost:${PORT}`;

const missing = chromiumMissingMessage();
if (missing) {
  console.error(missing);
  process.exit(1);
}

if (spawnSync('pnpm', ['build'], { stdio: 'inherit' }).status !== 0) process.exit(1);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lw-bench-'));
const server = spawn('pnpm', ['exec', 'tsx', 'api/src/server.ts'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: 'bench',
    ADMIN_PASSWORD: 'Bench-Pass-123',
  },
  stdio: 'ignore',
});

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('server did not start');
}

interface Row {
  route: string;
  jsWire: number;
  jsDecoded: number;
  jsGzip: number;
  cssWire: number;
  cssDecoded: number;
  cssGzip: number;
  files: number;
  encodings: Set<string>;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

try {
  await waitForServer();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const rows: Row[] = [];
  for (const route of ROUTES) {
    // A first visit: empty cache, no service worker.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const responses: Response[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type === 'script' || type === 'stylesheet') responses.push(response);
    });
    await page.goto(`${base}${route}`, { waitUntil: 'load' });
    // Everything requested until the page's own content is on screen: the route's lazy chunk included.
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const row: Row = {
      route,
      jsWire: 0,
      jsDecoded: 0,
      jsGzip: 0,
      cssWire: 0,
      cssDecoded: 0,
      cssGzip: 0,
      files: 0,
      encodings: new Set(),
    };
    for (const response of responses) {
      // The update prompt and workbox-window load after the page is idle, not before the first paint.
      if (/update-prompt|workbox-window/.test(response.url())) continue;
      const sizes = await response.request().sizes();
      const body = await response.body();
      const decoded = body.length;
      const isJs = response.request().resourceType() === 'script';
      row[isJs ? 'jsWire' : 'cssWire'] += sizes.responseBodySize;
      row[isJs ? 'jsDecoded' : 'cssDecoded'] += decoded;
      row[isJs ? 'jsGzip' : 'cssGzip'] += zlib.gzipSync(body, { level: 9 }).length;
      row.files += 1;
      row.encodings.add((await response.allHeaders())['content-encoding'] ?? 'identity');
    }
    rows.push(row);
    await context.close();
  }
  await browser.close();

  console.log('\nFirst visit, before the first paint (KB; "wire" = as received, compressed):\n');
  console.log('route                  JS wire  JS gzip  JS decoded  CSS wire  CSS gzip  CSS decoded  files  encoding');
  for (const r of rows) {
    console.log(
      `${r.route.padEnd(22)} ${kb(r.jsWire).padStart(7)}  ${kb(r.jsGzip).padStart(7)}  ${kb(r.jsDecoded).padStart(10)}  ${kb(r.cssWire).padStart(8)}  ${kb(r.cssGzip).padStart(8)}  ${kb(r.cssDecoded).padStart(11)}  ${String(r.files).padStart(5)}  ${[...r.encodings].join(',')}`,
    );
  }
  const home = rows[0]!;
  const verdict = Math.max(home.jsWire, home.jsGzip) / 1024 <= HOME_JS_BUDGET_KB ? 'within' : 'OVER';
  console.log(
    `\nHome page JavaScript: ${kb(home.jsWire)} KB as received, ${kb(home.jsGzip)} KB gzip: ${verdict} the ${HOME_JS_BUDGET_KB} KB budget.`,
  );
  const precache = precacheOf();
  console.log(
    `Installed by the service worker: ${precache.urls.length} files, ${kb(precache.bytes)} KB, ${kb(precache.gzipBytes)} KB gzip: ${precache.gzipBytes / 1024 <= PRECACHE_BUDGET_KB ? 'within' : 'OVER'} the ${PRECACHE_BUDGET_KB} KB budget (staff and wizard chunks are cached when first visited).`,
  );
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
