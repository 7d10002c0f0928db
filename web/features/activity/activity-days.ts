import { format, parseISO } from 'date-fns';

/** 'Today', 'Yesterday' or the full date of a day (yyyy-MM-dd, the viewer's calendar). */
export function dayHeading(day: string, now: Date = new Date()): string {
  const date = parseISO(day);
  if (format(now, 'yyyy-MM-dd') === day) return 'Today';
  if (format(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1), 'yyyy-MM-dd') === day) return 'Yesterday';
  return format(date, 'EEEE, MMMM d, yyyy');
}

export interface DayGroup<T> {
  day: string;
  entries: T[];
}

/** Entries (newest first) grouped by the viewer's calendar day, in order. */
export function groupByDay<T extends { createdAt: string }>(entries: readonly T[]): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const entry of entries) {
    const day = format(parseISO(entry.createdAt), 'yyyy-MM-dd');
    const last = groups[groups.length - 1];
    if (last?.day === day) last.entries.push(entry);
    else groups.push({ day, entries: [entry] });
  }
  return groups;
}
