import { useCallback, useEffect, useEffectEvent, useState } from 'react';

interface Loaded<T> {
  key: string;
  data: T | null;
  error: unknown;
}

/**
 * Loads `key`'s data and reloads it on demand. While a new key or a reload is under way the last
 * answer stays on screen (`loading` says so); an answer for a key that is no longer current is dropped.
 */
export function useApiData<T>(key: string, load: (signal: AbortSignal) => Promise<T>) {
  const [reloads, setReloads] = useState(0);
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null);
  const current = `${key}#${reloads}`;
  const run = useEffectEvent((signal: AbortSignal) => load(signal));

  useEffect(() => {
    const controller = new AbortController();
    run(controller.signal).then(
      (data) => setLoaded({ key: current, data, error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded((last) => ({ key: current, data: last?.data ?? null, error }));
      },
    );
    return () => controller.abort();
  }, [current]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  const settled = loaded?.key === current;
  return { data: loaded?.data ?? null, error: settled ? loaded.error : null, loading: !settled, reload };
}
