// Base styles first, so the area style sheets that the app imports (site.css, admin.css) build on them.
import './styles/base.css';
// Before any module that builds a zod schema (see the file).
import './lib/zod-config';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// A prerendered page (web/build/prerender.ts) is hydrated: its markup stays and a lazy page keeps
// showing it until its chunk arrives. A shell's frame is only a placeholder: render over it.
// In a transition, React works in slices of about 5 ms and lets the browser in between: the page is
// already painted, so nothing waits for hydration but input, and one long task of 150-300 ms (on a
// phone's CPU) was Lighthouse's total blocking time on /shareholder-requests and /issuer-portal.
// Controls that need React are disabled until hydrated (useHydrated), so no click is lost meanwhile.
startTransition(() => {
  if (container.hasAttribute('data-prerendered')) hydrateRoot(container, <App />);
  else createRoot(container).render(<App />);
});
