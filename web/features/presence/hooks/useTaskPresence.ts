import { useEffect, useMemo, useRef, useState } from 'react';
import { useMutation, useSubscription } from '@apollo/client/react';
import { wsClient } from '../../../lib/apollo';
import { AnnouncePresenceMutation, TaskPresenceSubscription } from '../presence.graphql';
import type { Viewer } from '../presence-store';

/** How often an open task renews its presence (the server drops a view after 30 s without it). */
export const PRESENCE_HEARTBEAT_MS = 10_000;

/** A random id for one open view of a task (a tab may show one task at a time). */
function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Who else has the task open, and this view's own presence on it: the subscription announces the
 * view while it lasts (and again after a reconnect), a heartbeat renews it every 10 s, and a change of
 * `editing` (unsaved changes in the form) is announced at once.
 */
export function useTaskPresence(taskId: string | null, editing: boolean): Viewer[] {
  const clientId = useMemo(newClientId, []);
  const [state, setState] = useState<{ taskId: string; viewers: Viewer[] } | null>(null);
  useSubscription(TaskPresenceSubscription, {
    variables: { taskId: taskId ?? '', clientId },
    skip: !taskId,
    onData: ({ data }) => {
      const presence = data.data?.taskPresence;
      if (presence) setState({ taskId: presence.taskId, viewers: presence.viewers });
    },
  });
  const [announce] = useMutation(AnnouncePresenceMutation);
  const editingNow = useRef(editing);
  editingNow.current = editing;

  useEffect(() => {
    if (!taskId) return;
    const beat = () => void announce({ variables: { taskId, clientId, editing: editingNow.current } }).catch(() => {});
    const timer = setInterval(beat, PRESENCE_HEARTBEAT_MS);
    // After a reconnect the subscription announces the view again; the editing flag follows at once.
    const stop = wsClient.on('connected', beat);
    return () => {
      clearInterval(timer);
      stop();
    };
  }, [taskId, clientId, announce]);

  useEffect(() => {
    if (!taskId) return;
    void announce({ variables: { taskId, clientId, editing } }).catch(() => {});
  }, [taskId, clientId, editing, announce]);

  return taskId && state?.taskId === taskId ? state.viewers : [];
}
