import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { monthDayOfKey } from '../../../lib/dates';
import { usePlannerActions } from '../hooks/usePlannerActions';
import { addDays, todayKey, type PlannerTask } from '../planner-model';

/**
 * 'Later' on a pending-from-before card: Tomorrow (+1 day), Next Week (+7 days) or a custom
 * date; Reschedule stays disabled until a date is chosen, then moves the task there (status Planned).
 */
export default function RescheduleDialog({ task, onClose }: { task: PlannerTask; onClose(): void }) {
  const { move } = usePlannerActions();
  const [date, setDate] = useState('');
  const [busy, setBusy] = useState(false);
  const today = todayKey();
  const quick = [
    { label: 'Tomorrow', value: addDays(today, 1) },
    { label: 'Next Week', value: addDays(today, 7) },
  ];
  const submit = async () => {
    if (!date) return;
    setBusy(true);
    await move(task, { column: 'PENDING', scheduledDate: date });
    setBusy(false);
    onClose();
  };
  return (
    <Dialog
      open
      onClose={busy ? () => {} : onClose}
      title="Reschedule task"
      description={`Choose a new date for "${task.title}".`}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!date || busy}>
            {busy ? 'Rescheduling...' : 'Reschedule'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
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
        <div>
          <label htmlFor="reschedule-date" className="mb-1 block text-sm font-medium text-slate-700">
            Custom date
          </label>
          <input
            id="reschedule-date"
            type="date"
            min={today}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            className="h-10 w-full rounded-md border border-slate-300 px-3 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none"
          />
        </div>
      </div>
    </Dialog>
  );
}
