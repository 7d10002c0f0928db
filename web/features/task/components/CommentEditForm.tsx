import { useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { MentionInput } from '../../mention';

/** The author's edit of a comment's text, with @mentions (people newly mentioned are notified). */
export function CommentEditForm({
  taskId,
  initial,
  saving,
  onSave,
  onCancel,
}: {
  taskId: string;
  initial: string;
  saving: boolean;
  onSave(content: string): Promise<boolean>;
  onCancel(): void;
}) {
  const id = useId();
  const [content, setContent] = useState(initial);
  const trimmed = content.trim();
  const save = async () => {
    if (!trimmed || saving) return;
    if (trimmed === initial || (await onSave(trimmed))) onCancel();
  };
  return (
    <div className="mt-1 flex flex-col gap-2">
      <label htmlFor={id} className="sr-only">
        Edit comment
      </label>
      <MentionInput
        taskId={taskId}
        id={id}
        rows={2}
        value={content}
        autoFocus
        onValueChange={setContent}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
            e.preventDefault();
            void save();
          }
          if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            onCancel();
          }
        }}
        className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none"
      />
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button size="sm" onClick={save} disabled={!trimmed || saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </div>
  );
}
