import { useEffect, useRef, useState } from 'react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { serialRefetch } from '../../../lib/serial-refetch';
import { useToast } from '../../../lib/toast';
import { NotificationAddedSubscription, NotificationCountQuery } from '../notifications.graphql';

/**
 * The bell's unread count, kept live: every new notification (notificationAdded, only ever the
 * viewer's own) shows a toast and reloads the count and an open panel's list. The stream starts with
 * the newest notification (includeLatest), read once it listens: when it is not the newest the count
 * query saw, something came in between, so the count is reloaded too (no toast when it is the same).
 * A dropped stream subscribes again the same way. Reloads never overlap (serial-refetch.ts): two
 * notifications in quick succession end with a count read after both.
 */
export function useNotificationBell(): number {
  const client = useApolloClient();
  const { toast } = useToast();
  const { data } = useQuery(NotificationCountQuery);
  const [generation, setGeneration] = useState(0);
  const newestKnown = useRef<string | null | undefined>(undefined);
  newestKnown.current = data ? (data.notifications.nodes[0]?.id ?? null) : undefined;

  useEffect(() => {
    let first = true;
    const reload = serialRefetch(() => client.refetchQueries({ include: ['NotificationCount', 'NotificationList'] }));
    const subscription = client.subscribe({ query: NotificationAddedSubscription }).subscribe({
      next: ({ data: event }) => {
        const added = event?.notificationAdded;
        if (!added) return;
        const opening = first;
        first = false;
        if (opening && added.id === newestKnown.current) return; // the count already has it
        // Before the count has loaded, the first event may be an old one: reload quietly.
        if (!(opening && newestKnown.current === undefined)) toast({ title: 'New notification', description: added.message, polite: true });
        reload();
      },
      error: () => setGeneration((g) => g + 1),
    });
    return () => subscription.unsubscribe();
  }, [client, toast, generation]);

  return data?.notifications.unreadCount ?? 0;
}
