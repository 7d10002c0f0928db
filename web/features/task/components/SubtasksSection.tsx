import { useMemo, useState } from 'react';
import { displayName } from '../../../lib/auth';
import { Badge, type BadgeTone } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EmptyState } from '../../../ui/States';
import { Icon } from '../../../ui/icons';
import type { SubtaskItem_SubtaskFragment, TaskPerson_UserFragment } from '../../../gql/graphql';
import { usePickerOptions } from '../hooks/usePickerOptions';
import { useSubtaskMutations } from '../hooks/useSubtaskMutations';
import { formatDay } from '../task-labels';
import { Section } from './Section';
import { SubtaskDialog } from './SubtaskDialog';

const STATUS_TONES: Record<string, BadgeTone> = { 'Not Started': 'slate', 'In Progress': 'blue', Done: 'green', Blocked: 'red' };

export interface SubtasksSectionProps {
  taskId: string;
  subtasks: readonly SubtaskItem_SubtaskFragment[];
  canEdit: boolean;
  /** The people already on the task (they may always be given its subtasks). */
  taskPeople?: (TaskPerson_UserFragment | null | undefined)[];
}

/** The subtasks of a task: done/total, add, edit, toggle done, promote, delete. */
export function SubtasksSection({ taskId, subtasks, canEdit, taskPeople = [] }: SubtasksSectionProps) {
  const { assignees } = usePickerOptions();
  const { createSubtask, updateSubtask, deleteSubtask, promoteSubtask } = useSubtaskMutations(taskId);
  const [editing, setEditing] = useState<SubtaskItem_SubtaskFragment | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<SubtaskItem_SubtaskFragment | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const done = subtasks.filter((s) => s.status === 'Done').length;
  const options = useMemo(() => {
    const list = [...assignees];
    for (const p of [...taskPeople, ...subtasks.map((s) => s.assignedTo)]) {
      if (p && !list.some((o) => o.value === p.id)) list.push({ value: p.id, label: displayName(p) });
    }
    return list;
  }, [assignees, taskPeople, subtasks]);

  const run = async (id: string, action: () => Promise<boolean>) => {
    setBusyId(id);
    try {
      await action();
    } finally {
      setBusyId(null);
    }
  };

  return (
    <Section
      title="Subtasks"
      badge={
        <span data-testid="subtask-count">
          <Badge tone={subtasks.length > 0 && done === subtasks.length ? 'green' : 'slate'}>
            {done}/{subtasks.length}
          </Badge>
        </span>
      }
      action={
        canEdit && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setEditing(null);
              setDialogOpen(true);
            }}
          >
            <Icon.Plus width={16} height={16} /> Add Subtask
          </Button>
        )
      }
    >
      {subtasks.length === 0 ? (
        <EmptyState title="No subtasks yet">{canEdit ? 'Split the work into smaller steps.' : null}</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Subtasks">
          {subtasks.map((s) => {
            const isDone = s.status === 'Done';
            return (
              <li key={s.id} data-testid="subtask-item" className="flex items-start gap-3 px-3 py-2.5">
                <input
                  type="checkbox"
                  checked={isDone}
                  disabled={!canEdit || busyId === s.id}
                  aria-label={`Mark "${s.title}" ${isDone ? 'not started' : 'done'}`}
                  onChange={() => run(s.id, () => updateSubtask(s.id, { status: isDone ? 'Not Started' : 'Done' }, s))}
                  className="mt-1 h-4 w-4 shrink-0 cursor-pointer rounded border-slate-300 accent-emerald-600"
                />
                <div className="min-w-0 flex-1">
                  <p className={`text-sm font-medium break-words ${isDone ? 'text-slate-500 line-through' : 'text-slate-900'}`}>{s.title}</p>
                  {s.description && <p className="mt-0.5 text-xs break-words whitespace-pre-wrap text-slate-500">{s.description}</p>}
                  <div className="mt-1.5 flex flex-wrap items-center gap-1.5 text-xs text-slate-500">
                    <Badge tone={STATUS_TONES[s.status] ?? 'slate'}>{s.status}</Badge>
                    <span>{s.assignedTo ? displayName(s.assignedTo) : 'Unassigned'}</span>
                    {s.dueDate && <span>· Due {formatDay(s.dueDate)}</span>}
                    {s.estimatedHours > 0 && <span>· {s.estimatedHours}h</span>}
                    {s.tags.map((t) => (
                      <Badge key={t} tone="violet">
                        {t}
                      </Badge>
                    ))}
                  </div>
                </div>
                {canEdit && (
                  <div className="flex shrink-0 items-center">
                    <IconButton
                      label={`Edit subtask "${s.title}"`}
                      onClick={() => {
                        setEditing(s);
                        setDialogOpen(true);
                      }}
                    >
                      <Icon.Edit width={16} height={16} />
                    </IconButton>
                    <IconButton label={`Promote "${s.title}" to task`} disabled={busyId === s.id} onClick={() => run(s.id, () => promoteSubtask(s.id))}>
                      <svg
                        width="16"
                        height="16"
                        viewBox="0 0 24 24"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="2"
                        strokeLinecap="round"
                        strokeLinejoin="round"
                        aria-hidden="true"
                      >
                        <path d="M12 19V5M5 12l7-7 7 7" />
                      </svg>
                    </IconButton>
                    <IconButton label={`Delete subtask "${s.title}"`} danger onClick={() => setDeleting(s)}>
                      <Icon.Trash width={16} height={16} />
                    </IconButton>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}

      <SubtaskDialog
        open={dialogOpen}
        subtask={editing}
        assignees={options}
        onClose={() => setDialogOpen(false)}
        onSubmit={(input) => (editing ? updateSubtask(editing.id, { ...input, version: editing.version }) : createSubtask(input))}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Are you sure you want to delete this subtask?"
        description={deleting ? `"${deleting.title}" will be removed from this task.` : undefined}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting && (await deleteSubtask(deleting.id))) setDeleting(null);
        }}
      />
    </Section>
  );
}

export function IconButton({
  label,
  onClick,
  children,
  danger,
  disabled,
}: {
  label: string;
  onClick(): void;
  children: React.ReactNode;
  danger?: boolean;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={`rounded-md p-2 transition-colors disabled:opacity-40 ${danger ? 'text-slate-400 hover:bg-red-50 hover:text-red-600' : 'text-slate-400 hover:bg-slate-100 hover:text-slate-700'}`}
    >
      {children}
    </button>
  );
}
