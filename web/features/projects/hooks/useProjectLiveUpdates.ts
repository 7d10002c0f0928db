import { useEffect, useRef } from 'react';
import { useSubscription } from '@apollo/client/react';
import { ProjectEventsSubscription } from '../projects.graphql';
import { applyProjectChange } from './useProjectMutations';

/**
 * Keeps the cached project list live: projects created, edited or deleted in another browser are
 * added, updated (the normalised cache merges the project) or removed, so the Projects panel, its
 * stat cards and the task pickers' project options follow. On REFETCH (the first event of every
 * (re)subscription, and after the server dropped events) `refetch` reloads the list once, so nothing
 * that happened before the subscription ran is missed.
 */
export function useProjectLiveUpdates(refetch: () => unknown, enabled = true): void {
  const latest = useRef(refetch);
  latest.current = refetch;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useSubscription(ProjectEventsSubscription, {
    skip: !enabled,
    ignoreResults: true,
    onData: ({ client, data }) => {
      const event = data.data?.projectEvents;
      if (!event) return;
      if (event.kind === 'REFETCH') {
        // A burst of REFETCHes (reconnects) costs one reload.
        timer.current ??= setTimeout(() => {
          timer.current = null;
          void latest.current();
        }, 100);
      } else if (event.kind === 'DELETED') {
        if (event.projectId) applyProjectChange(client.cache, { removeId: event.projectId });
      } else if (event.project) {
        applyProjectChange(client.cache, { upsert: event.project });
      }
    },
  });
}
