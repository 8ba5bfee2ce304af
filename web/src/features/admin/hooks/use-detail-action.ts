import { useState } from 'react';
import { actionErrorMessage } from '../../../lib/action-error';
import type { BannerMessage } from './use-banner';

/**
 * A detail modal's changes (status, notes, …): one at a time (`busy`), each answered with the whole
 * record, then a green banner, or a red one with the server's reason or the screen's fallback (spec 8).
 */
export function useDetailAction<T>(onUpdated: (record: T) => void, onBanner: (banner: BannerMessage) => void) {
  const [busy, setBusy] = useState(false);
  async function act(send: () => Promise<T>, success: string, failure: string): Promise<boolean> {
    setBusy(true);
    try {
      onUpdated(await send());
      onBanner({ kind: 'success', text: success });
      return true;
    } catch (error) {
      onBanner({ kind: 'error', text: actionErrorMessage(error, failure) });
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, setBusy, act };
}
