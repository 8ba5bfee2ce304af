import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { PRERENDERED_PATHS, prerenderedFile } from './prerender-pages';

describe('prerendered pages', () => {
  it('covers every public page of config/paths (a new page is prerendered or this fails)', () => {
    const publicPages = Object.values(paths).filter((value) => typeof value === 'string');
    expect([...PRERENDERED_PATHS].sort()).toEqual(publicPages.sort());
  });

  it('writes each page to the file the service worker precache looks up for its URL', () => {
    // workbox: "/" → directoryIndex index.html; "/about" → cleanURLs about.html.
    expect(prerenderedFile('/')).toBe('index.html');
    expect(prerenderedFile('/about')).toBe('about.html');
    expect(prerenderedFile('/terms-of-service')).toBe('terms-of-service.html');
    expect(new Set(PRERENDERED_PATHS.map(prerenderedFile)).size).toBe(PRERENDERED_PATHS.length);
  });
});
