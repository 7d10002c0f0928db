import { useOnline } from '../hooks/useOfflineCopy';

/** Offline: the last loaded data shows and changes wait (how many); back online, while they are sent. */
export function OfflineBanner({ waiting }: { waiting: number }) {
  const online = useOnline();
  if (online && waiting === 0) return null;
  const changes = `${waiting} change${waiting === 1 ? '' : 's'}`;
  return (
    <div role="status" data-testid="offline-banner" className="border-b border-amber-200 bg-amber-50 px-3 py-2 text-center text-sm text-amber-900">
      {online
        ? `Saving ${changes} made offline...`
        : waiting > 0
          ? `Offline — ${changes} waiting`
          : 'Offline — showing what was last loaded; changes you make wait until you are back online.'}
    </div>
  );
}
