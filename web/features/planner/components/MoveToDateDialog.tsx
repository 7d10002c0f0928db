import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { monthDayOfKey } from '../../../lib/dates';
import { usePlannerActions } from '../hooks/usePlannerActions';
import { addDays, taskDay, todayKey, type PlannerTask } from '../planner-model';

/** The two ways in: a calendar card's 'Move to date...' and a pending-from-before card's 'Later'. */
export type MoveToDateKind = 'move' | 'reschedule';

const TEXT = {
  move: { title: 'Move to date', ask: 'Choose the day for', label: 'Date', submit: 'Move', busy: 'Moving...', inputId: 'move-to-date' },
  reschedule: {
    title: 'Reschedule task',
    ask: 'Choose a new date for',
    label: 'Custom date',
    submit: 'Reschedule',
    busy: 'Rescheduling...',
    inputId: 'reschedule-date',
  },
} as const;

/**
 * Moves a task to a chosen day (column Pending, status Planned; a timed task keeps its time).
 * - 'move' (a calendar card's 'Move to date...', the touch- and keyboard-friendly way to schedule or
 *   reschedule): starts on the task's day (or today); Move stays disabled until a different date is chosen.
 * - 'reschedule' ('Later' on a pending-from-before card): Tomorrow (+1 day), Next Week (+7 days) or a
 *   custom date from today on; Reschedule stays disabled until a date is chosen.
 */
export default function MoveToDateDialog({ task, kind = 'move', onClose }: { task: PlannerTask; kind?: MoveToDateKind; onClose(): void }) {
  const { move } = usePlannerActions();
  const text = TEXT[kind];
  const today = todayKey();
  const current = kind === 'move' && task.scheduledDate ? taskDay(task.scheduledDate) : '';
  const [date, setDate] = useState(kind === 'move' ? current || today : '');
  const [busy, setBusy] = useState(false);
  const quick =
    kind === 'reschedule'
      ? [
          { label: 'Tomorrow', value: addDays(today, 1) },
          { label: 'Next Week', value: addDays(today, 7) },
        ]
      : [];
  const ready = !!date && date !== current;
  const submit = async () => {
    if (!ready) return;
    setBusy(true);
    await move(task, { column: 'PENDING', scheduledDate: date });
    setBusy(false);
    onClose();
  };
  return (
    <Dialog
      open
      onClose={busy ? () => {} : onClose}
      title={text.title}
      description={`${text.ask} "${task.title}".`}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!ready || busy}>
            {busy ? text.busy : text.submit}
          </Button>
        </>
      }
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          // Enter in the date field moves ('Move to date'); Later's dialog waits for its button.
          if (kind === 'move') void submit();
        }}
      >
        {quick.length > 0 && (
          <div className="grid grid-cols-2 gap-2">
            {quick.map((q) => (
              <button
                key={q.label}
                type="button"
                aria-pressed={date === q.value}
                onClick={() => setDate(q.value)}
                className="flex flex-col items-start rounded-lg border border-slate-200 px-3 py-2.5 text-left hover:border-brand-500/50 hover:bg-brand-50 aria-pressed:border-brand-500 aria-pressed:bg-brand-50 aria-pressed:ring-1 aria-pressed:ring-brand-500"
              >
                <span className="text-sm font-medium text-slate-900">{q.label}</span>
                <span className="text-xs text-slate-500">{monthDayOfKey(q.value)}</span>
              </button>
            ))}
          </div>
        )}
        <div>
          <label htmlFor={text.inputId} className="mb-1 block text-sm font-medium text-slate-700">
            {text.label}
          </label>
          <input
            id={text.inputId}
            type="date"
            required={kind === 'move'}
            min={kind === 'reschedule' ? today : undefined}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            className="h-10 w-full rounded-md border border-slate-300 px-3 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none"
          />
        </div>
      </form>
    </Dialog>
  );
}
