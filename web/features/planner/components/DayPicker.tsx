import { Icon } from '../../../ui/icons';
import { addDays, parseDayKey } from '../planner-model';

const BUTTON =
  'inline-flex h-9 items-center justify-center rounded-md border border-slate-300 bg-white text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50';

/**
 * The daily board's day (issue 16): previous / next day, a native date input and Today. Native
 * `<input type="date">` rather than a date-picker library: nothing added to the first download.
 */
export function DayPicker({ day, today, onChange }: { day: string; today: string; onChange(day: string): void }) {
  return (
    <div role="group" aria-label="Board day" className="flex items-center gap-1">
      <button type="button" className={`${BUTTON} w-9`} aria-label="Previous day" title="Previous day" onClick={() => onChange(addDays(day, -1))}>
        <Icon.ChevronLeft width={16} height={16} />
      </button>
      <label className="sr-only" htmlFor="planner-board-day">
        Day to show
      </label>
      {/* Phones: a calendar button (the header shows the date beside it); the whole box opens the picker. */}
      <span className="relative flex">
        <input
          id="planner-board-day"
          type="date"
          value={day}
          onChange={(e) => {
            const next = parseDayKey(e.target.value);
            if (next) onChange(next);
          }}
          className="h-9 min-w-0 rounded-md border border-slate-300 bg-white px-1 text-sm text-slate-800 max-sm:w-9 max-sm:text-transparent max-sm:[&::-webkit-calendar-picker-indicator]:absolute max-sm:[&::-webkit-calendar-picker-indicator]:inset-0 max-sm:[&::-webkit-calendar-picker-indicator]:h-full max-sm:[&::-webkit-calendar-picker-indicator]:w-full max-sm:[&::-webkit-calendar-picker-indicator]:opacity-0 sm:px-2"
        />
        <Icon.Calendar
          width={16}
          height={16}
          className="pointer-events-none absolute top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2 text-slate-600 sm:hidden"
        />
      </span>
      <button type="button" className={`${BUTTON} w-9`} aria-label="Next day" title="Next day" onClick={() => onChange(addDays(day, 1))}>
        <Icon.ChevronRight width={16} height={16} />
      </button>
      <button type="button" className={`${BUTTON} px-2 sm:px-3`} disabled={day === today} onClick={() => onChange(today)}>
        Today
      </button>
    </div>
  );
}
