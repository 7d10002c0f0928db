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

/** What happened in a board event: its kind (TASK_CREATED, TASK_UPDATED...) and the task. */
export interface AppliedEvent {
  kind: string;
  taskId: string;
}

type AppliedListener = (seq: number, event?: AppliedEvent) => void;
const appliedListeners = new Set<AppliedListener>();

/** The board stream applied the event `seq` (`event` tells what it was). */
export function recordApplied(seq: number, event?: AppliedEvent): void {
  if (applied === null || seq > applied) applied = seq;
  for (const listener of appliedListeners) listener(seq, event);
}

/** Calls `listener` for every board event the stream applies (screens with figures the cache cannot derive refetch them). */
export function onBoardEvent(listener: AppliedListener): () => void {
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
