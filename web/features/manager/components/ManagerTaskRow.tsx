import type { ManagerTask_TaskFragment } from '../../../gql/graphql';
import { Badge } from '../../../ui/Badge';
import { useConfigLabels } from '../../planner';
import { formatDay, statusLabel } from '../../task';

const STATUS_TONES = { DONE: 'green', IN_PROGRESS: 'blue', BLOCKED: 'red', DEFERRED: 'amber', NOT_STARTED: 'slate', PLANNED: 'violet' } as const;

/** One reportee task on the dashboard: a button that opens its details (title, person, status, priority, due date). */
export function ManagerTaskRow({ task, onOpen, showAssignee = true }: { task: ManagerTask_TaskFragment; onOpen(id: string): void; showAssignee?: boolean }) {
  const priority = useConfigLabels().priority(task.priority);
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(task.id)}
        className="flex w-full min-w-0 flex-col gap-1.5 rounded-md border border-slate-200 bg-white px-3 py-2 text-left hover:border-brand-300 hover:bg-brand-50/40 focus:ring-2 focus:ring-brand-500/30 focus:outline-none sm:flex-row sm:items-center sm:gap-3"
        data-testid="manager-task"
      >
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-slate-900">{task.title}</span>
          <span className="block truncate text-xs text-slate-500">
            {showAssignee && <>{task.assignedTo?.name ?? 'Unassigned'}</>}
            {showAssignee && task.project && ' · '}
            {task.project}
          </span>
        </span>
        <span className="flex flex-wrap items-center gap-1.5">
          <Badge tone={STATUS_TONES[task.status]}>{statusLabel(task.status)}</Badge>
          <Badge tone={priority.tone}>{priority.label}</Badge>
          {task.dueDate && <span className={`text-xs ${task.isOverdue ? 'font-medium text-red-600' : 'text-slate-500'}`}>Due {formatDay(task.dueDate)}</span>}
        </span>
      </button>
    </li>
  );
}
