import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { displayName } from '../../../lib/auth';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Icon } from '../../../ui/icons';
import type { AttachmentItem_AttachmentFragment } from '../../../gql/graphql';
import { DeleteAttachmentMutation, RenameAttachmentMutation, TaskAttachmentsQuery } from '../attachment.graphql';
import { useAttachmentUploads } from '../hooks/useAttachmentUploads';
import { kindOf, UploadRow, useFileDrop } from './AttachmentParts';
import { formatSize, formatStamp, isPreviewable } from '../upload';
import { AttachmentPreview } from './AttachmentPreview';
import { OWN_REQUEST } from '../../../lib/serial-refetch';

const REFETCH = { refetchQueries: ['TaskAttachments'], awaitRefetchQueries: true };

/**
 * A task's Attachments: the files (thumbnails for images), Add files (several; phones offer the camera),
 * drop onto the section, paste an image while the task is open; each upload with its progress, Cancel,
 * and on failure the server's reason with Retry. Download for everyone who reads the task; Rename and
 * Delete where the server says the viewer may.
 */
export function AttachmentsSection({ taskId }: { taskId: string }) {
  const id = useId();
  const { toast } = useToast();
  const { data, refetch } = useQuery(TaskAttachmentsQuery, { variables: { taskId }, fetchPolicy: 'cache-and-network', ...OWN_REQUEST });
  const { pending, add, cancel, dismiss, retry } = useAttachmentUploads(taskId, () => void refetch());
  const input = useRef<HTMLInputElement>(null);
  const files = data?.task.id === taskId ? data.task.attachments : [];
  const images = files.filter((f) => isPreviewable(f.contentType));
  const [previewId, setPreviewId] = useState<string | null>(null);

  // A pasted image (a screenshot) while the task is open becomes an attachment.
  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => {
      const pasted = [...(e.clipboardData?.files ?? [])];
      // A paste the comment box took (its files go with the comment) is not the task's.
      if (pasted.length === 0 || e.defaultPrevented) return;
      e.preventDefault();
      add(pasted);
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, [add]);

  const drop = useFileDrop(add);

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="attachments-section"
      className={`flex flex-col gap-3 rounded-lg ${drop.dragging ? 'bg-brand-50 ring-2 ring-brand-500/40' : ''}`}
      {...drop.handlers}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          Attachments <Badge>{files.length}</Badge>
        </h3>
        <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
          <Icon.Plus width={15} height={15} /> Add files
        </Button>
        <input
          ref={input}
          id={`${id}-input`}
          type="file"
          multiple
          aria-label="Add files"
          className="sr-only"
          tabIndex={-1}
          onChange={(e) => {
            add(e.currentTarget.files ?? []);
            e.currentTarget.value = '';
          }}
        />
      </div>
      {files.length === 0 && pending.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 px-3 py-4 text-center text-sm text-slate-500">
          No files yet. Drop files here or add them.
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Attachments">
          {files.map((f) => (
            <AttachmentRow
              key={f.id}
              file={f}
              onPreview={() => setPreviewId(f.id)}
              onError={(title, err) => toast({ title, description: errorMessage(err, 'Please try again.'), variant: 'destructive' })}
            />
          ))}
          {pending.map((u) => (
            <UploadRow key={u.key} upload={u} onCancel={() => cancel(u.key)} onRetry={() => retry(u)} onDismiss={() => dismiss(u.key)} />
          ))}
        </ul>
      )}
      <AttachmentPreview images={images} openId={previewId} onOpen={setPreviewId} onClose={() => setPreviewId(null)} />
    </section>
  );
}

function AttachmentRow({
  file,
  onPreview,
  onError,
}: {
  file: AttachmentItem_AttachmentFragment;
  onPreview(): void;
  onError(title: string, err: unknown): void;
}) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(file.name);
  const [asking, setAsking] = useState(false);
  const [rename, { loading: saving }] = useMutation(RenameAttachmentMutation);
  const [remove] = useMutation(DeleteAttachmentMutation, REFETCH);

  const saveName = async () => {
    const next = name.trim();
    if (!next || next === file.name) return setRenaming(false);
    try {
      await rename({ variables: { id: file.id, name: next } });
      setRenaming(false);
    } catch (err) {
      onError('The file was not renamed', err);
    }
  };

  return (
    <li data-testid="attachment-item" className="flex items-center gap-3 rounded-md border border-slate-200 px-3 py-2">
      {isPreviewable(file.contentType) ? (
        <button
          type="button"
          onClick={onPreview}
          aria-label={`Preview ${file.name}`}
          className="shrink-0 rounded focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/40"
        >
          <img src={file.url} alt="" loading="lazy" data-testid="attachment-thumbnail" className="h-10 w-10 rounded object-cover" />
        </button>
      ) : (
        <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded bg-slate-100 text-[10px] font-semibold text-slate-600">
          {kindOf(file.contentType)}
        </span>
      )}
      <div className="min-w-0 flex-1">
        {renaming ? (
          <input
            aria-label="File name"
            value={name}
            maxLength={255}
            autoFocus
            disabled={saving}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              // Enter saves the name, not the task form around it; Escape leaves it as it was.
              if (e.key === 'Enter') {
                e.preventDefault();
                void saveName();
              }
              if (e.key === 'Escape') {
                e.preventDefault();
                e.stopPropagation();
                setName(file.name);
                setRenaming(false);
              }
            }}
            onBlur={() => void saveName()}
            className="w-full rounded-md border border-slate-300 px-2 py-1 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none"
          />
        ) : (
          <a href={file.url} target="_blank" rel="noopener" className="block truncate text-sm font-medium text-slate-900 hover:underline">
            {file.name}
          </a>
        )}
        <p className="truncate text-xs text-slate-500">
          {formatSize(file.size)} · {file.uploadedBy ? displayName(file.uploadedBy) : 'Unknown User'} ·{' '}
          <time dateTime={file.createdAt}>{formatStamp(file.createdAt)}</time>
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <a
          href={`${file.url}?download=1`}
          download={file.name}
          className="rounded-md px-2 py-1 text-sm text-brand-700 hover:bg-slate-100"
          aria-label={`Download ${file.name}`}
        >
          Download
        </a>
        {file.viewerCan.update && !renaming && (
          <Button variant="ghost" size="sm" aria-label={`Rename ${file.name}`} onClick={() => (setName(file.name), setRenaming(true))}>
            <Icon.Edit width={15} height={15} />
          </Button>
        )}
        {file.viewerCan.delete && (
          <Button variant="ghost" size="sm" aria-label={`Delete ${file.name}`} className="text-red-600!" onClick={() => setAsking(true)}>
            <Icon.Trash width={15} height={15} />
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={asking}
        title={`Delete "${file.name}"?`}
        description="The file is removed from the task for everyone."
        onCancel={() => setAsking(false)}
        onConfirm={async () => {
          try {
            await remove({ variables: { id: file.id } });
            setAsking(false);
          } catch (err) {
            setAsking(false);
            onError('The file was not deleted', err);
          }
        }}
      />
    </li>
  );
}
