/* global document, location, requestAnimationFrame */
// Starts the app after the page's first paint (web/build/prerender.ts puts this script in place of
// the entry's): the prerendered text and its style sheet get the line to themselves, and the entry
// (90 KB gzip of React and the router) follows at once. Requested with the HTML, the entry shared a
// slow phone's line with the style sheet and held the first paint back (Lighthouse LCP).
const RELOADED_KEY = 'ledgerwell-reloaded-for-scripts';

// Session storage can be switched off; then there is no reload, only the notice.
function remember(action) {
  try {
    return action(sessionStorage);
  } catch {
    return undefined;
  }
}

// Without the entry, every control that needs it stays disabled. A page kept from before a release
// names scripts that are gone: one reload fetches the current page. If that fails too (offline, the
// server down), the visitor is told, rather than left with buttons that never answer.
function scriptsFailed() {
  if (remember((storage) => storage.getItem(RELOADED_KEY)) === null) {
    remember((storage) => storage.setItem(RELOADED_KEY, '1'));
    location.reload();
    return;
  }
  remember((storage) => storage.removeItem(RELOADED_KEY));
  const notice = document.createElement('p');
  notice.className = 'notice notice--error notice--page';
  notice.setAttribute('role', 'alert');
  notice.textContent = 'This page could not load all of its parts, so its buttons and forms do not work yet. Check your connection, then reload the page.';
  document.body.prepend(notice);
}

let started = false;
function start() {
  if (started) return;
  started = true;
  for (const meta of document.querySelectorAll('meta[name="ledgerwell-preload"]')) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = meta.content;
    document.head.append(link);
  }
  import(document.querySelector('meta[name="ledgerwell-entry"]').content).then(
    () => remember((storage) => storage.removeItem(RELOADED_KEY)),
    scriptsFailed,
  );
}
// The first contentful paint is reported once the frame is on screen. A timer after the first
// animation frame came too soon: that frame's paint is shown a little after its task, and a request
// sent in between is one the first paint seemingly waited for (Lighthouse then counts the entry's
// download in LCP: 1.8 s instead of 1.0 s, in about half the runs).
function afterFirstPaint(callback) {
  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
      observer.disconnect();
      callback();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(callback, 0));
  }
}
afterFirstPaint(start);
// A hidden tab paints nothing, hence the timer.
setTimeout(start, 1000);
