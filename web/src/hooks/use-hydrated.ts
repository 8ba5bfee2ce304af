import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React hydrates a prerendered page (and in the prerender itself), true from then on and
 * in every render that is not a hydration. Lets a page start from what the HTML shows and only then
 * show what this tab knows (a stored session), without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
