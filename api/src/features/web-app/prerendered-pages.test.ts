import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

const PUBLIC_URL = 'https://shares.example.com';
/** Each public page and the headline its HTML must carry before any JavaScript runs (issue 19). */
const PAGES: Record<string, string> = {
  '/': 'Next Evolution in Modern Equity Management',
  '/about': 'Built by Transfer Agency Practitioners',
  '/features': 'Platform Features',
  '/transfer-services': 'Transfer Services',
  '/contact': 'Talk to Our Team',
  '/shareholder-requests': 'Shareholder Portal',
  '/issuer-portal': 'Become a Ledgerwell issuer client',
  '/privacy-policy': 'Privacy Policy',
  '/terms-of-service': 'Terms of Service',
  '/cookie-policy': 'Cookie Policy',
};
const MAX_GZIP_BYTES = 30 * 1024;

const text = (html: string, pattern: RegExp) =>
  pattern
    .exec(html)?.[1]
    ?.replace(/<[^>]+>/g, '')
    .trim();

describe('web app: prerendered public pages over plain HTTP', () => {
  let distDir: string;
  let ownBuild = false;
  let t: TestApp;

  beforeAll(async () => {
    // `pnpm test` builds the web app once for the whole run and names it in LW_WEB_DIST; run alone, this
    // test makes a build of its own (the real one, prerenderer included) in a temporary folder, since
    // another run may be rebuilding web/dist meanwhile.
    ownBuild = !process.env.LW_WEB_DIST;
    distDir = process.env.LW_WEB_DIST || fs.mkdtempSync(path.join(os.tmpdir(), 'lw-web-dist-'));
    if (ownBuild) {
      const build = spawnSync(
        'pnpm',
        [
          '--filter',
          '@ledgerwell/web',
          'exec',
          'vite',
          'build',
          '--outDir',
          distDir,
          '--emptyOutDir',
          '--logLevel',
          'error',
        ],
        {
          cwd: path.resolve(import.meta.dirname, '../../../..'),
          encoding: 'utf8',
        },
      );
      if (build.status !== 0) throw new Error(`web build failed: ${build.stderr}${build.stdout}`);
    }
    t = await createTestApp({ env: { WEB_DIST_DIR: distDir, PUBLIC_URL } });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    if (ownBuild) fs.rmSync(distDir, { recursive: true, force: true });
  });

  it.each(Object.entries(PAGES))(
    '%s: its own HTML with its h1, meta description and absolute canonical link',
    async (urlPath, headline) => {
      const response = await t.app.request(urlPath);
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
      expect(response.headers.get('Cache-Control')).toBe('no-cache');
      const html = await response.text();
      expect(text(html, /<h1[^>]*>([\s\S]*?)<\/h1>/)).toBe(headline);
      expect(html).toMatch(/<div id="root" data-prerendered>/);
      // Complete in place: no inline script (the CSP forbids them) and no Suspense boundary left to stream.
      expect(html).not.toMatch(/<script>|<!--\$[?!]-->|<div hidden id="S:/);
      const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1] ?? '';
      expect(description.length).toBeGreaterThan(40);
      expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}${urlPath}" />`);
      expect(html).not.toContain('__LEDGERWELL_ORIGIN__');
      expect(html).toMatch(/<title>[^<]*Ledgerwell[^<]*<\/title>/);
    },
  );

  it('sends the pages compressed when asked, each at most 30 KB gzip', async () => {
    for (const urlPath of Object.keys(PAGES)) {
      const response = await t.app.request(urlPath, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(response.headers.get('Content-Encoding')).toBe('gzip');
      expect(response.headers.get('Vary')).toBe('Accept-Encoding');
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.length).toBeLessThanOrEqual(MAX_GZIP_BYTES);
      expect(zlib.gunzipSync(body).toString()).toContain(`${PUBLIC_URL}${urlPath}`);
    }
  });

  it('answers the file names the service worker precaches with the same pages', async () => {
    const byPath = await (await t.app.request('/about')).text();
    const byFile = await (await t.app.request('/about.html')).text();
    expect(byFile).toBe(byPath);
    expect(await (await t.app.request('/index.html')).text()).toContain(PAGES['/']);
  });

  it('answers client-rendered routes with a frame: the verification page, the admin area, any other route', async () => {
    const verify = await (await t.app.request('/verify/ABCD1234')).text();
    expect(verify).not.toContain('data-prerendered');
    expect(verify).toContain('class="site-header"');
    expect(text(verify, /<h1[^>]*>([\s\S]*?)<\/h1>/)).toBe('Identity Verification');
    expect(verify).toContain('aria-label="Checking your verification link"');
    const other = await (await t.app.request('/no/such/page')).text();
    expect(other).toContain('class="site-header"');
    expect(other).toContain('class="spinner spinner--block"');
    expect(other).not.toContain('<h1');
    expect(verify).toContain('needs a photo identity check');
    // The sign-in page's frame: its card with the heading and subtitle (its largest text).
    const admin = await (await t.app.request('/admin/login')).text();
    expect(admin).not.toContain('class="site-header"');
    expect(admin).toContain('role="status"');
    expect(text(admin, /<h1[^>]*>([\s\S]*?)<\/h1>/)).toBe('Admin Portal');
    expect(admin).toContain('class="auth-card__subtitle"');
    // Any other admin path: the area's spinner, not the sign-in card.
    const dashboard = await (await t.app.request('/admin/dashboard')).text();
    expect(dashboard).toContain('class="spinner spinner--block"');
    expect(dashboard).not.toContain('<h1');
    expect((await t.app.request('/assets/missing-chunk.js')).status).toBe(404);
  });

  it('answers the issuer area with its own frames, and /issuer-portal (the public wizard) with its page', async () => {
    const login = await (await t.app.request('/issuer/login')).text();
    expect(login).not.toContain('class="site-header"');
    expect(text(login, /<h1[^>]*>([\s\S]*?)<\/h1>/)).toBe('Issuer Portal');
    expect(login).toContain('class="auth-card__subtitle"');
    for (const screen of ['/issuer', '/issuer/cap-table', '/issuer/invitation']) {
      const frame = await (await t.app.request(screen)).text();
      expect(frame, screen).not.toContain('class="site-header"');
      expect(frame, screen).toContain('class="spinner spinner--block"');
      expect(frame, screen).not.toContain('<h1');
    }
    const wizard = await (await t.app.request('/issuer-portal')).text();
    expect(text(wizard, /<h1[^>]*>([\s\S]*?)<\/h1>/)).toBe(PAGES['/issuer-portal']);
  });
});
