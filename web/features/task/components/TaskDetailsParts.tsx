import { useEffect, useState } from 'react';
import { displayName } from '../../../lib/auth';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Icon } from '../../../ui/icons';
import type { TaskDetails_TaskFragment } from '../../../gql/graphql';
import { useDeleteTask } from '../hooks/useDeleteTask';
import { formatStamp } from '../task-labels';

export interface TaskNavigation {
  taskIds?: string[];
  /** How many tasks the whole list has, when `taskIds` holds only the ones loaded so far (a paged listing). */
  totalCount?: number;
  onNavigate?(id: string): void;
}

/** What the open editor reports to its container (the sheet, the dialog): unsaved edits, and how to drop them. */
export interface UnsavedEdits {
  dirty: boolean;
  discard(): void;
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.getAttribute('role') === 'combobox');

/** Previous / next through the list the task was opened from, showing 'N of total' (arrow keys too). */
export function TaskNav({ taskId, taskIds, totalCount, onNavigate }: TaskNavigation & { taskId: string }) {
  const index = taskIds ? taskIds.indexOf(taskId) : -1;
  const total = taskIds?.length ?? 0;
  const prev = index > 0 ? taskIds![index - 1] : null;
  const next = index >= 0 && index < total - 1 ? taskIds![index + 1] : null;

  useEffect(() => {
    if (!onNavigate || index < 0) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
      if (e.key === 'ArrowLeft' && prev) onNavigate(prev);
      if (e.key === 'ArrowRight' && next) onNavigate(next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onNavigate, index, prev, next]);

  if (!onNavigate || index < 0 || total < 1) return null;
  const button = 'rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:opacity-30 disabled:hover:bg-transparent';
  return (
    <nav aria-label="Task navigation" className="flex items-center gap-1">
      <button type="button" className={button} aria-label="Previous task" disabled={!prev} onClick={() => prev && onNavigate(prev)}>
        <Icon.ChevronLeft />
      </button>
      <span data-testid="task-position" className="min-w-[4.5rem] text-center text-sm text-slate-600 tabular-nums">
        {index + 1} of {Math.max(total, totalCount ?? 0)}
      </span>
      <button type="button" className={button} aria-label="Next task" disabled={!next} onClick={() => next && onNavigate(next)}>
        <Icon.ChevronRight />
      </button>
    </nav>
  );
}

/** Created / updated times and who created the task. */
export function TaskTimestamps({ task }: { task: TaskDetails_TaskFragment }) {
  return (
    <div className="flex flex-wrap gap-x-6 gap-y-1 text-xs text-slate-500">
      <p>
        Created{' '}
        <time dateTime={task.createdAt} className="text-slate-700">
          {formatStamp(task.createdAt)}
        </time>
        {task.createdBy && (
          <>
            {' '}
            by <span className="text-slate-700">{displayName(task.createdBy)}</span>
          </>
        )}
      </p>
      <p>
        Updated{' '}
        <time dateTime={task.updatedAt} className="text-slate-700">
          {formatStamp(task.updatedAt)}
        </time>
      </p>
    </div>
  );
}

export function ReadOnlyNotice() {
  return (
    <p role="note" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800">
      You can view this task but not change it.
    </p>
  );
}

/** The delete flow: 'Are you sure you want to delete this task?', then delete and close. */
export function useDeleteTaskFlow(taskId: string | null, onDeleted: () => void) {
  const [asking, setAsking] = useState(false);
  const { deleteTask } = useDeleteTask();
  const dialog = (
    <ConfirmDialog
      open={asking}
      title="Are you sure you want to delete this task?"
      description="Its subtasks and comments go with it. Undo in the message that follows brings it all back."
      onCancel={() => setAsking(false)}
      onConfirm={async () => {
        if (!taskId) return;
        if (await deleteTask(taskId)) {
          setAsking(false);
          onDeleted();
        }
      }}
    />
  );
  return { ask: () => setAsking(true), dialog };
}
