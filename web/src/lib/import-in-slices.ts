/** A new task: the browser may paint and handle input before the next module graph is evaluated. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Imports `last` after `first`, each module graph evaluated in a task of its own. A dynamic import
 * evaluates every module it brings in one task; for a page built on zod and the shared schemas that
 * was one task of 140-230 ms on a phone's CPU (Lighthouse's total blocking time on
 * /shareholder-requests and /issuer-portal). Evaluating the shared part first, then the page, makes
 * two shorter tasks; the page chunk is fetched after the first step (Vite preloads each step's chunks).
 */
export async function importInSlices<T>(
  first: readonly (() => Promise<unknown>)[],
  last: () => Promise<T>,
): Promise<T> {
  for (const step of first) {
    await step();
    await nextTask();
  }
  return last();
}

/**
 * The first slice of a page that builds zod schemas as it loads: zod with the API's error schema (which
 * the API client loads on a page's first failed call). A page's first schemas cost several times the
 * later ones, V8 compiling zod's code as it first runs (4 ms against 0.5 ms for the same schema in
 * Node; the 20-30 ms task of /admin/login's session schemas in Chromium): paid here, in a task of its
 * own, the page's own schemas follow in shorter ones (decision 016).
 */
export const ZOD_FIRST = () => import('@ledgerwell/shared/api-error');
