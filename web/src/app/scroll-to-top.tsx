import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long to wait for a lazily loaded page to render the element a #hash points at. */
const HASH_WAIT_MS = 3000;

/**
 * Every route change starts at the top of the page (spec: top-level routing), except that a #hash
 * scrolls to its element, once the (lazy) page has rendered it. Not when a prerendered page is
 * hydrated: the browser has placed it already (at its #hash), and the visitor may have scrolled since.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const hydrated = first.current && document.getElementById('root')?.hasAttribute('data-prerendered');
    first.current = false;
    if (hydrated) return;
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    const deadline = performance.now() + HASH_WAIT_MS;
    let frame = 0;
    const tryScroll = () => {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView();
      else if (performance.now() < deadline) frame = requestAnimationFrame(tryScroll);
    };
    tryScroll();
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash]);
  return null;
}
