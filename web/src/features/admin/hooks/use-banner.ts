import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec 8: a green banner hides itself after 5 seconds unless it asks for longer. */
export const SUCCESS_BANNER_MS = 5000;

export interface BannerMessage {
  kind: 'success' | 'error';
  text: string;
  /** How long a success banner stays; SUCCESS_BANNER_MS without it. */
  ms?: number;
}

/** The page's one banner: a green one hides itself after its time; a red one stays until dismissed or replaced. */
export function useBanner() {
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const show = useCallback((next: BannerMessage | null) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setBanner(next);
    if (next?.kind === 'success') timer.current = setTimeout(() => setBanner(null), next.ms ?? SUCCESS_BANNER_MS);
  }, []);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return { banner, show };
}
