import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../ui/Button';
import { useAttachmentUploads } from '../../attachment';
import { forgetSharedFiles } from '../share-store';
import { SharedFileRow } from './SharedFileRow';

const count = (n: number) => `${n} ${n === 1 ? 'file' : 'files'}`;

/**
 * After the task is created: its shared files go up through the task's attachment uploads, each with its
 * progress; a refused one shows the server's reason with Retry (or Dismiss). Once none is left on its way
 * or failed, the kept copy of the share is deleted.
 */
export function SharedFileUploads({ taskId, shareKey, files }: { taskId: string; shareKey: string; files: File[] }) {
  const [attached, setAttached] = useState(0);
  const [started, setStarted] = useState(false);
  const [dismissed, setDismissed] = useState<readonly File[]>([]);
  const { pending, add, retry, dismiss } = useAttachmentUploads(taskId, () => setAttached((n) => n + 1));

  useEffect(() => {
    add(files);
    setStarted(true);
  }, [add, files]);

  const settled = started && pending.length === 0;
  useEffect(() => {
    if (settled) void forgetSharedFiles(shareKey).catch(() => undefined);
  }, [settled, shareKey]);

  const failed = pending.filter((u) => u.error).length;
  const summary = !settled
    ? failed > 0 && failed === pending.length
      ? `${count(failed)} not attached`
      : `Attaching ${count(files.length)}...`
    : attached === files.length
      ? `${count(attached)} attached`
      : `${attached} of ${count(files.length)} attached`;

  return (
    <section aria-labelledby="shared-uploads-title" className="mt-5 flex flex-col gap-2 text-left" data-testid="shared-uploads">
      <h2 id="shared-uploads-title" className="text-sm font-semibold text-slate-900" aria-live="polite">
        {summary}
      </h2>
      <ul className="flex flex-col gap-2" aria-label="Shared files">
        {files.map((file, i) => {
          const upload = pending.find((u) => u.file === file);
          return (
            <SharedFileRow
              key={`${i}-${file.name}`}
              file={file}
              actions={
                upload?.error ? (
                  <>
                    <Button variant="outline" size="sm" onClick={() => retry(upload)}>
                      Retry
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => {
                        setDismissed((list) => [...list, file]);
                        dismiss(upload.key);
                      }}
                    >
                      Dismiss
                    </Button>
                  </>
                ) : !upload && started ? (
                  dismissed.includes(file) ? (
                    <span className="text-xs text-slate-500">Not attached</span>
                  ) : (
                    <span className="text-xs font-medium text-emerald-700">Attached</span>
                  )
                ) : null
              }
            >
              {upload?.error ? (
                <p role="alert" className="text-xs text-red-700">
                  Not uploaded: {upload.error}
                </p>
              ) : upload ? (
                <div
                  role="progressbar"
                  aria-label={`Uploading ${file.name}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(upload.progress * 100)}
                  className="h-1.5 overflow-hidden rounded-full bg-slate-100"
                >
                  <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${Math.round(upload.progress * 100)}%` }} />
                </div>
              ) : null}
            </SharedFileRow>
          );
        })}
      </ul>
      {settled && attached < files.length && (
        <p className="text-xs text-slate-500">
          Add the others from the task:{' '}
          <Link to={`/?task=${encodeURIComponent(taskId)}`} className="font-medium text-brand-700 hover:underline">
            open it
          </Link>
          .
        </p>
      )}
    </section>
  );
}
