import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';
import { del, get, set } from 'idb-keyval';
import { hasSavedCache, markCacheSaved, unmarkCacheSaved } from './saved-copy';

const KEY = 'lwf.cache.v1';
/** How long after a change the copy is written (a burst of live events costs one write). */
const SAVE_DELAY_MS = 1_500;
/** The longest the copy then waits for the page to be idle. */
const IDLE_WAIT_MS = 5_000;

/**
 * Runs `fn` when the main thread is idle (at the latest after IDLE_WAIT_MS): copying a cache of
 * thousands of tasks is a long task, and it must not land in the middle of a drag or of typing.
 * Browsers without requestIdleCallback (Safari) run it on the next turn.
 */
function whenIdle(fn: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(fn, { timeout: IDLE_WAIT_MS });
  else setTimeout(fn, 0);
}

/**
 * The signed-in viewer's last loaded data, kept in IndexedDB so the board and task details open without
 * a network (issue 19). Apollo Client 4 has no maintained persistence package (apollo3-cache-persist
 * declares Apollo 3 as its peer and breaks `npm install`), and this is its whole job: extract the
 * normalised cache, store it, restore it.
 */
export async function restoreCache(client: ApolloClient): Promise<boolean> {
  const saved = await get<NormalizedCacheObject>(KEY);
  if (!saved) return false;
  client.cache.restore(saved);
  return true;
}

/** Forgets the stored copy (sign-in, sign-out): this browser's next user must not see the last one's data. */
export async function forgetSavedCache(): Promise<void> {
  if (!hasSavedCache()) return;
  unmarkCacheSaved();
  await del(KEY);
  await del('lwf.queue.v1'); // changes someone left waiting are theirs: never sent under the next session
}

/**
 * While signed in: writes the cache to IndexedDB shortly after it changes (a board event, a task's
 * details read), once the page is idle, and at once when the page is hidden. Returns a function that stops.
 */
export function keepCacheSaved(client: ApolloClient): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const save = async () => {
    timer = null;
    if (stopped || !navigator.onLine) return; // offline, the cache holds what was restored plus pending changes
    await set(KEY, client.cache.extract());
    markCacheSaved();
  };
  const soon = () => {
    if (!timer) timer = setTimeout(() => whenIdle(() => void save()), SAVE_DELAY_MS);
  };
  // Every write to the cache ends in broadcastWatches (InMemoryCache's own hook for telling watchers):
  // wrapping it is the one place that sees a details query's fields as well as the board's.
  const cache = client.cache as unknown as { broadcastWatches(...args: unknown[]): void };
  const broadcast = cache.broadcastWatches;
  cache.broadcastWatches = function (this: unknown, ...args: unknown[]) {
    soon();
    return broadcast.apply(this, args);
  };
  const hidden = () => document.visibilityState === 'hidden' && void save();
  document.addEventListener('visibilitychange', hidden);
  soon();
  return () => {
    stopped = true;
    cache.broadcastWatches = broadcast;
    document.removeEventListener('visibilitychange', hidden);
    if (timer) clearTimeout(timer);
  };
}
