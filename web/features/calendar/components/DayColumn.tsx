import { useDroppable } from '@dnd-kit/core';
import { format } from 'date-fns/format';
import { fromDayKey } from '../../../lib/dates';
import type { PlannerTask } from '../../planner';
import { dayDropId } from '../calendar-model';
import { CalendarCard } from './CalendarCard';

/** A day shows this many cards; the rest sit behind 'Show all N' (keeps a crowded week quick). */
export const DAY_CARD_LIMIT = 40;

/**
 * One day of the weekly view: weekday and date, its task count, 'No tasks scheduled' when
 * empty, today highlighted; a drop target that schedules (or reschedules) a task to this day.
 */
export function DayColumn({
  day,
  today,
  tasks,
  layout,
  onShowAll,
}: {
  day: string;
  today: string;
  tasks: PlannerTask[];
  layout: 'column' | 'row';
  onShowAll(day: string): void;
}) {
  const { setNodeRef, isOver, active } = useDroppable({ id: dayDropId(day) });
  const isToday = day === today;
  const date = fromDayKey(day);
  const ids = tasks.map((t) => t.id);
  const shown = tasks.length > DAY_CARD_LIMIT ? tasks.slice(0, DAY_CARD_LIMIT) : tasks;
  const headingId = `calendar-day-${day}`;
  return (
    <section
      ref={setNodeRef}
      data-drop-target={dayDropId(day)}
      data-testid="calendar-day"
      data-day={day}
      aria-labelledby={headingId}
      aria-current={isToday ? 'date' : undefined}
      className={`flex min-w-0 flex-col rounded-xl border transition-colors ${
        isOver
          ? 'border-brand-500 bg-brand-50 ring-2 ring-brand-500/50'
          : isToday
            ? 'border-brand-500/60 bg-brand-50/60'
            : active
              ? 'border-dashed border-slate-300 bg-slate-50'
              : 'border-slate-200 bg-white'
      } ${layout === 'column' ? 'min-h-0' : ''}`}
    >
      <header className="flex items-center justify-between gap-1 border-b border-slate-100 px-2 py-2">
        <h3 id={headingId} className="min-w-0 leading-tight">
          <span className={`block text-xs font-semibold uppercase ${isToday ? 'text-brand-700' : 'text-slate-500'}`}>
            {format(date, layout === 'column' ? 'EEE' : 'EEEE')}
            {isToday && <span className="ml-1 normal-case">· Today</span>}
          </span>
          <span className="block text-sm font-semibold text-slate-900">{format(date, 'MMM d')}</span>
        </h3>
        <span
          data-testid="day-count"
          aria-label={`${tasks.length} tasks`}
          className={`min-w-6 rounded-full px-2 py-0.5 text-center text-xs font-semibold tabular-nums ${isToday ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-700'}`}
        >
          {tasks.length}
        </span>
      </header>
      <div className={`space-y-1.5 p-1.5 ${layout === 'column' ? 'min-h-24 flex-1 overflow-y-auto overscroll-contain' : ''}`}>
        {tasks.length === 0 ? (
          <p className="px-1 py-3 text-center text-xs text-slate-600">No tasks scheduled</p>
        ) : (
          <>
            {shown.map((task) => (
              <CalendarCard key={task.id} task={task} listIds={ids} />
            ))}
            {tasks.length > shown.length && (
              <button
                type="button"
                onClick={() => onShowAll(day)}
                className="w-full rounded-md px-2 py-1.5 text-xs font-medium text-brand-700 hover:bg-brand-50"
              >
                Show all {tasks.length}
              </button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
