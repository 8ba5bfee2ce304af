import { useEffect } from 'react';
import { APP_NAME } from '@ledgerwell/shared/app-info';

export const DEFAULT_DESCRIPTION =
  'Ledgerwell: transfer agency and equity management software for issuers, shareholders and their advisers.';

/** Sets the tab title ("Page | Ledgerwell") and the meta description for the page on screen. */
export function useDocumentMeta(title: string, description: string = DEFAULT_DESCRIPTION): void {
  useEffect(() => {
    document.title = title === APP_NAME ? title : `${title} | ${APP_NAME}`;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
