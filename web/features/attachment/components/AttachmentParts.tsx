import { useState, type DragEvent } from 'react';
import { Button } from '../../../ui/Button';
import type { PendingUpload } from '../hooks/useAttachmentUploads';

// Pieces the task's Attachments and a comment's files share.

const hasFiles = (e: DragEvent) => [...e.dataTransfer.types].includes('Files');

/** Files dropped onto an element (it is highlighted while files are over it); other drags pass by. */
export function useFileDrop(onFiles: (files: FileList) => void) {
  const [dragging, setDragging] = useState(false);
  const handlers = {
    onDragOver: (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      setDragging(true);
    },
    onDragLeave: (e: DragEvent) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      setDragging(false);
      onFiles(e.dataTransfer.files);
    },
  };
  return { dragging, handlers };
}

/** A short word for the kind of file, shown where an image has its thumbnail. */
export function kindOf(contentType: string): string {
  if (contentType === 'application/pdf') return 'PDF';
  if (contentType.startsWith('image/')) return 'IMG';
  if (contentType.startsWith('text/')) return 'TXT';
  if (contentType.startsWith('video/')) return 'VID';
  if (contentType.startsWith('audio/')) return 'AUD';
  if (/zip|compressed|tar|gzip/.test(contentType)) return 'ZIP';
  return 'FILE';
}

/** A file on its way: its progress and Cancel, or the server's reason with Retry and Dismiss. */
export function UploadRow({ upload, onCancel, onRetry, onDismiss }: { upload: PendingUpload; onCancel(): void; onRetry(): void; onDismiss(): void }) {
  const percent = Math.round(upload.progress * 100);
  return (
    <li data-testid="attachment-upload" className="flex flex-col gap-1 rounded-md border border-slate-200 px-3 py-2">
      <div className="flex items-center justify-between gap-2">
        <span className="min-w-0 truncate text-sm text-slate-800">{upload.file.name}</span>
        {upload.error ? (
          <span className="flex shrink-0 gap-1">
            <Button variant="outline" size="sm" onClick={onRetry}>
              Retry
            </Button>
            <Button variant="ghost" size="sm" onClick={onDismiss}>
              Dismiss
            </Button>
          </span>
        ) : (
          <Button variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
      {upload.error ? (
        <p role="alert" className="text-xs text-red-700">
          Not uploaded: {upload.error}
        </p>
      ) : (
        <div
          role="progressbar"
          aria-label={`Uploading ${upload.file.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-1.5 overflow-hidden rounded-full bg-slate-100"
        >
          <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      )}
    </li>
  );
}
