// Whether this browser holds a stored copy of the signed-in viewer's data: a flag in localStorage, read
// in the first download (offline-boot.ts) and set by the store itself (cache-store.ts).

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
