import { useEffect, useMemo, useRef } from 'react';
import { onBoardEvent } from './live-start';
import { serialRefetch } from './serial-refetch';

/**
 * Refetches a screen's query after board events (a burst of events costs one refetch), for figures
 * the normalised cache cannot derive by itself: counts, groups, capacity, slippage. Refetches never
 * overlap (serial-refetch.ts), so the last one always starts after the last event.
 *
 * Returns `reload`, which asks for a round now: a screen's own change that moves its figures (a
 * capacity saved) reloads through it, so its refetch neither joins nor cancels one that started
 * before the change (Apollo aborts a refetch that a newer one replaces).
 */
export function useLiveRefetch(refetch: () => unknown, enabled = true, delayMs = 250): () => void {
  const latest = useRef(refetch);
  latest.current = refetch;
  const reload = useMemo(() => serialRefetch(() => latest.current()), []);
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stop = onBoardEvent(() => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        reload();
      }, delayMs);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [enabled, delayMs, reload]);
  return reload;
}
