// What the first download needs to know about the offline copy (kept tiny: the store itself, with
// IndexedDB, loads on demand).

const SAVED = 'lwf.offline-copy';

/** A copy of the signed-in viewer's data is stored in this browser. */
export const hasSavedCache = (): boolean => {
  try {
    return localStorage.getItem(SAVED) === '1';
  } catch {
    return false;
  }
};

export function markCacheSaved(): void {
  try {
    localStorage.setItem(SAVED, '1');
  } catch {
    /* private mode: no offline copy */
  }
}

export function unmarkCacheSaved(): void {
  try {
    localStorage.removeItem(SAVED);
  } catch {
    /* nothing stored */
  }
}

/** Started offline: the page shows the stored copy until the network is back. */
export let bootedOffline = false;

/**
 * Before the first render: offline with a stored copy, the cache is filled from it (the board and
 * details then open from it); when the network comes back, the changes made offline are sent and the
 * page reloads to read fresh data (OfflineSupport). Online, nothing is restored (the server's answer is the truth, and the live stream starts
 * from it).
 */
export async function restoreIfOffline(client: Parameters<typeof import('./cache-store').restoreCache>[0]): Promise<void> {
  if (navigator.onLine || !hasSavedCache()) return;
  try {
    bootedOffline = await (await import('./cache-store')).restoreCache(client);
  } catch {
    bootedOffline = false;
  }
}
