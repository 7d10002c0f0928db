import { useQuery } from '@apollo/client/react';
import { isValid, parseISO } from 'date-fns';
import { displayName } from '../../../lib/auth';
import { Badge, type BadgeTone } from '../../../ui/Badge';
import { usePickerOptions } from '../hooks/usePickerOptions';
import { Loading } from '../../../ui/States';
import { TaskActivityQuery } from '../task.graphql';
import { formatDay, formatStamp } from '../task-labels';
import { Section } from './Section';
import { OWN_REQUEST } from '../../../lib/serial-refetch';

const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  project: 'Project',
  category: 'Category',
  priority: 'Priority',
  status: 'Status',
  progress: 'Progress',
  column: 'Column',
  tags: 'Tags',
  dueDate: 'Due Date',
  scheduledDate: 'Scheduled Date',
  scheduledTime: 'Scheduled Time',
  estimatedHours: 'Estimated Hours',
  assignedToId: 'Assigned To',
  isRepeatable: 'Repeatable',
  repeatPattern: 'Repeat Pattern',
  repeatInterval: 'Repeat Interval',
  repeatEndDate: 'Repeat End Date',
  content: 'Content',
  assignedTo: 'Assigned To',
};

const ACTION_TONES: Record<string, BadgeTone> = { created: 'green', updated: 'blue', deleted: 'red', moved: 'violet', promoted: 'amber' };

/** A recorded value (JSON text) as a person reads it. */
export function readableValue(json: string | null | undefined): string {
  if (json === null || json === undefined) return '(empty)';
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    value = json;
  }
  if (value === null || value === undefined || value === '') return '(empty)';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) && isValid(parseISO(value))) return formatDay(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const fieldLabel = (field: string) => FIELD_LABELS[field] ?? field.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());

/** The task's audit log: who, when, what, and each changed field old -> new. */
export function ActivityLog({ taskId }: { taskId: string }) {
  const { data, loading, error } = useQuery(TaskActivityQuery, { variables: { taskId }, fetchPolicy: 'cache-and-network', ...OWN_REQUEST });
  const entries = data?.taskAudit ?? [];
  const { people, priorities, categories } = usePickerOptions();
  const show = (field: string, json: string | null | undefined) => {
    if ((field === 'assignedToId' || field === 'assignedTo' || field === 'createdById') && json) {
      const person = people.find((p) => JSON.stringify(p.id) === json || p.id === json);
      if (person) return displayName(person);
    }
    if ((field === 'priority' || field === 'category') && json) {
      const key = readableValue(json);
      return (field === 'priority' ? priorities : categories).find((o) => o.value === key)?.label ?? key;
    }
    if (field === 'status' && json) {
      const value = readableValue(json);
      return value === 'Done' ? 'Completed' : value;
    }
    return readableValue(json);
  };

  return (
    <Section title="Activity Log" badge={entries.length ? <Badge>{entries.length}</Badge> : undefined}>
      {loading && !data ? (
        <Loading />
      ) : error && !data ? (
        <p role="alert" className="text-sm text-red-600">
          Failed to fetch audit logs
        </p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-slate-500">No activity yet.</p>
      ) : (
        <ol className="relative flex flex-col gap-4 border-l border-slate-200 pl-4" aria-label="Activity Log">
          {entries.map((e) => (
            <li key={e.id} data-testid="activity-entry" className="relative">
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[21px] h-2.5 w-2.5 rounded-full border-2 border-white bg-brand-500 ring-1 ring-slate-200"
              />
              <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                <span className="text-sm font-semibold text-slate-900">{e.userName}</span>
                <Badge tone={ACTION_TONES[e.action] ?? 'slate'}>{e.action}</Badge>
                <time dateTime={e.createdAt} className="text-xs text-slate-500">
                  {formatStamp(e.createdAt)}
                </time>
              </div>
              {e.description && <p className="mt-0.5 text-sm break-words text-slate-600">{e.description}</p>}
              {e.action !== 'created' && e.changes.length > 0 && (
                <ul className="mt-1.5 flex flex-col gap-1 rounded-md bg-slate-50 px-3 py-2 text-xs">
                  {e.changes.map((c) => (
                    <li key={c.field} className="break-words text-slate-600">
                      <span className="font-medium text-slate-800">{fieldLabel(c.field)}:</span>{' '}
                      <span className="text-slate-500 line-through decoration-slate-300">{show(c.field, c.oldValue)}</span> <span aria-hidden="true">→</span>
                      <span className="sr-only">to</span> <span className="text-slate-900">{show(c.field, c.newValue)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
