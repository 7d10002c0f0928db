import { useEffect, useRef } from 'react';
import type { TaskPerson_UserFragment } from '../../../gql/graphql';
import { useViewer } from '../../../lib/auth';
import { Button } from '../../../ui/Button';
import { usePickerOptions } from '../hooks/usePickerOptions';
import type { TaskConflict } from '../hooks/useTaskEditor';
import type { TaskFormValues } from '../task-form';
import { COLUMN_OPTIONS, REPEAT_OPTIONS, STATUS_OPTIONS } from '../task-labels';

/** The person-readable name of each form field (the labels the form shows). */
export const FIELD_LABELS: Record<keyof TaskFormValues, string> = {
  title: 'Task Title',
  description: 'Description',
  project: 'Project',
  category: 'Category',
  priority: 'Priority',
  assignedToId: 'Assigned To',
  dueDate: 'Due Date',
  scheduledDate: 'Scheduled Date',
  scheduledTime: 'Scheduled Time',
  estimatedHours: 'Estimated Hours',
  isRepeatable: 'Repeatable Task',
  repeatPattern: 'Repeat Pattern',
  repeatInterval: 'Repeat Every',
  repeatEndDate: 'Repeat End Date',
  status: 'Status',
  progress: 'Progress',
  tags: 'Tags',
  column: 'Column',
};

/** A marker under a field someone else changed while the person was editing it. */
export function ChangedUnderneath({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <p className="text-xs font-medium text-amber-700" data-testid="changed-underneath">
      Changed by someone else while you were editing
    </p>
  );
}

/**
 * A refused save (the task changed since it was loaded): for each field both changed, theirs against
 * yours, with 'Keep mine' (save mine over theirs) and 'Take theirs' (drop my edit of those fields).
 */
export function TaskConflictPanel({
  conflict,
  theirs,
  yours,
  assignee,
  busy,
  onKeepMine,
  onTakeTheirs,
}: {
  conflict: TaskConflict;
  theirs: TaskFormValues;
  yours: TaskFormValues;
  assignee?: TaskPerson_UserFragment | null;
  busy?: boolean;
  onKeepMine(): void;
  onTakeTheirs(): void;
}) {
  const { assignees, categories, priorities, projects } = usePickerOptions(assignee);
  const viewer = useViewer();
  const by = conflict.changedBy;
  const heading = !by ? 'Someone else changed this task' : by.id === viewer.id ? 'You changed this task in another window' : `${by.name} changed this task`;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Brought into view and focused when it appears (the Save button is at the bottom of the form).
  useEffect(() => {
    headingRef.current?.scrollIntoView({ block: 'nearest' });
    headingRef.current?.focus({ preventScroll: true });
  }, [conflict]);
  const show = (name: keyof TaskFormValues, value: unknown): string => {
    const options: Partial<Record<keyof TaskFormValues, { value: string; label: string }[]>> = {
      assignedToId: assignees,
      category: categories,
      priority: priorities,
      project: projects,
      status: STATUS_OPTIONS,
      repeatPattern: REPEAT_OPTIONS,
      column: COLUMN_OPTIONS,
    };
    const label = options[name]?.find((o) => o.value === value)?.label;
    if (label) return label;
    if (typeof value === 'boolean') return value ? 'Yes' : 'No';
    if (name === 'progress') return `${String(value)}%`;
    return value === '' || value === null || value === undefined ? '(empty)' : String(value);
  };
  return (
    <section
      role="alert"
      aria-labelledby="task-conflict-title"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm"
      data-testid="task-conflict"
    >
      <h3 id="task-conflict-title" ref={headingRef} tabIndex={-1} className="scroll-mt-4 font-semibold text-amber-900 focus:outline-none">
        {heading}
      </h3>
      <p className="mt-1 text-amber-900">Your changes were not saved. For the fields below, keep yours or take theirs.</p>
      <dl className="mt-3 flex flex-col gap-2">
        {conflict.fields.map((name) => (
          <div key={name} className="rounded-md bg-white p-2" data-testid={`conflict-${name}`}>
            <dt className="text-xs font-semibold text-slate-700">{FIELD_LABELS[name]}</dt>
            <dd className="mt-1 grid grid-cols-1 gap-1 sm:grid-cols-2">
              <p className="min-w-0 break-words">
                <span className="text-xs text-slate-500">Theirs: </span>
                <span data-testid="conflict-theirs">{show(name, theirs[name])}</span>
              </p>
              <p className="min-w-0 break-words">
                <span className="text-xs text-slate-500">Yours: </span>
                <span data-testid="conflict-yours">{show(name, yours[name])}</span>
              </p>
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onTakeTheirs} disabled={busy}>
          Take theirs
        </Button>
        <Button size="sm" onClick={onKeepMine} disabled={busy}>
          Keep mine
        </Button>
      </div>
    </section>
  );
}
