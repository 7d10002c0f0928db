import { useCallback, useRef, useState, type ClipboardEvent } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Icon } from '../../../ui/icons';
import type { AttachmentItem_AttachmentFragment } from '../../../gql/graphql';
import { DeleteAttachmentMutation, TaskCommentFilesQuery } from '../attachment.graphql';
import { useAttachmentUploads } from '../hooks/useAttachmentUploads';
import { commentFilesPath, formatSize, isPreviewable } from '../upload';
import { AttachmentPreview } from './AttachmentPreview';
import { kindOf, UploadRow, useFileDrop } from './AttachmentParts';
import { OWN_REQUEST } from '../../../lib/serial-refetch';

// Files on comments: chosen in the comment box (Attach files, paste, drop), sent once the comment is
// posted, shown under the posted comment.

/**
 * The files of a comment box: what was chosen (sent with the comment), and the handlers that take files
 * pasted into or dropped onto the box. A paste of files is the comment's, not the task's.
 */
export function useCommentFileChoice() {
  const [files, setFiles] = useState<File[]>([]);
  const choose = useCallback((more: Iterable<File>) => {
    const list = [...more];
    if (list.length) setFiles((chosen) => [...chosen, ...list]);
  }, []);
  const drop = useFileDrop(choose);
  const dropZone = {
    ...drop.handlers,
    onPaste: (e: ClipboardEvent) => {
      const pasted = [...e.clipboardData.files];
      if (pasted.length === 0) return;
      e.preventDefault();
      choose(pasted);
    },
  };
  return {
    files,
    dragging: drop.dragging,
    dropZone,
    choose,
    remove: (index: number) => setFiles((chosen) => chosen.filter((_, i) => i !== index)),
    clear: () => setFiles([]),
  };
}

/** Attach files (several; phones offer the camera too) and the files chosen so far, each with Remove. */
export function CommentFilesPicker({
  files,
  onChoose,
  onRemove,
  disabled,
}: {
  files: readonly File[];
  onChoose(files: Iterable<File>): void;
  onRemove(index: number): void;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
      <button
        type="button"
        disabled={disabled}
        onClick={() => input.current?.click()}
        className="inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/40 disabled:opacity-50"
      >
        <Icon.Paperclip width={15} height={15} /> Attach files
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept="image/*,*/*"
        aria-label="Attach files to the comment"
        className="sr-only"
        tabIndex={-1}
        onChange={(e) => {
          onChoose(e.currentTarget.files ?? []);
          e.currentTarget.value = '';
        }}
      />
      {files.length > 0 && (
        <ul aria-label="Files to attach" className="flex min-w-0 flex-wrap gap-1">
          {files.map((f, i) => (
            <li
              key={`${i}-${f.name}`}
              data-testid="comment-file-chosen"
              className="flex max-w-full items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-2.5 text-xs text-slate-700"
            >
              <span className="max-w-[12rem] truncate">{f.name}</span>
              <button
                type="button"
                aria-label={`Remove ${f.name}`}
                onClick={() => onRemove(i)}
                className="rounded-full p-0.5 hover:bg-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/40"
              >
                <Icon.X width={12} height={12} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Sending the files of posted comments: each with its progress, Cancel, and on failure the server's
 * reason with Retry. The comments' files are read again after each success.
 */
export function useCommentUploads(taskId: string) {
  const client = useApolloClient();
  const refresh = useCallback(
    // Its own request: a refresh after the last upload must not join one sent before that upload committed.
    () => void client.query({ query: TaskCommentFilesQuery, variables: { taskId }, fetchPolicy: 'network-only', ...OWN_REQUEST }).catch(() => undefined),
    [client, taskId],
  );
  const uploads = useAttachmentUploads(taskId, refresh);
  const { add } = uploads;
  const send = useCallback((commentId: string, files: readonly File[]) => add(files, commentFilesPath(commentId)), [add]);
  return { ...uploads, send };
}

/** The files of posted comments still on their way (or refused). */
export function CommentUploads({ uploads }: { uploads: ReturnType<typeof useCommentUploads> }) {
  if (uploads.pending.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2" aria-label="Files being attached">
      {uploads.pending.map((u) => (
        <UploadRow key={u.key} upload={u} onCancel={() => uploads.cancel(u.key)} onRetry={() => uploads.retry(u)} onDismiss={() => uploads.dismiss(u.key)} />
      ))}
    </ul>
  );
}

/** A posted comment's files: images as thumbnails that open the preview, the others as download links; Delete where the viewer may. */
export function CommentAttachments({ files }: { files: readonly AttachmentItem_AttachmentFragment[] }) {
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [asking, setAsking] = useState<AttachmentItem_AttachmentFragment | null>(null);
  const { toast } = useToast();
  const [remove] = useMutation(DeleteAttachmentMutation);
  if (files.length === 0) return null;
  const images = files.filter((f) => isPreviewable(f.contentType));
  const others = files.filter((f) => !isPreviewable(f.contentType));
  const deleteButton = (f: AttachmentItem_AttachmentFragment) =>
    f.viewerCan.delete && (
      <button
        type="button"
        aria-label={`Delete ${f.name}`}
        onClick={() => setAsking(f)}
        className="rounded p-1 text-slate-500 hover:bg-slate-200 hover:text-red-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/40"
      >
        <Icon.Trash width={14} height={14} />
      </button>
    );
  return (
    <div data-testid="comment-attachments" className="mt-2 flex flex-col gap-2">
      {images.length > 0 && (
        <ul aria-label="Images" className="flex flex-wrap gap-2">
          {images.map((f) => (
            <li key={f.id} className="flex items-start gap-0.5">
              <button
                type="button"
                onClick={() => setPreviewId(f.id)}
                aria-label={`Preview ${f.name}`}
                className="block rounded focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/40"
              >
                <img
                  src={f.url}
                  alt=""
                  loading="lazy"
                  data-testid="comment-attachment-thumbnail"
                  className="h-16 w-16 rounded border border-slate-200 object-cover"
                />
              </button>
              {deleteButton(f)}
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <ul aria-label="Files" className="flex flex-col gap-1">
          {others.map((f) => (
            <li key={f.id} className="flex min-w-0 items-center gap-2 text-sm">
              <span
                aria-hidden="true"
                className="flex h-6 w-8 shrink-0 items-center justify-center rounded bg-slate-200 text-[9px] font-semibold text-slate-600"
              >
                {kindOf(f.contentType)}
              </span>
              <a href={`${f.url}?download=1`} download={f.name} className="min-w-0 truncate text-brand-700 hover:underline">
                {f.name}
              </a>
              <span className="shrink-0 text-xs text-slate-500">{formatSize(f.size)}</span>
              {deleteButton(f)}
            </li>
          ))}
        </ul>
      )}
      <AttachmentPreview images={images} openId={previewId} onOpen={setPreviewId} onClose={() => setPreviewId(null)} />
      <ConfirmDialog
        open={!!asking}
        title={`Delete "${asking?.name ?? ''}"?`}
        description="The file is removed from the comment for everyone."
        onCancel={() => setAsking(null)}
        onConfirm={async () => {
          const file = asking;
          setAsking(null);
          if (!file) return;
          try {
            await remove({
              variables: { id: file.id },
              update: (cache) => {
                cache.evict({ id: cache.identify({ __typename: 'Attachment', id: file.id }) });
                cache.gc();
              },
            });
          } catch (err) {
            toast({ title: 'The file was not deleted', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
          }
        }}
      />
    </div>
  );
}
