import { useEffect } from 'react';
import { hasOutboxHint } from '../features/onboarding/lib/outbox-hint';

/**
 * An issuer application submitted offline waits in the onboarding outbox (IndexedDB). It is sent when
 * the connection returns and at the next start of the app, on whatever page the visitor is: the
 * sender is loaded only when the hint says something waits, so other pages stay as light as they are.
 */
function flushIfQueued() {
  if (!hasOutboxHint() || !navigator.onLine) return;
  import('../features/onboarding/lib/outbox-flush')
    .then((module) => module.flushOnboardingOutbox())
    .catch(() => undefined);
}

export function useOnboardingOutbox(): void {
  useEffect(() => {
    flushIfQueued();
    window.addEventListener('online', flushIfQueued);
    return () => window.removeEventListener('online', flushIfQueued);
  }, []);
}
