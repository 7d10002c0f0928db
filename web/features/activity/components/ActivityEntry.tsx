import { useState } from 'react';
import { format, parseISO } from 'date-fns';
import { Badge, type BadgeTone } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import type { ActivityEntry_EntryFragment } from '../../../gql/graphql';

/** The diff shows 3 changed fields, then '+N more changes'. */
export const DIFF_PREVIEW = 3;

const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  project: 'Project',
  category: 'Category',
  priority: 'Priority',
  status: 'Status',
  progress: 'Progress',
  tags: 'Tags',
  dueDate: 'Due date',
  scheduledDate: 'Scheduled date',
  scheduledTime: 'Scheduled time',
  estimatedHours: 'Estimated hours',
  assignedToId: 'Assignee',
  isRepeatable: 'Repeats',
  repeatPattern: 'Repeat pattern',
  repeatInterval: 'Repeat interval',
  repeatEndDate: 'Repeat end date',
  content: 'Content',
};

const ACTION_TONES: Record<string, BadgeTone> = {
  created: 'green',
  updated: 'blue',
  deleted: 'red',
  restored: 'violet',
  moved: 'orange',
  rescheduled: 'orange',
};

/** A recorded value (JSON text) as a person reads it: names for people, days for dates, '—' for none. */
function readable(json: string | null, field: string, names: Map<string, string>): string {
  if (json === null) return '—';
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return json;
  }
  if (value === null || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && /Id$/.test(field)) return names.get(value) ?? value.slice(0, 8);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return format(parseISO(value), 'MMM d, yyyy');
  return String(value);
}

interface ActivityEntryProps {
  entry: ActivityEntry_EntryFragment;
  names: Map<string, string>;
  restoring: boolean;
  onOpenTask(taskId: string): void;
  onRestore(entry: ActivityEntry_EntryFragment): void;
}

/** One entry: who, what, when, the task (opens it), its diff, and Restore where it applies. */
export function ActivityEntry({ entry, names, restoring, onOpenTask, onRestore }: ActivityEntryProps) {
  const [expanded, setExpanded] = useState(false);
  const changes = entry.changes;
  const shown = expanded ? changes : changes.slice(0, DIFF_PREVIEW);
  const more = changes.length - DIFF_PREVIEW;
  const isUpdate = !['created', 'deleted'].includes(entry.action);
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3" data-testid="activity-entry">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="font-medium text-slate-900">{entry.userName}</span>
        <Badge tone={ACTION_TONES[entry.action] ?? 'slate'}>{entry.action}</Badge>
        {entry.entityType !== 'task' && <Badge>{entry.entityType}</Badge>}
        <time dateTime={entry.createdAt} className="ml-auto text-xs text-slate-500">
          {format(parseISO(entry.createdAt), 'h:mm a')}
        </time>
      </div>
      <p className="text-sm break-words text-slate-700">
        {entry.taskId ? (
          <button
            type="button"
            onClick={() => onOpenTask(entry.taskId!)}
            className="text-left text-brand-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/40"
          >
            {entry.description}
          </button>
        ) : (
          entry.description
        )}
      </p>
      {changes.length > 0 && (
        <ul className="flex flex-col gap-1 text-xs" aria-label="Changes">
          {shown.map((c) => (
            <li key={c.field} className="flex min-w-0 flex-wrap gap-x-1.5 text-slate-600">
              <span className="font-medium text-slate-700">{FIELD_LABELS[c.field] ?? c.field}:</span>
              {isUpdate ? (
                <>
                  <span className="break-all text-red-700 line-through decoration-red-300">{readable(c.oldValue, c.field, names)}</span>
                  <span aria-hidden="true">→</span>
                  <span className="sr-only">changed to</span>
                  <span className="break-all text-green-700">{readable(c.newValue, c.field, names)}</span>
                </>
              ) : (
                <span className="break-all">{readable(entry.action === 'deleted' ? c.oldValue : c.newValue, c.field, names)}</span>
              )}
            </li>
          ))}
          {more > 0 && (
            <li>
              <button type="button" aria-expanded={expanded} onClick={() => setExpanded((x) => !x)} className="text-brand-700 hover:underline">
                {expanded ? 'Show fewer changes' : `+${more} more changes`}
              </button>
            </li>
          )}
        </ul>
      )}
      {entry.restore && (
        <div>
          <Button variant="outline" size="sm" disabled={restoring} onClick={() => onRestore(entry)}>
            {entry.restore === 'task' ? 'Restore task' : 'Restore this version'}
          </Button>
        </div>
      )}
    </li>
  );
}
