import { createContext, useContext, useEffect } from 'react';
import { APP_NAME } from '@ledgerwell/shared/app-info';

export const DEFAULT_DESCRIPTION =
  'Ledgerwell: transfer agency and equity management software for issuers, shareholders and their advisers.';

export interface DocumentMeta {
  title: string;
  description: string;
}

/**
 * Set only by the prerenderer (entry-server.tsx): it has no document and runs no effects, so the page
 * writes its title and description here while rendering, and they go into the page's HTML head.
 */
export const DocumentMetaSink = createContext<Partial<DocumentMeta> | null>(null);

const fullTitle = (title: string) => (title === APP_NAME ? title : `${title} | ${APP_NAME}`);

/** Sets the tab title ("Page | Ledgerwell") and the meta description for the page on screen. */
export function useDocumentMeta(title: string, description: string = DEFAULT_DESCRIPTION): void {
  const sink = useContext(DocumentMetaSink);
  if (sink) Object.assign(sink, { title: fullTitle(title), description });
  useEffect(() => {
    document.title = fullTitle(title);
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
