import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ApolloCache } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { liveLoadedAt, recordApplied, subscribeLoadedAt } from '../../../lib/live-start';
import { serialRefetch } from '../../../lib/serial-refetch';
import { BoardEventsSubscription } from '../live.graphql';
import type { BoardEvent_EventFragment } from '../../../gql/graphql';
import { addTaskToLists, removeTaskFromCache } from './task-cache';

/**
 * Applies one board event to the cache. The task in the event is already normalised by Apollo (so
 * every screen showing it updates); this adds it to or removes it from the cached task lists.
 */
export function applyBoardEvent(cache: ApolloCache, event: BoardEvent_EventFragment): void {
  if (event.kind === 'TASK_DELETED' || event.kind === 'TASK_REMOVED' || !event.task) {
    if (event.kind === 'TASK_DELETED' || event.kind === 'TASK_REMOVED') removeTaskFromCache(cache, event.taskId);
    return;
  }
  addTaskToLists(cache, event.task);
}

/**
 * Keeps every screen's cached tasks current while the app is open. The stream starts from where the
 * first task list was read (its `latestSeq`), so a change made between that read and the
 * subscription is replayed by the server, not lost; after a dropped connection it resumes from the
 * last event received (live-resume.ts). REFETCH (the log no longer reaches back) reloads the screens;
 * RESET (this client fell too far behind and the server ended the stream) subscribes again from the
 * last event applied.
 */
export function useBoardLiveUpdates(): void {
  const client = useApolloClient();
  const loadedAt = useSyncExternalStore(subscribeLoadedAt, liveLoadedAt);
  const started = loadedAt !== null;
  const lastSeq = useRef<number | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (!started) {
      lastSeq.current = null; // signed out: the next user starts from their own first read
      return;
    }
    const since = lastSeq.current ?? liveLoadedAt() ?? 0;
    const reloadScreens = serialRefetch(() => client.refetchQueries({ include: 'active' }));
    const subscription = client.subscribe({ query: BoardEventsSubscription, variables: { since } }).subscribe({
      next: ({ data }) => {
        const event = data?.boardEvents;
        if (!event) return;
        if (event.kind === 'RESET') {
          setGeneration((g) => g + 1);
          return;
        }
        lastSeq.current = Math.max(lastSeq.current ?? 0, event.seq);
        recordApplied(event.seq, { kind: event.kind, taskId: event.taskId });
        if (event.kind === 'REFETCH') reloadScreens();
        else applyBoardEvent(client.cache, event);
      },
      error: () => setGeneration((g) => g + 1),
    });
    return () => subscription.unsubscribe();
  }, [client, started, generation]);
}
