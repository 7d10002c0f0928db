import { useEffect, useRef } from 'react';
import type { ApolloCache } from '@apollo/client';
import { useApolloClient, useSubscription } from '@apollo/client/react';
import { onReconnect } from '../../../lib/apollo';
import { BoardEventsSubscription, TaskChangesQuery } from '../live.graphql';
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

const PAGE = 200;

/**
 * Keeps every screen's cached tasks current while the app is open: live events over the socket, and
 * after a dropped connection (a phone going through a tunnel) exactly the changes that were missed,
 * from the server's durable event log; when the log no longer reaches back, everything is refetched.
 */
export function useBoardLiveUpdates(): void {
  const client = useApolloClient();
  const lastSeq = useRef<number | null>(null);

  useEffect(() => {
    let cancelled = false;
    // Where the log stands when the app opens: events after it are applied, older ones are in the queries.
    client
      .query({ query: TaskChangesQuery, variables: { since: 0, first: 0 }, fetchPolicy: 'network-only' })
      .then(({ data }) => {
        if (!cancelled && data && lastSeq.current === null) lastSeq.current = data.taskChanges.latestSeq;
      })
      .catch(() => {});

    const catchUp = async () => {
      if (lastSeq.current === null) return;
      let since: number = lastSeq.current;
      for (let page = 0; page < 50; page++) {
        const result = await client.query({ query: TaskChangesQuery, variables: { since, first: PAGE }, fetchPolicy: 'network-only' });
        if (!result.data || cancelled) return;
        const changes = result.data.taskChanges;
        if (changes.resetRequired) {
          lastSeq.current = changes.latestSeq;
          await client.refetchQueries({ include: 'active' });
          return;
        }
        for (const event of changes.events) applyBoardEvent(client.cache, event);
        since = changes.nextSince;
        lastSeq.current = Math.max(lastSeq.current ?? 0, since);
        if (!changes.hasMore) return;
      }
    };
    const stop = onReconnect(() => void catchUp().catch(() => {}));
    return () => {
      cancelled = true;
      stop();
    };
  }, [client]);

  useSubscription(BoardEventsSubscription, {
    ignoreResults: true,
    onData: ({ client: c, data }) => {
      const event = data.data?.boardEvents;
      if (!event) return;
      lastSeq.current = Math.max(lastSeq.current ?? 0, event.seq);
      applyBoardEvent(c.cache, event);
    },
  });
}
