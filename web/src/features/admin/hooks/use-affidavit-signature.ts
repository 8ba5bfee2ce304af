import { useEffect, useState } from 'react';
import { REVIEW_FAILURES } from '@ledgerwell/shared/request-review';
import { fetchAffidavitSignature } from '../api/requests';
import type { ImageSlot } from './use-document-images';

/** The affidavit's signature as an object URL, fetched with the bearer token and revoked when the page leaves it. */
export function useAffidavitSignature(requestId: string): ImageSlot {
  const [loaded, setLoaded] = useState<{ requestId: string; slot: ImageSlot } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    fetchAffidavitSignature(requestId, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setLoaded({ requestId, slot: { status: 'ready', url } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`${REVIEW_FAILURES.fetchImage} (affidavit signature)`, error);
        setLoaded({ requestId, slot: { status: 'failed' } });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [requestId]);

  return loaded?.requestId === requestId ? loaded.slot : { status: 'loading' };
}
