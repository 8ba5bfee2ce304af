/**
 * The staff area's and the issuer wizard's chunks are not installed with the app (issue 29: a shareholder's phone
 * installs the public pages, the portal and /verify alone); they are kept once visited, so a wizard opened once
 * still opens offline. The service worker caches them as they are fetched (vite.config.ts, runtimeCaching); on the
 * first visit no worker controls the page yet, so the page files the chunks it has loaded itself.
 */
export const VISITED_ASSETS_CACHE = 'ledgerwell-visited-assets';
export const VISITED_ASSET_PATH = /^\/assets\/(staff|wizard)\//;

export async function cacheVisitedAssets(): Promise<void> {
  if (typeof caches === 'undefined' || typeof performance === 'undefined') return;
  const loaded = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && VISITED_ASSET_PATH.test(url.pathname))
    .map((url) => url.pathname);
  if (loaded.length === 0) return;
  try {
    const cache = await caches.open(VISITED_ASSETS_CACHE);
    const missing = [];
    for (const path of new Set(loaded)) if (!(await cache.match(path))) missing.push(path);
    await cache.addAll(missing);
  } catch {
    // Offline, or storage refused: the chunks are fetched again next time.
  }
}
