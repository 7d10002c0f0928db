import { plainMentions } from '../../../../schema/domain/mentions';
import type { ReactNode } from 'react';
import { displayName } from '../../../lib/auth';
import { Badge } from '../../../ui/Badge';
import type { ListingRow_TaskFragment } from '../../../gql/graphql';
import { type ConfigLabels, useConfigLabels } from '../../planner';
import { formatDay, formatStamp, statusLabel } from '../../task';
import { formatMinutes } from '../../time';
import { COLUMN_LABELS } from '../listing-model';

/** One cell of a listing column (fallbacks: 'Unassigned', 'Unknown User'). */
export function cellOf(task: ListingRow_TaskFragment, column: string, labels: ConfigLabels): ReactNode {
  switch (column) {
    case 'title':
      return task.title;
    case 'status':
      return <Badge tone="blue">{statusLabel(task.status)}</Badge>;
    case 'priority':
      return <Badge tone={labels.priority(task.priority).tone}>{labels.priority(task.priority).label}</Badge>;
    case 'assignedTo':
      return task.assignedToId ? (task.assignedTo ? displayName(task.assignedTo) : 'Unknown User') : 'Unassigned';
    case 'createdBy':
      return task.createdBy ? displayName(task.createdBy) : 'Unknown User';
    case 'project':
      return task.project ?? '';
    case 'category':
      return labels.category(task.category).label;
    case 'tags':
      return task.tags.join(', ');
    case 'dueDate':
    case 'scheduledDate':
      return formatDay(task[column]);
    case 'createdAt':
    case 'updatedAt':
      return formatStamp(task[column]);
    case 'estimatedHours':
      return task.estimatedHours ?? '';
    case 'progress':
      return `${task.progress}%`;
    case 'description':
      return plainMentions(task.description ?? '');
    case 'timeSpent':
      return task.timeSpentMinutes ? formatMinutes(task.timeSpentMinutes) : '';
    default:
      return '';
  }
}

interface ResultsProps {
  tasks: ListingRow_TaskFragment[];
  columns: string[];
  onOpen(id: string): void;
}

/** The table layout: the view's columns; each title opens the task. Wide screens only (phones get cards). */
export function TaskTable({ tasks, columns, onOpen }: ResultsProps) {
  const labels = useConfigLabels();
  return (
    <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white md:block">
      <table className="w-full text-left text-sm" data-testid="listing-table">
        <thead className="bg-slate-50 text-xs font-medium tracking-wide text-slate-500 uppercase">
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className="px-3 py-2 whitespace-nowrap">
                {COLUMN_LABELS[c]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {tasks.map((task) => (
            <tr key={task.id} data-testid="listing-row" className="cursor-pointer hover:bg-slate-50" onClick={() => onOpen(task.id)}>
              {columns.map((c) => (
                <td key={c} className={`px-3 py-2 align-top ${c === 'description' ? 'max-w-xs truncate' : ''}`}>
                  {c === 'title' ? (
                    <button
                      type="button"
                      data-testid="listing-title"
                      className="text-left font-medium text-slate-900 hover:text-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/40"
                      onClick={(e) => {
                        e.stopPropagation();
                        onOpen(task.id);
                      }}
                    >
                      {task.title}
                    </button>
                  ) : (
                    cellOf(task, c, labels)
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The cards layout (and the table's form on phones): the title, then the other columns as labelled lines. */
export function TaskCards({ tasks, columns, onOpen, className = '' }: ResultsProps & { className?: string }) {
  const rest = columns.filter((c) => c !== 'title');
  const labels = useConfigLabels();
  return (
    <ul className={`grid gap-3 sm:grid-cols-2 xl:grid-cols-3 ${className}`} data-testid="listing-cards">
      {tasks.map((task) => (
        <li key={task.id} data-testid="listing-card">
          <button
            type="button"
            onClick={() => onOpen(task.id)}
            className="flex h-full w-full min-w-0 flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 text-left shadow-sm hover:border-brand-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/40"
          >
            <span data-testid="listing-title" className="font-medium break-words text-slate-900">
              {task.title}
            </span>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
              {rest.map((c) => (
                <div key={c} className="contents">
                  <dt className="text-slate-500">{COLUMN_LABELS[c]}</dt>
                  <dd className="min-w-0 break-words text-slate-700">{cellOf(task, c, labels) || '—'}</dd>
                </div>
              ))}
            </dl>
          </button>
        </li>
      ))}
    </ul>
  );
}
