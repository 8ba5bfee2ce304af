import { useCallback, useEffect, useRef, useState } from 'react';
import type { DocumentType } from '@ledgerwell/shared/verification';
import { saveImageState } from '../api/requests';
import { SAVE_DELAY_MS, type ViewState } from '../utils/viewer-state';

interface Waiting {
  timer: ReturnType<typeof setTimeout>;
  state: ViewState;
}

/**
 * Saves the viewer's rotation and zoom per image, 500 ms after its last change (spec 4). A failed
 * save is only logged (spec 8). Changes still waiting when the page closes are sent at once.
 * Disabled for READ_ONLY, whose writes the server refuses.
 */
export function useImageStateSaver(requestId: string, enabled: boolean) {
  const waiting = useRef(new Map<DocumentType, Waiting>());
  const [busy, setBusy] = useState(0);

  const send = useCallback(
    (type: DocumentType, state: ViewState) =>
      saveImageState(requestId, type, state)
        .catch((error: unknown) => console.error('Failed to update image state', error))
        .finally(() => setBusy((n) => n - 1)),
    [requestId],
  );

  const schedule = useCallback(
    (type: DocumentType, state: ViewState) => {
      if (!enabled) return;
      const map = waiting.current;
      const previous = map.get(type);
      if (previous) clearTimeout(previous.timer);
      else setBusy((n) => n + 1);
      const timer = setTimeout(() => {
        map.delete(type);
        void send(type, state);
      }, SAVE_DELAY_MS);
      map.set(type, { timer, state });
    },
    [enabled, send],
  );

  useEffect(() => {
    const map = waiting.current;
    return () => {
      for (const [type, entry] of map) {
        clearTimeout(entry.timer);
        void send(type, entry.state);
      }
      map.clear();
    };
  }, [send]);

  return { schedule, saving: busy > 0 };
}
