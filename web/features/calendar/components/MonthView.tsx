import { useDroppable } from '@dnd-kit/core';
import { format } from 'date-fns/format';
import { fromDayKey } from '../../../lib/dates';
import type { PlannerTask } from '../../planner';
import { dayDropId } from '../calendar-model';
import { CalendarCard } from './CalendarCard';

/** A month cell shows at most 3 tasks, then '+N more'. */
export const MONTH_CELL_LIMIT = 3;
const WEEKDAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const EMPTY: PlannerTask[] = [];

interface MonthProps {
  days: string[];
  month: string;
  today: string;
  byDay: Map<string, PlannerTask[]>;
  onShowDay(day: string): void;
}

function WeekdayHeader({ compact }: { compact?: boolean }) {
  return (
    <div className="grid grid-cols-7 gap-1" aria-hidden="true">
      {WEEKDAY_NAMES.map((d) => (
        <div key={d} className="px-1 py-1 text-center text-[11px] font-semibold tracking-wide text-slate-500 uppercase">
          {compact ? d.slice(0, 1) : d}
        </div>
      ))}
    </div>
  );
}

/** A day of the month grid: number, count badge, up to 3 tasks then '+N more'; a drop target. */
function MonthCell({ day, month, today, tasks, onShowDay }: { day: string; month: string; today: string; tasks: PlannerTask[]; onShowDay(day: string): void }) {
  const { setNodeRef, isOver } = useDroppable({ id: dayDropId(day) });
  const inMonth = day.slice(0, 7) === month.slice(0, 7);
  const isToday = day === today;
  const ids = tasks.map((t) => t.id);
  const hidden = tasks.length - MONTH_CELL_LIMIT;
  return (
    <div
      ref={setNodeRef}
      role="gridcell"
      data-drop-target={dayDropId(day)}
      data-testid="calendar-day"
      data-day={day}
      aria-current={isToday ? 'date' : undefined}
      className={`flex min-h-28 min-w-0 flex-col gap-1 rounded-lg border p-1 transition-colors ${
        isOver
          ? 'border-brand-500 bg-brand-50 ring-2 ring-brand-500/50'
          : isToday
            ? 'border-brand-500/60 bg-brand-50/60'
            : inMonth
              ? 'border-slate-200 bg-white'
              : 'border-slate-100 bg-slate-50'
      }`}
    >
      <div className="flex items-center justify-between px-0.5">
        <span
          className={`flex h-6 min-w-6 items-center justify-center rounded-full text-xs font-semibold ${isToday ? 'bg-brand-600 px-1 text-white' : inMonth ? 'text-slate-800' : 'text-slate-500'}`}
        >
          <span className="sr-only">{format(fromDayKey(day), 'EEEE, MMMM')} </span>
          {Number(day.slice(8))}
        </span>
        {tasks.length > 0 && <span className="sr-only">{tasks.length === 1 ? 'task:' : 'tasks:'}</span>}
        {tasks.length > 0 && (
          <span data-testid="day-count" className="rounded-full bg-slate-100 px-1.5 text-[11px] leading-5 font-semibold text-slate-700 tabular-nums">
            {tasks.length}
          </span>
        )}
      </div>
      {tasks.slice(0, MONTH_CELL_LIMIT).map((task) => (
        <CalendarCard key={task.id} task={task} listIds={ids} dense />
      ))}
      {hidden > 0 && (
        <button type="button" onClick={() => onShowDay(day)} className="rounded px-1 py-0.5 text-left text-xs font-medium text-brand-700 hover:bg-brand-50">
          +{hidden} more
        </button>
      )}
    </div>
  );
}

/** The monthly view on wide screens: a Monday-to-Sunday grid. */
export function MonthGrid({ days, month, today, byDay, onShowDay }: MonthProps) {
  const weeks = Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7));
  return (
    <div role="grid" aria-label={format(fromDayKey(month), 'MMMM yyyy')} className="flex min-w-0 flex-col gap-1">
      <WeekdayHeader />
      {weeks.map((week) => (
        <div role="row" key={week[0]} className="grid grid-cols-7 gap-1">
          {week.map((day) => (
            <MonthCell key={day} day={day} month={month} today={today} tasks={byDay.get(day) ?? EMPTY} onShowDay={onShowDay} />
          ))}
        </div>
      ))}
    </div>
  );
}

/** A compact day of the phone grid: number and up to 3 dots; a tap selects it; a drop target. */
function CompactCell({
  day,
  month,
  today,
  count,
  selected,
  onSelect,
}: {
  day: string;
  month: string;
  today: string;
  count: number;
  selected: boolean;
  onSelect(day: string): void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: dayDropId(day) });
  const inMonth = day.slice(0, 7) === month.slice(0, 7);
  const isToday = day === today;
  return (
    <button
      ref={setNodeRef}
      type="button"
      data-drop-target={dayDropId(day)}
      data-testid="calendar-day"
      data-day={day}
      aria-pressed={selected}
      aria-current={isToday ? 'date' : undefined}
      aria-label={`${format(fromDayKey(day), 'EEEE, MMMM d')}: ${count} task${count === 1 ? '' : 's'}`}
      onClick={() => onSelect(day)}
      className={`flex h-12 min-w-0 flex-col items-center justify-center gap-1 rounded-lg border text-xs font-semibold transition-colors ${
        isOver
          ? 'border-brand-500 bg-brand-50 ring-2 ring-brand-500/50'
          : selected
            ? 'border-brand-600 bg-brand-600 text-white'
            : isToday
              ? 'border-brand-500/60 bg-brand-50 text-brand-700'
              : inMonth
                ? 'border-slate-200 bg-white text-slate-800'
                : 'border-transparent bg-slate-50 text-slate-500'
      }`}
    >
      {Number(day.slice(8))}
      <span className="flex h-1.5 gap-0.5" aria-hidden="true">
        {Array.from({ length: Math.min(count, 3) }, (_, i) => (
          <span key={i} className={`h-1.5 w-1.5 rounded-full ${selected ? 'bg-white' : 'bg-brand-500'}`} />
        ))}
      </span>
    </button>
  );
}

/** The monthly view on phones: a compact grid with dots, and the selected day's list below. */
export function CompactMonth({
  days,
  month,
  today,
  byDay,
  selected,
  onSelect,
}: Omit<MonthProps, 'onShowDay'> & { selected: string; onSelect(day: string): void }) {
  const tasks = byDay.get(selected) ?? EMPTY;
  const ids = tasks.map((t) => t.id);
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-col gap-1" role="group" aria-label={format(fromDayKey(month), 'MMMM yyyy')}>
        <WeekdayHeader compact />
        <div className="grid grid-cols-7 gap-1">
          {days.map((day) => (
            <CompactCell key={day} day={day} month={month} today={today} count={byDay.get(day)?.length ?? 0} selected={day === selected} onSelect={onSelect} />
          ))}
        </div>
      </div>
      <section aria-labelledby="calendar-selected-day" data-testid="selected-day" className="rounded-xl border border-slate-200 bg-white">
        <header className="flex items-center justify-between border-b border-slate-100 px-3 py-2">
          <h3 id="calendar-selected-day" className="text-sm font-semibold text-slate-900">
            {format(fromDayKey(selected), 'EEEE, MMMM d')}
          </h3>
          <span aria-label={`${tasks.length} tasks`} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 tabular-nums">
            {tasks.length}
          </span>
        </header>
        <div className="space-y-1.5 p-2">
          {tasks.length === 0 ? (
            <p className="py-3 text-center text-xs text-slate-500">No tasks scheduled</p>
          ) : (
            tasks.map((task) => <CalendarCard key={task.id} task={task} listIds={ids} />)
          )}
        </div>
      </section>
    </div>
  );
}
