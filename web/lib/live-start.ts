/**
 * Where the live board stream starts, so nothing is lost between a screen's first query and its
 * subscription: every query that reads a task list also reads the event log's `latestSeq` (read on
 * the server before the tasks), and the stream subscribes with `since` = the lowest one seen before it
 * started; the server replays everything after it. Once running, the stream records the last seq it
 * applied, which other live views (an open task) start from.
 */
let loadedAt: number | null = null;
let applied: number | null = null;
const listeners = new Set<() => void>();

/** A task list was read at `seq` (from TaskConnection.latestSeq). */
export function offerLoadedAt(seq: number): void {
  if (loadedAt !== null && loadedAt <= seq) return;
  loadedAt = seq;
  for (const listener of listeners) listener();
}

/** The seq the board stream starts from (null until a task list was loaded). */
export const liveLoadedAt = (): number | null => loadedAt;

const appliedListeners = new Set<(seq: number) => void>();

/** The board stream applied the event `seq`. */
export function recordApplied(seq: number): void {
  if (applied === null || seq > applied) applied = seq;
  for (const listener of appliedListeners) listener(seq);
}

/** Calls `listener` for every board event the stream applies (screens with figures the cache cannot derive refetch them). */
export function onBoardEvent(listener: (seq: number) => void): () => void {
  appliedListeners.add(listener);
  return () => appliedListeners.delete(listener);
}

/** Where a live view opened now starts: the last seq the board applied, else where the lists were read. */
export const liveSince = (): number | null => applied ?? loadedAt;

export function subscribeLoadedAt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** After sign-in or sign-out: the next user's lists and stream start afresh. */
export function resetLiveStart(): void {
  loadedAt = null;
  applied = null;
  for (const listener of listeners) listener();
}
