import { useEffect, useState, type ReactNode } from 'react';
import { formatSize, isPreviewable } from '../../attachment';

/** A local address for an image file while it is shown (revoked after). */
function useObjectUrl(file: File): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!isPreviewable(file.type)) return;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [file]);
  return url;
}

/** One shared file: a thumbnail for an image, its name and size, the actions beside it and a line below. */
export function SharedFileRow({ file, actions, children }: { file: File; actions?: ReactNode; children?: ReactNode }) {
  const thumbnail = useObjectUrl(file);
  return (
    <li data-testid="shared-file" className="flex flex-col gap-1 rounded-md border border-slate-200 px-3 py-2">
      <div className="flex items-center gap-3">
        {thumbnail ? (
          <img src={thumbnail} alt="" data-testid="shared-file-thumbnail" className="h-10 w-10 shrink-0 rounded bg-slate-100 object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded bg-slate-100 text-[10px] font-semibold text-slate-600"
          >
            {file.type === 'application/pdf' ? 'PDF' : file.type.startsWith('text/') ? 'TXT' : 'FILE'}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-900">{file.name}</p>
          <p className="text-xs text-slate-500">{formatSize(file.size)}</p>
        </div>
        {actions && <div className="flex shrink-0 items-center gap-1">{actions}</div>}
      </div>
      {children}
    </li>
  );
}
