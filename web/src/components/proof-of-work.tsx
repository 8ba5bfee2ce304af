import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type {} from 'altcha/types/react';
import { CHALLENGE_MESSAGES, type Challenge } from '@ledgerwell/shared/challenge';
import { isApiRequestError } from '../lib/api-client';

/** The challenge of a 429 CHALLENGE_REQUIRED answer, or null for any other failure. */
export function challengeOf(error: unknown): Challenge | null {
  return isApiRequestError(error) && error.code === 'CHALLENGE_REQUIRED' && error.challenge ? error.challenge : null;
}

type Widget = HTMLElement & {
  configure(config: Record<string, unknown>): Promise<void>;
  verify(): Promise<unknown>;
};

let loading: Promise<void> | undefined;

/**
 * The widget (about 35 KB gzip) is fetched only when an answer asks for it. Its external build
 * ships its CSS as a file and no workers of its own, so it runs under our CSP (no inline styles,
 * workers from our origin only).
 */
function loadWidget(): Promise<void> {
  loading ??= Promise.all([
    import('altcha/external'),
    import('altcha/altcha.css'),
    import('altcha/workers/pbkdf2?worker'),
  ])
    .then(([, , { default: Pbkdf2Worker }]) => {
      globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
    })
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/**
 * Solves a throttle's proof-of-work challenge on its own and hands back the payload to send with
 * the same call again. Shown only when the API asks for it. `onFailed`: the challenge could not be
 * solved (or expired), for a page that offers to try again (a fresh challenge comes with the next call).
 */
export function ProofOfWork({
  challenge,
  onSolved,
  onFailed,
}: {
  challenge: Challenge;
  onSolved: (payload: string) => void;
  onFailed?: () => void;
}) {
  const widget = useRef<Widget>(null);
  // The caller's callbacks may change on every render; solving must not start over because of them.
  const solved = useEffectEvent(onSolved);
  const gaveUp = useEffectEvent(() => onFailed?.());
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    let active = true;
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      if (!active) return;
      if (state === 'verified' && payload) solved(payload);
      else if (state === 'error' || state === 'expired') {
        setFailed(true);
        gaveUp();
      }
    };
    element.addEventListener('statechange', onState);
    loadWidget()
      .then(() => customElements.whenDefined('altcha-widget'))
      .then(() => (active ? element.configure({ challenge, hideFooter: true, hideLogo: true }) : undefined))
      .then(() => (active ? element.verify() : undefined))
      .catch(() => {
        if (!active) return;
        setFailed(true);
        gaveUp();
      });
    return () => {
      active = false;
      element.removeEventListener('statechange', onState);
    };
  }, [challenge]);

  return (
    <div className="proof-of-work">
      <p role="status" aria-live="polite" className={failed ? 'notice notice--error' : 'notice notice--info'}>
        {failed ? CHALLENGE_MESSAGES.failed : CHALLENGE_MESSAGES.verifying}
      </p>
      <altcha-widget ref={widget} />
    </div>
  );
}
