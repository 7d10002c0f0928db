import { useEffect, useSyncExternalStore } from 'react';
import { useApolloClient } from '@apollo/client/react';

const subscribe = (change: () => void) => {
  window.addEventListener('online', change);
  window.addEventListener('offline', change);
  return () => {
    window.removeEventListener('online', change);
    window.removeEventListener('offline', change);
  };
};

/** Whether the browser has a network (navigator.onLine, kept current). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine);
}

/** While signed in, keeps the offline copy of the viewer's data current (cache-store.ts, loaded on demand). */
export function useOfflineCopy(): void {
  const client = useApolloClient();
  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('../cache-store').then(({ keepCacheSaved }) => {
      if (!cancelled) stop = keepCacheSaved(client);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [client]);
}
