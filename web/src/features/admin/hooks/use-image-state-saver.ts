import { useCallback, useEffect, useRef, useState } from 'react';
import { REVIEW_FAILURES } from '@ledgerwell/shared/request-review';
import type { DocumentType } from '@ledgerwell/shared/verification';
import { saveImageState } from '../api/requests';
import { ImageStateScheduler } from '../utils/image-state-scheduler';
import { SAVE_DELAY_MS, type ViewState } from '../utils/viewer-state';

/**
 * Saves the viewer's rotation and zoom per image, 500 ms after its last change (spec 4). A failed
 * save is only logged (spec 8). Changes still waiting when the page closes are sent at once.
 * Disabled for READ_ONLY, whose writes the server refuses: it still rotates and zooms locally.
 */
export function useImageStateSaver(requestId: string, enabled: boolean) {
  const scheduler = useRef<ImageStateScheduler<DocumentType, ViewState> | null>(null);
  const owner = `${requestId}:${enabled}`;
  // Whose saving flag it is: a closed scheduler's last report must not stick to the next one.
  const [saving, setSaving] = useState({ owner, saving: false });

  useEffect(() => {
    const current = new ImageStateScheduler<DocumentType, ViewState>({
      delayMs: SAVE_DELAY_MS,
      enabled,
      save: (type, state) => saveImageState(requestId, type, state),
      onSavingChange: (value) => setSaving({ owner: `${requestId}:${enabled}`, saving: value }),
      onError: (error) => console.error(REVIEW_FAILURES.updateImageState, error),
    });
    scheduler.current = current;
    return () => {
      current.dispose();
      if (scheduler.current === current) scheduler.current = null;
    };
  }, [requestId, enabled]);

  const schedule = useCallback((type: DocumentType, state: ViewState) => {
    scheduler.current?.schedule(type, state);
  }, []);

  return { schedule, saving: saving.owner === owner && saving.saving };
}
