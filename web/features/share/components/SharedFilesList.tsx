import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/icons';
import type { SharedFiles } from '../hooks/useSharedFiles';
import { SharedFileRow } from './SharedFileRow';

const NOTICES: Partial<Record<SharedFiles['status'], string>> = {
  gone: 'The shared files are no longer here: they are kept for a day, until a task gets them. Share them again to attach them.',
  missed: 'The shared files did not arrive: Let work flow was not ready to receive them on this device yet. Now that it is open, share them again.',
  error: 'The shared files could not be read in this browser. Add them to the task once it is created.',
};

/** The files that came with a share, in the create form: each can be removed before the task is created. */
export function SharedFilesList({ shared, onRemove }: { shared: SharedFiles; onRemove(file: File): void }) {
  if (shared.status === 'none') return null;
  return (
    <section aria-labelledby="shared-files-title" className="flex flex-col gap-2" data-testid="shared-files">
      <h2 id="shared-files-title" className="text-sm font-semibold text-slate-900">
        Files
      </h2>
      {shared.status === 'loading' && (
        <p className="text-sm text-slate-500" role="status">
          Loading shared files...
        </p>
      )}
      {shared.status === 'ready' && (
        <>
          <p className="text-xs text-slate-500">They are attached to the task when it is created.</p>
          <ul className="flex flex-col gap-2" aria-label="Shared files">
            {shared.files.map((file, i) => (
              <SharedFileRow
                key={`${i}-${file.name}`}
                file={file}
                actions={
                  <Button variant="ghost" size="sm" aria-label={`Remove ${file.name}`} onClick={() => onRemove(file)}>
                    <Icon.X width={15} height={15} />
                  </Button>
                }
              />
            ))}
          </ul>
        </>
      )}
      {NOTICES[shared.status] && (
        <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {NOTICES[shared.status]}
        </p>
      )}
    </section>
  );
}
