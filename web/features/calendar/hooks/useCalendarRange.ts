import { useCallback, useMemo, useState } from 'react';
import { format } from 'date-fns/format';
import { fromDayKey } from '../../../lib/dates';
import { addDays, todayKey } from '../../planner';
import { addMonths, monthGrid, monthStart, weekDays } from '../calendar-model';

export type CalendarMode = 'weekly' | 'monthly';

/** The shown week or month: its days, title, and previous / next / Today. */
export function useCalendarRange(mode: CalendarMode) {
  const today = todayKey();
  const [anchor, setAnchor] = useState(today);
  const days = useMemo(() => (mode === 'weekly' ? weekDays(anchor) : monthGrid(anchor)), [mode, anchor]);
  const title = mode === 'weekly' ? `Week of ${format(fromDayKey(days[0]), 'MMMM d, yyyy')}` : format(fromDayKey(monthStart(anchor)), 'MMMM yyyy');
  const step = useCallback((by: number) => setAnchor((a) => (mode === 'weekly' ? addDays(a, 7 * by) : addMonths(a, by))), [mode]);
  return {
    today,
    anchor,
    days,
    title,
    previous: () => step(-1),
    next: () => step(1),
    goToday: () => setAnchor(todayKey()),
    /** Selects a day (the phone month's list below the grid). */
    setAnchor,
    showsToday: days.includes(today),
  };
}
