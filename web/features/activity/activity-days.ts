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

/**
 * The day counts after a newer read: `fresh` counts the days from its oldest on (a read of the newest
 * page reaches back less far than the pages loaded since), so its days replace those counts and the
 * older days keep theirs. Newest day first.
 */
export function mergeDayCounts<T extends { date: string }>(held: readonly T[] | null | undefined, fresh: readonly T[]): T[] {
  const oldestFresh = fresh.reduce<string | null>((oldest, d) => (oldest === null || d.date < oldest ? d.date : oldest), null);
  const kept = (held ?? []).filter((d) => oldestFresh === null || d.date < oldestFresh);
  return [...fresh, ...kept].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}
