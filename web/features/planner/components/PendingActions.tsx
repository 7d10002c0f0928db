import { daysBetween, overdueLabel } from '../../../../schema/domain/task-rules';
import { Icon } from '../../../ui/icons';
import { monthDayOfKey } from '../../../lib/dates';
import { usePlannerActions } from '../hooks/usePlannerActions';
import { taskDay, todayKey, type PlannerTask } from '../planner-model';
import { stopDrag } from './MoveToMenu';

const ACTION =
  'h-9 rounded-md border border-slate-200 bg-white text-xs font-medium text-slate-700 hover:border-brand-500/50 hover:bg-brand-50 hover:text-brand-700 sm:h-8';

/** The pending-from-before part of a card: how long ago, the original date, Today, Done, Later, Edit. */
export function PendingActions({ task, listIds, today = todayKey() }: { task: PlannerTask; listIds: string[]; today?: string }) {
  const { move, openReschedule, openDetails } = usePlannerActions();
  const day = task.scheduledDate ? taskDay(task.scheduledDate) : today;
  const canMove = task.viewerCan.update;
  return (
    <div className="mt-3 border-t border-slate-100 pt-2.5">
      <p className="flex items-center justify-between gap-2 text-xs">
        <span className="inline-flex items-center gap-1 font-medium text-amber-800" data-testid="overdue-label">
          <Icon.Clock width={13} height={13} />
          {overdueLabel(daysBetween(day, today))}
        </span>
        <time dateTime={day} className="whitespace-nowrap text-slate-500" title="Originally scheduled for">
          <span className="sr-only">Originally scheduled for </span>
          {monthDayOfKey(day)}
        </time>
      </p>
      <div className="mt-2 grid grid-cols-2 gap-1 @[15rem]:grid-cols-4" {...stopDrag}>
        <button type="button" className={ACTION} disabled={!canMove} onClick={() => void move(task, { column: 'TODAY' })}>
          Today
        </button>
        <button type="button" className={ACTION} disabled={!canMove} onClick={() => void move(task, { column: 'COMPLETED' })}>
          Done
        </button>
        <button type="button" className={ACTION} disabled={!canMove} onClick={() => openReschedule(task)}>
          Later
        </button>
        <button type="button" className={ACTION} onClick={() => openDetails(task.id, listIds)}>
          Edit
        </button>
      </div>
    </div>
  );
}
