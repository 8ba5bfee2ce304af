import { useRegisterSW } from 'virtual:pwa-register/react';

/**
 * Registers the service worker (no inline script: the CSP forbids it) and offers a reload
 * when a new version is waiting. Loaded lazily so the home page's first paint does not wait for it.
 */
export default function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    // The component mounts after window 'load' may have fired: register right away.
    immediate: true,
    onRegisterError(error: unknown) {
      console.error('Service worker registration failed', error);
    },
  });

  return (
    <div className="update-region" aria-live="polite">
      {needRefresh && (
        <div className="update-prompt">
          <p>A new version is available.</p>
          <div className="update-prompt__actions">
            <button type="button" className="button button--small" onClick={() => void updateServiceWorker(true)}>
              Reload
            </button>
            <button type="button" className="button button--ghost button--small" onClick={() => setNeedRefresh(false)}>
              Dismiss
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
