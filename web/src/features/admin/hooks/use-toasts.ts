import { useCallback, useEffect, useRef, useState } from 'react';

export interface Toast {
  id: number;
  kind: 'success' | 'error';
  text: string;
}

const TOAST_MS = 6000;

/** Short-lived messages after an action (spec 8 "Toasts"); errors stay until dismissed or replaced. */
export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);

  const push = useCallback(
    (kind: Toast['kind'], text: string) => {
      const id = nextId.current++;
      setToasts((list) => [...list.filter((toast) => toast.text !== text), { id, kind, text }].slice(-3));
      if (kind === 'success') {
        const timer = setTimeout(() => {
          timers.current.delete(timer);
          dismiss(id);
        }, TOAST_MS);
        timers.current.add(timer);
      }
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  return { toasts, push, dismiss };
}
