// Intl, not date-fns' format: these run on the first screen, and format() with its English locale is
// about 4 kB of the first download (docs/DECISIONS.md, "The first download"). The patterns are the app's date formats, in US English.
const MONTH_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit' });
const LONG_DATE = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const SHORT_DAY = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric' });

/** A local Date for a calendar day key ('yyyy-MM-dd'). */
export const fromDayKey = (day: string): Date => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
};

/** 'Nov 05' (MMM dd) for an ISO instant, in the browser's zone. */
export const monthDay = (iso: string): string => MONTH_DAY.format(new Date(iso));

/** 'Nov 05' of a calendar day key. */
export const monthDayOfKey = (day: string): string => MONTH_DAY.format(fromDayKey(day));

/** The planner header's date: 'Saturday, November 21, 2026'. */
export const longDate = (date: Date): string => LONG_DATE.format(date);

/** 'Tue, Nov 24' of a calendar day key. */
export const shortDayOfKey = (day: string): string => SHORT_DAY.format(fromDayKey(day));
