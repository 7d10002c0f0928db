import { useCallback, useEffect, useRef, useState } from 'react';
import { taskFilesPath, UploadCancelled, uploadFile, type UploadRequest } from '../upload';

/** A file being sent, or one that failed (with the server's reason, until Retry or Dismiss). */
export interface PendingUpload {
  key: number;
  file: File;
  /** Where it goes (taskFilesPath, commentFilesPath). */
  target: string;
  progress: number;
  error: string | null;
}

/**
 * The uploads of one task (its own files, or its comments'), each file on its own request so each has its
 * own progress, Cancel and Retry. Files added together go one after another, so they are listed in the
 * order they were chosen. `onUploaded` runs after each success (the caller reloads the list).
 */
export function useAttachmentUploads(taskId: string, onUploaded: () => void) {
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const requests = useRef(new Map<number, UploadRequest>());
  /** Files waiting for the ones added before them (Cancel takes one out). */
  const queued = useRef(new Set<number>());
  const line = useRef<Promise<void>>(Promise.resolve());
  const nextKey = useRef(1);
  const uploaded = useRef(onUploaded);
  uploaded.current = onUploaded;

  const patch = (key: number, change: Partial<PendingUpload> | null) =>
    setPending((list) => (change ? list.map((u) => (u.key === key ? { ...u, ...change } : u)) : list.filter((u) => u.key !== key)));

  /** Sends one file; settles when the server has answered (either way). */
  const send = useCallback((key: number, file: File, target: string): Promise<void> => {
    const request = uploadFile(target, file, (progress) => patch(key, { progress }));
    requests.current.set(key, request);
    return request.done.then(
      () => {
        requests.current.delete(key);
        patch(key, null);
        uploaded.current();
      },
      (err: unknown) => {
        requests.current.delete(key);
        if (err instanceof UploadCancelled) patch(key, null);
        else patch(key, { error: err instanceof Error ? err.message : 'The file could not be uploaded. Try again.', progress: 0 });
      },
    );
  }, []);

  /** Sends files to `target` (the task's own files unless told otherwise). */
  const add = useCallback(
    (files: Iterable<File>, target = taskFilesPath(taskId)) => {
      const added = [...files].map((file) => ({ key: nextKey.current++, file, target, progress: 0, error: null }));
      if (added.length === 0) return;
      setPending((list) => [...list, ...added]);
      for (const u of added) {
        queued.current.add(u.key);
        line.current = line.current.then(() => (queued.current.delete(u.key) ? send(u.key, u.file, u.target) : undefined));
      }
    },
    [send, taskId],
  );

  const cancel = useCallback((key: number) => {
    if (queued.current.delete(key)) patch(key, null);
    else requests.current.get(key)?.cancel();
  }, []);
  const dismiss = useCallback((key: number) => patch(key, null), []);
  const retry = useCallback(
    (u: PendingUpload) => {
      patch(u.key, { error: null, progress: 0 });
      void send(u.key, u.file, u.target);
    },
    [send],
  );

  // Leaving the task stops what is still on its way.
  useEffect(() => {
    const open = requests.current;
    const waiting = queued.current;
    return () => {
      waiting.clear();
      for (const r of open.values()) r.cancel();
      open.clear();
    };
  }, [taskId]);

  return { pending, add, cancel, dismiss, retry };
}
