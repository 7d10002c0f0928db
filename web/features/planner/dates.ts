import { format } from 'date-fns/format';

/** A local Date for a calendar day key ('yyyy-MM-dd'). */
export const fromDayKey = (day: string): Date => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
};

/** 'Nov 05' (SPEC 9: MMM dd) for an ISO instant, in the browser's zone. */
export const monthDay = (iso: string): string => format(new Date(iso), 'MMM dd');

/** 'Nov 05' of a calendar day key. */
export const monthDayOfKey = (day: string): string => format(fromDayKey(day), 'MMM dd');

/** The planner header's date: 'Saturday, November 21, 2026'. */
export const longDate = (date: Date): string => format(date, 'EEEE, MMMM d, yyyy');
