import ical from 'ical-generator';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { TZDate } from '@date-fns/tz';
import { dayKey } from '../../../schema/domain/task-rules.js';

/** A task as the feed needs it. */
export interface FeedTask {
  id: string;
  title: string;
  status: string;
  project: string | null;
  scheduledDate: Date;
  scheduledTime: string | null;
  estimatedHours: number | null;
  updatedAt: Date;
}

/** Length of a timed event without an estimate. */
export const DEFAULT_EVENT_MINUTES = 30;
/** Longest event written (an estimate of weeks would swamp a calendar). */
const MAX_EVENT_HOURS = 24;

/** The zone timed events are written in with TZID and a VTIMEZONE, or null for UTC (no data needed, or none known). */
function icsZone(timeZone: string): string | null {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return null;
  return getVtimezoneComponent(timeZone) ? timeZone : null;
}

/**
 * The iCalendar (RFC 5545) text of a user's scheduled tasks: a timed VEVENT (DTSTART with TZID in the
 * user's zone, DTEND after estimatedHours or 30 minutes) for a task with a scheduled time, an all-day
 * VEVENT (VALUE=DATE) for one without; SUMMARY is the title and URL opens the task in the planner.
 * ical-generator writes the text (escaping, line folding, VTIMEZONE from @touch4it/ical-timezones).
 */
export function calendarText(options: { name: string; timeZone: string; appOrigin: string; tasks: FeedTask[] }): string {
  const zone = icsZone(options.timeZone);
  const calendar = ical({
    name: options.name,
    prodId: { company: 'Let work flow', product: 'Task feed', language: 'EN' },
    // Only the generator: each timed event names its zone, and the VTIMEZONE of every zone used is added.
    timezone: { name: null, generator: getVtimezoneComponent },
    ttl: 60 * 15,
  });
  for (const task of options.tasks) {
    const [year, month, day] = dayKey(task.scheduledDate, options.timeZone).split('-').map(Number);
    const common = {
      id: `${task.id}@let-work-flow`,
      summary: task.title,
      url: `${options.appOrigin}/?task=${encodeURIComponent(task.id)}`,
      description: [`Status: ${task.status}`, task.project ? `Project: ${task.project}` : null].filter(Boolean).join('\n'),
      stamp: task.updatedAt,
      lastModified: task.updatedAt,
    };
    const time = task.scheduledTime ? /^(\d{2}):(\d{2})$/.exec(task.scheduledTime) : null;
    if (time) {
      const hours = task.estimatedHours && task.estimatedHours > 0 ? Math.min(task.estimatedHours, MAX_EVENT_HOURS) : DEFAULT_EVENT_MINUTES / 60;
      const start = new TZDate(year, month - 1, day, Number(time[1]), Number(time[2]), options.timeZone);
      const end = new TZDate(start.getTime() + Math.round(hours * 3_600_000), options.timeZone);
      calendar.createEvent({ ...common, start: zone ? start : new Date(start.getTime()), end: zone ? end : new Date(end.getTime()), timezone: zone });
    } else {
      // A calendar day: noon UTC of it formats as that day (all-day dates are written without a zone).
      calendar.createEvent({ ...common, start: new Date(Date.UTC(year, month - 1, day, 12)), allDay: true });
    }
  }
  return calendar.toString();
}
