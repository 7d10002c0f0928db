import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { type PlannerTask, taskDay, todayKey, usePlannerActions } from '../../planner';

/**
 * 'Move to date...' of a calendar card: the touch- and keyboard-friendly way to schedule or reschedule
 * a task (a timed task keeps its time). Move stays disabled until a different date is chosen.
 */
export default function MoveToDateDialog({ task, onClose }: { task: PlannerTask; onClose(): void }) {
  const { move } = usePlannerActions();
  const current = task.scheduledDate ? taskDay(task.scheduledDate) : '';
  const [date, setDate] = useState(current || todayKey());
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!date || date === current) return;
    setBusy(true);
    await move(task, { column: 'PENDING', scheduledDate: date });
    setBusy(false);
    onClose();
  };
  return (
    <Dialog
      open
      onClose={busy ? () => {} : onClose}
      title="Move to date"
      description={`Choose the day for "${task.title}".`}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!date || date === current || busy}>
            {busy ? 'Moving...' : 'Move'}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label htmlFor="move-to-date" className="mb-1 block text-sm font-medium text-slate-700">
          Date
        </label>
        <input
          id="move-to-date"
          type="date"
          required
          value={date}
          onChange={(e) => setDate(e.target.value)}
          className="h-10 w-full rounded-md border border-slate-300 px-3 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none"
        />
      </form>
    </Dialog>
  );
}
