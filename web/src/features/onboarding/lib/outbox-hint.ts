/**
 * A one-word hint in localStorage that the onboarding outbox holds something. The app shell reads it
 * at start and on `online` before it loads any onboarding code: a visitor with nothing queued (nearly
 * everyone) never downloads the wizard's chunk on another page. The outbox in IndexedDB is the truth;
 * a stale hint costs one look into it.
 */
export const OUTBOX_HINT_KEY = 'issuerOnboardingOutbox';

export function hasOutboxHint(): boolean {
  try {
    return localStorage.getItem(OUTBOX_HINT_KEY) !== null;
  } catch {
    return false;
  }
}

export function setOutboxHint(pending: boolean): void {
  try {
    if (pending) localStorage.setItem(OUTBOX_HINT_KEY, '1');
    else localStorage.removeItem(OUTBOX_HINT_KEY);
  } catch {
    // Storage refused (private mode): the wizard itself still flushes while it is open.
  }
}
