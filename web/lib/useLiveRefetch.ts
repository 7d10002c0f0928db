import { useEffect, useRef } from 'react';
import { onBoardEvent } from './live-start';

/**
 * Refetches a screen's query after board events (a burst of events costs one refetch), for figures
 * the normalised cache cannot derive by itself: counts, groups, capacity, slippage.
 */
export function useLiveRefetch(refetch: () => unknown, enabled = true, delayMs = 250): void {
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stop = onBoardEvent(() => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void latest.current();
      }, delayMs);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [enabled, delayMs]);
}
