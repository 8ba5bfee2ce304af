// The prerenderer's entry (web/build/prerender.ts): the same <App> the browser runs, at a fixed URL.
import './lib/zod-config';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/app';
import { DocumentMetaSink, type DocumentMeta } from './hooks/use-document-meta';

export { PRERENDERED_PATHS, SHELLS, prerenderedFile } from './app/prerender-pages';

function routerAt(url: string) {
  return function PrerenderRouter({ children }: { children: ReactNode }) {
    return <StaticRouter location={url}>{children}</StaticRouter>;
  };
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  let html = '';
  for await (const chunk of stream)
    html += typeof chunk === 'string' ? chunk : new TextDecoder().decode(chunk as Uint8Array);
  return html;
}

/** A public page with all its lazy parts loaded (prerender waits for every Suspense boundary). */
export async function renderPage(url: string): Promise<{ html: string; meta: Partial<DocumentMeta> }> {
  const meta: Partial<DocumentMeta> = {};
  const Router = routerAt(url);
  const { prelude } = await prerenderToNodeStream(
    <DocumentMetaSink value={meta}>
      <App Router={Router} />
    </DocumentMetaSink>,
    // Otherwise React outlines a large boundary: its fallback in place, the content in a hidden div
    // and an inline script to swap them, which the CSP blocks and a reader without JavaScript never runs.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return { html: await streamToString(prelude), meta };
}

/** A client-rendered area's frame: renderToString does not wait, so lazy parts show their fallback. */
export function renderShell(url: string): string {
  return renderToString(<App Router={routerAt(url)} />);
}
