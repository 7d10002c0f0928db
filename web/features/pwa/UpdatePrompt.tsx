import { useEffect } from 'react';
import { useToast } from '../../lib/toast';
import { registerServiceWorker } from './registerServiceWorker';

/**
 * Registers the service worker and, when a new version of the app is waiting, offers it in a toast that
 * stays until it is used or dismissed: 'Reload to update' activates it and reloads. Renders nothing
 * itself; loaded on demand from main.tsx, so none of it weighs on the first download.
 */
export default function UpdatePrompt() {
  const { toast } = useToast();
  useEffect(
    () =>
      registerServiceWorker((update) =>
        toast({ title: 'A new version is available', action: { label: 'Reload to update', run: update }, polite: true, sticky: true }),
      ),
    [toast],
  );
  return null;
}
