import { useEffect, useSyncExternalStore } from 'react';
import { useSubscription } from '@apollo/client/react';
import { wsClient } from '../../../lib/apollo';
import { BoardPresenceSubscription } from '../presence.graphql';
import { clearTaskViewers, onTaskViewers, setTaskViewers, taskViewers, type Viewer } from '../presence-store';

/** The board's one presence subscription: who else has which task open, for every card (mount it once per screen). */
export function useBoardPresence(): void {
  useSubscription(BoardPresenceSubscription, {
    onData: ({ data }) => {
      const presence = data.data?.boardPresence;
      if (presence) setTaskViewers(presence.taskId, presence.viewers);
    },
  });
  // A dropped socket forgets the faces: the subscription starts again with the tasks open then.
  useEffect(() => {
    const stop = wsClient.on('closed', clearTaskViewers);
    return () => {
      stop();
      clearTaskViewers();
    };
  }, []);
}

/** Who else has this card's task open (from useBoardPresence). */
export function useCardPresence(taskId: string): Viewer[] {
  return useSyncExternalStore(
    (listener) => onTaskViewers(taskId, listener),
    () => taskViewers(taskId),
  );
}
