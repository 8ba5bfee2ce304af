/* global document, requestAnimationFrame */
// Starts the app after the page's first paint (web/build/prerender.ts puts this script in place of
// the entry's): the prerendered text and its style sheet get the line to themselves, and the entry
// (90 KB gzip of React and the router) follows at once. Requested with the HTML, the entry shared a
// slow phone's line with the style sheet and held the first paint back (Lighthouse LCP).
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
  import(document.querySelector('meta[name="ledgerwell-entry"]').content);
}
// A frame is drawn once the style sheets are in; a hidden tab draws none, hence the timer.
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 1000);
