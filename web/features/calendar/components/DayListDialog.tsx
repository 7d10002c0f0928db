import { format } from 'date-fns/format';
import { Dialog } from '../../../ui/Dialog';
import { fromDayKey } from '../../../lib/dates';
import type { PlannerTask } from '../../planner';
import { CalendarCard } from './CalendarCard';

/** A day's full list ('+N more' in the month, 'Show all' in a crowded week): every task, clickable. */
export default function DayListDialog({ day, tasks, onClose }: { day: string; tasks: PlannerTask[]; onClose(): void }) {
  const ids = tasks.map((t) => t.id);
  return (
    <Dialog
      open
      onClose={onClose}
      title={format(fromDayKey(day), 'EEEE, MMMM d, yyyy')}
      description={`${tasks.length} task${tasks.length === 1 ? '' : 's'} scheduled`}
      size="md"
      fullScreenOnPhone
    >
      {tasks.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">No tasks scheduled</p>
      ) : (
        <ul className="space-y-2" aria-label={`Tasks on ${format(fromDayKey(day), 'MMMM d')}`} data-testid="day-list">
          {tasks.map((task) => (
            <li key={task.id}>
              <CalendarCard task={task} listIds={ids} draggable={false} />
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
