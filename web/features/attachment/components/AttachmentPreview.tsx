import { useEffect } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Icon } from '../../../ui/icons';
import type { AttachmentItem_AttachmentFragment } from '../../../gql/graphql';
import { formatSize } from '../upload';

interface AttachmentPreviewProps {
  /** The task's images, in the list's order. */
  images: readonly AttachmentItem_AttachmentFragment[];
  /** The one shown (null: closed). */
  openId: string | null;
  onOpen(id: string): void;
  onClose(): void;
}

/**
 * A task's images full size, one at a time: Previous and Next (and the arrow keys) step through them,
 * "2 of 3" says where; Escape or Close returns to the task. Full screen on phones.
 */
export function AttachmentPreview({ images, openId, onOpen, onClose }: AttachmentPreviewProps) {
  const index = images.findIndex((f) => f.id === openId);
  const file = index >= 0 ? images[index] : null;
  const previous = index > 0 ? images[index - 1] : null;
  const next = index >= 0 && index < images.length - 1 ? images[index + 1] : null;

  useEffect(() => {
    if (!file) return;
    const onKey = (e: KeyboardEvent) => {
      const to = e.key === 'ArrowLeft' ? previous : e.key === 'ArrowRight' ? next : null;
      if (!to) return;
      e.preventDefault();
      onOpen(to.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [file, previous, next, onOpen]);

  return (
    <Dialog
      open={!!file}
      onClose={onClose}
      size="xl"
      fullScreenOnPhone
      title={<span className="block truncate">{file?.name}</span>}
      description={file ? `${index + 1} of ${images.length} · ${formatSize(file.size)}` : undefined}
      footer={
        file && (
          <>
            <a
              href={`${file.url}?download=1`}
              download={file.name}
              className="mr-auto inline-flex items-center rounded-md px-3 py-2 text-sm font-medium text-brand-700 hover:bg-slate-100"
            >
              Download
            </a>
            <Button variant="outline" disabled={!previous} onClick={() => previous && onOpen(previous.id)}>
              <Icon.ChevronLeft width={16} height={16} /> Previous
            </Button>
            <Button variant="outline" disabled={!next} onClick={() => next && onOpen(next.id)}>
              Next <Icon.ChevronRight width={16} height={16} />
            </Button>
          </>
        )
      }
    >
      {file && (
        <img
          key={file.id}
          src={file.url}
          alt={file.name}
          data-testid="attachment-preview-image"
          className="mx-auto max-h-[70vh] w-auto max-w-full rounded object-contain"
        />
      )}
    </Dialog>
  );
}
