import { useId, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { displayName } from '../../../lib/auth';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Icon } from '../../../ui/icons';
import type { TimeEntryItem_EntryFragment } from '../../../gql/graphql';
import { formatMinutes, spentLine } from '../format';
import { AddTimeEntryMutation, DeleteTimeEntryMutation, TaskTimeQuery, TIME_REFETCH, UpdateTimeEntryMutation } from '../time.graphql';
import { useTaskTimer } from '../hooks/useTaskTimer';
import { TimeEntryForm, type EntryValues } from './TimeEntryForm';
import { OWN_REQUEST } from '../../../lib/serial-refetch';

/**
 * A task's Time: how much was spent against the estimate, Start/Stop timer for the viewer, and the
 * entries the viewer may read (their own; a manager's reportees'; an admin all) with Add entry, and Edit
 * and Delete where the server says the viewer may.
 */
export function TimeSection({ taskId }: { taskId: string }) {
  const id = useId();
  const { toast } = useToast();
  const { data } = useQuery(TaskTimeQuery, { variables: { taskId }, fetchPolicy: 'cache-and-network', ...OWN_REQUEST });
  const timer = useTaskTimer(taskId);
  const [add] = useMutation(AddTimeEntryMutation, TIME_REFETCH);
  const [adding, setAdding] = useState(false);
  const task = data?.task.id === taskId ? data.task : null;
  const entries = task ? (data?.timeEntries ?? []) : [];

  const fail = (title: string, err: unknown) => toast({ title, description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
  const addEntry = async (values: EntryValues): Promise<boolean> => {
    try {
      await add({ variables: { taskId, date: values.date, minutes: values.minutes, note: values.note || null } });
      toast({ title: 'Time added', description: `${formatMinutes(values.minutes)} on ${values.date}.` });
      return true;
    } catch (err) {
      fail('Could not add the time', err);
      return false;
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} data-testid="time-section" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          Time
        </h3>
        <div className="flex gap-2">
          <Button variant={timer.running ? 'danger' : 'outline'} size="sm" onClick={() => void timer.toggle()} disabled={timer.busy || !task}>
            <Icon.Clock width={15} height={15} aria-hidden="true" /> {timer.running ? 'Stop timer' : 'Start timer'}
          </Button>
          {!adding && (
            <Button variant="outline" size="sm" onClick={() => setAdding(true)} disabled={!task}>
              <Icon.Plus width={15} height={15} aria-hidden="true" /> Add entry
            </Button>
          )}
        </div>
      </div>
      <p className="text-sm text-slate-700" data-testid="time-spent">
        {task ? spentLine(task.timeSpentMinutes, task.estimatedHours) : 'Loading time...'}
      </p>
      {adding && <TimeEntryForm submitLabel="Add entry" onSubmit={addEntry} onCancel={() => setAdding(false)} />}
      {entries.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label="Time entries">
          {entries.map((e) => (
            <TimeEntryRow key={e.id} entry={e} onError={fail} />
          ))}
        </ul>
      )}
    </section>
  );
}

function TimeEntryRow({ entry, onError }: { entry: TimeEntryItem_EntryFragment; onError(title: string, err: unknown): void }) {
  const { toast } = useToast();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [update] = useMutation(UpdateTimeEntryMutation, TIME_REFETCH);
  const [remove] = useMutation(DeleteTimeEntryMutation, TIME_REFETCH);
  const who = displayName(entry.user) || 'Someone';
  const duration = entry.running ? `${formatMinutes(entry.spentMinutes)} so far` : formatMinutes(entry.spentMinutes);

  if (editing && !entry.running) {
    const save = async (values: EntryValues): Promise<boolean> => {
      try {
        await update({ variables: { id: entry.id, date: values.date, minutes: values.minutes, note: values.note } });
        toast({ title: 'Time entry saved' });
        return true;
      } catch (err) {
        onError('Could not save the time entry', err);
        return false;
      }
    };
    return (
      <li>
        <TimeEntryForm
          initial={{ date: entry.date, minutes: entry.minutes ?? entry.spentMinutes, note: entry.note ?? '' }}
          submitLabel="Save entry"
          onSubmit={save}
          onCancel={() => setEditing(false)}
        />
      </li>
    );
  }

  return (
    <li data-testid="time-entry" className="flex items-start justify-between gap-2 rounded-md border border-slate-200 px-3 py-2">
      <div className="flex min-w-0 flex-col gap-0.5 text-sm">
        <span className="text-slate-900">
          <span className="font-medium">{duration}</span> <span className="text-slate-500">·</span> {entry.date} <span className="text-slate-500">·</span> {who}
        </span>
        {entry.note && <span className="break-words text-slate-600">{entry.note}</span>}
      </div>
      <span className="flex shrink-0 gap-1">
        {entry.viewerCan.update && !entry.running && (
          <Button variant="ghost" size="icon" aria-label={`Edit the entry of ${entry.date}`} onClick={() => setEditing(true)}>
            <Icon.Edit width={15} height={15} aria-hidden="true" />
          </Button>
        )}
        {entry.viewerCan.delete && (
          <Button variant="ghost" size="icon" aria-label={`Delete the entry of ${entry.date}`} onClick={() => setConfirming(true)}>
            <Icon.Trash width={15} height={15} aria-hidden="true" />
          </Button>
        )}
      </span>
      <ConfirmDialog
        open={confirming}
        title="Delete this time entry?"
        description={`${duration} on ${entry.date} will no longer count on this task.`}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          try {
            await remove({ variables: { id: entry.id } });
            setConfirming(false);
            toast({ title: 'Time entry deleted' });
          } catch (err) {
            setConfirming(false);
            onError('Could not delete the time entry', err);
          }
        }}
      />
    </li>
  );
}
