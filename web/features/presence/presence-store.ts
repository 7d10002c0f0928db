import type { PresenceViewer_ViewerFragment } from '../../gql/graphql';

export type Viewer = PresenceViewer_ViewerFragment;

/**
 * Who else has which task open, as the board's one presence subscription last said (useBoardPresence);
 * each card reads its own task's entry (useCardPresence), so a change redraws only that card.
 */
const byTask = new Map<string, Viewer[]>();
const listeners = new Map<string, Set<() => void>>();
const NONE: Viewer[] = [];

function notify(taskId: string): void {
  for (const listener of listeners.get(taskId) ?? []) listener();
}

export function setTaskViewers(taskId: string, viewers: Viewer[]): void {
  if (viewers.length === 0) {
    if (!byTask.delete(taskId)) return;
  } else byTask.set(taskId, viewers);
  notify(taskId);
}

/** Forgets every task (the board's subscription ended; a new one starts from the list as it is then). */
export function clearTaskViewers(): void {
  const ids = [...byTask.keys()];
  byTask.clear();
  for (const id of ids) notify(id);
}

export const taskViewers = (taskId: string): Viewer[] => byTask.get(taskId) ?? NONE;

export function onTaskViewers(taskId: string, listener: () => void): () => void {
  let set = listeners.get(taskId);
  if (!set) listeners.set(taskId, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(taskId);
  };
}
