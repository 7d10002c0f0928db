// What the first download needs to know about the offline copy (kept tiny: the store itself, with
// IndexedDB, loads on demand).
import type { ApolloClient } from '@apollo/client';
import { hasSavedCache } from './saved-copy';

/** Started offline: the page shows the stored copy until the network is back. */
export let bootedOffline = false;

/**
 * Before the first render: offline with a stored copy, the cache is filled from it (the board and
 * details then open from it); when the network comes back, the changes made offline are sent and the
 * page reloads to read fresh data (OfflineSupport). Online, nothing is restored (the server's answer is the truth, and the live stream starts
 * from it).
 */
export async function restoreIfOffline(client: ApolloClient): Promise<void> {
  if (navigator.onLine || !hasSavedCache()) return;
  try {
    bootedOffline = await (await import('./cache-store')).restoreCache(client);
  } catch {
    bootedOffline = false;
  }
}

/**
 * At every sign-in and sign-out (registered with lib/apollo.ts's onSessionReset in main.tsx): the stored
 * copy is forgotten, so this browser's next user never sees the last one's data.
 */
export async function forgetOfflineCopy(): Promise<void> {
  if (!hasSavedCache()) return;
  await (await import('./cache-store')).forgetSavedCache();
}
