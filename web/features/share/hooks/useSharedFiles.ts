import { useCallback, useEffect, useState } from 'react';
import type { SharedFilesRef } from '../../../../schema/domain/share-target';
import { readSharedFiles, replaceSharedFiles, sweepSharedFiles } from '../share-store';

/** The files of a share, as the form shows them. */
export type SharedFiles =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; key: string; files: File[] }
  /** The address names kept files that are gone: attached already, removed, or past their day. */
  | { status: 'gone' }
  /** Files were shared but never kept (no service worker yet). */
  | { status: 'missed' }
  /** This browser would not read them (storage unavailable). */
  | { status: 'error' };

/**
 * Reads the files a share's address names (kept by the service worker) and lets the form drop one
 * before the task is created (the kept record follows). Stale shares of other visits are swept.
 */
export function useSharedFiles(ref: SharedFilesRef): { shared: SharedFiles; remove(file: File): void } {
  const key = ref.kind === 'kept' ? ref.key : null;
  const [shared, setShared] = useState<SharedFiles>(() =>
    ref.kind === 'kept' ? { status: 'loading' } : ref.kind === 'missed' ? { status: 'missed' } : { status: 'none' },
  );

  useEffect(() => {
    if (!key) return;
    let live = true;
    readSharedFiles(key).then(
      (files) => live && setShared(files && files.length > 0 ? { status: 'ready', key, files } : { status: 'gone' }),
      () => live && setShared({ status: 'error' }),
    );
    void sweepSharedFiles().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [key]);

  const remove = useCallback(
    (file: File) => {
      if (shared.status !== 'ready') return;
      const files = shared.files.filter((f) => f !== file);
      setShared(files.length > 0 ? { ...shared, files } : { status: 'none' });
      void replaceSharedFiles(shared.key, files).catch(() => undefined);
    },
    [shared],
  );

  return { shared, remove };
}
