import { useCallback, useEffect, useRef } from 'react';

/** The spec's pause before scrolling to a new step or an error (public-site spec 4 and 9). */
export const SCROLL_DELAY_MS = 100;

/**
 * Scrolls the block an element opens to the top (a field with its label; a step's card with its
 * Back button; the page hero) and moves focus to the element.
 */
export function scrollAndFocus(element: HTMLElement): void {
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  const block = element.closest<HTMLElement>('.field, .portal-card, .page-hero') ?? element;
  block.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  const control = element.matches('input, select, textarea, button, [tabindex]')
    ? element
    : element.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), textarea:not([disabled])');
  (control ?? element).focus({ preventScroll: true });
}

/**
 * Returns `focusLater(find)`: 100 ms later (the new view has rendered by then), scroll to what
 * `find` returns and focus it. A newer call replaces a pending one; unmounting cancels it.
 */
export function useDelayedFocus(): (find: () => HTMLElement | null | undefined) => void {
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => {
    const pending = timer;
    return () => window.clearTimeout(pending.current);
  }, []);
  return useCallback((find) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const element = find();
      if (element) scrollAndFocus(element);
    }, SCROLL_DELAY_MS);
  }, []);
}

/** Finds an element by id when the timer fires (the element may not exist yet when asked). */
export const byId = (id: string) => () => document.getElementById(id);
