import { useEffect, useSyncExternalStore } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { useToast } from '../../../lib/toast';
import { useOfflineCopy } from '../hooks/useOfflineCopy';
import { bootedOffline } from '../offline-boot';
import { drain, installQueue, loadQueue, subscribeQueue, waitingCount } from '../offline-queue';
import { OfflineBanner } from './OfflineBanner';

/**
 * The signed-in app's offline support, a chunk loaded after the first paint: keeps the offline copy
 * of the viewer's data current, queues the changes made offline and sends them once back online (then,
 * on a page started offline, reloads for fresh data), and shows the offline banner.
 */
export default function OfflineSupport() {
  const client = useApolloClient();
  const { toast } = useToast();
  const waiting = useSyncExternalStore(subscribeQueue, waitingCount);
  useOfflineCopy();

  useEffect(() => {
    installQueue(client);
    const refused = ({ message }: { message: string }) =>
      toast({ title: 'A change made offline was not saved', description: message, variant: 'destructive', sticky: true });
    const backOnline = () =>
      void drain(refused).then(() => {
        if (bootedOffline && waitingCount() === 0) window.location.reload();
      });
    void loadQueue().then(() => navigator.onLine && backOnline());
    window.addEventListener('online', backOnline);
    return () => window.removeEventListener('online', backOnline);
  }, [client, toast]);

  return <OfflineBanner waiting={waiting} />;
}
