import { useEffect, useState } from 'react';
import { REVIEW_FAILURES } from '@ledgerwell/shared/request-review';
import type { DocumentType } from '@ledgerwell/shared/verification';
import { fetchRequestImage, type VerificationDocument } from '../api/requests';

export type ImageSlot = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'failed' };

/**
 * The request's identity images as object URLs: fetched with the bearer token, loaded again only
 * when the documents themselves change, and revoked when they do or the page closes.
 */
export function useDocumentImages(
  requestId: string,
  documents: VerificationDocument[],
): Partial<Record<DocumentType, ImageSlot>> {
  const key = `${requestId}:${documents.map((d) => d.id).join(',')}`;
  const typeList = documents.map((d) => d.type).join(',');
  const [loaded, setLoaded] = useState<{ key: string; slots: Partial<Record<DocumentType, ImageSlot>> }>({
    key: '',
    slots: {},
  });

  useEffect(() => {
    const controller = new AbortController();
    const urls: string[] = [];
    const types = typeList.split(',').filter(Boolean) as DocumentType[];
    const settle = (type: DocumentType, slot: ImageSlot) =>
      setLoaded((last) => ({ key, slots: { ...(last.key === key ? last.slots : {}), [type]: slot } }));
    for (const type of types) {
      fetchRequestImage(requestId, type, controller.signal).then(
        (blob) => {
          if (controller.signal.aborted) return;
          const url = URL.createObjectURL(blob);
          urls.push(url);
          settle(type, { status: 'ready', url });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.error(`${REVIEW_FAILURES.fetchImage} (${type})`, error);
          settle(type, { status: 'failed' });
        },
      );
    }
    return () => {
      controller.abort();
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [key, requestId, typeList]);

  const slots = loaded.key === key ? loaded.slots : {};
  return Object.fromEntries(documents.map((d) => [d.type, slots[d.type] ?? { status: 'loading' }]));
}
