import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { AppRuntime, ServiceContext } from '../../common/context.js';
import { requireActor } from '../../common/context.js';
import { notFound } from '../../common/errors.js';
import { isId } from '../../common/ids.js';
import { Task } from '../task/task.entity.js';
import { User } from '../user/user.entity.js';
import { CalendarFeed } from './calendar-feed.entity.js';
import { calendarText } from './calendar.ics.js';

/** Where feeds are served (under /api): `<FEED_PATH>/<id>.<signature>.ics`. */
export const FEED_PATH = '/api/calendar/feeds';
/** How far back the feed reaches (days before today); later tasks are all included. */
const FEED_HISTORY_DAYS = 366;
/** Most events in one feed (the earliest in range first). */
const FEED_MAX_EVENTS = 5000;

/** The URL-safe signature of a feed id with the server's secret (what makes the URL unguessable). */
function signature(app: AppRuntime, feedId: string): string {
  return createHmac('sha256', app.config.sessionSecret).update(`lwf-calendar-feed:${feedId}`).digest('base64url');
}

const feedUrl = (ctx: ServiceContext, feed: CalendarFeed): string => `${ctx.origin ?? ''}${FEED_PATH}/${feed.id}.${signature(ctx.app, feed.id)}.ics`;

/** The caller's feed row, created on first use; records the caller's time zone for timed events. */
async function ownFeed(ctx: ServiceContext): Promise<CalendarFeed> {
  const actor = requireActor(ctx);
  let feed = await ctx.em.findOne(CalendarFeed, { userId: actor.id });
  if (!feed) {
    feed = ctx.em.create(CalendarFeed, { userId: actor.id, timeZone: ctx.timeZone, createdAt: ctx.now() });
  } else {
    feed.timeZone = ctx.timeZone;
  }
  await ctx.em.flush();
  return feed;
}

/**
 * The caller's secret feed URL (created on first use). Timed events are written in the time zone of the
 * request (X-Time-Zone, else the server's), remembered for the feed. Throws UNAUTHENTICATED.
 */
export async function calendarFeedUrl(ctx: ServiceContext): Promise<string> {
  return feedUrl(ctx, await ownFeed(ctx));
}

/** Replaces the caller's feed URL with a new one; the old one answers 404 from now on. Throws UNAUTHENTICATED. */
export async function rotateCalendarFeed(ctx: ServiceContext): Promise<string> {
  const actor = requireActor(ctx);
  await ctx.em.nativeDelete(CalendarFeed, { userId: actor.id });
  const feed = ctx.em.create(CalendarFeed, { userId: actor.id, timeZone: ctx.timeZone, createdAt: ctx.now() });
  await ctx.em.flush();
  return feedUrl(ctx, feed);
}

/** Deletes a user's feed (deactivation, deletion). */
export async function deleteCalendarFeed(em: EntityManager, userId: string): Promise<void> {
  await em.nativeDelete(CalendarFeed, { userId });
}

/**
 * The iCalendar text of the feed a URL's last segment names (`<id>.<signature>.ics`): the tasks assigned
 * to the feed's owner with a scheduled date from a year ago on. No session needed: the signature is the
 * credential, compared in constant time. Throws NOT_FOUND for a malformed, forged, rotated or deleted
 * feed, or an owner who is no longer active.
 */
export async function renderCalendarFeed(app: AppRuntime, fileName: string, appOrigin: string): Promise<string> {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})\.ics$/i.exec(fileName);
  const missing = notFound('Calendar feed');
  if (!match || !isId(match[1])) throw missing;
  const [, feedId, given] = match;
  const expected = Buffer.from(signature(app, feedId));
  // Both are 43 characters (the pattern above), as timingSafeEqual needs.
  if (!timingSafeEqual(expected, Buffer.from(given))) throw missing;
  const em = app.orm.em.fork();
  const feed = await em.findOne(CalendarFeed, { id: feedId });
  if (!feed) throw missing;
  const owner = await em.findOne(User, { id: feed.userId });
  if (!owner?.isActive) throw missing;
  const now = app.clock?.() ?? new Date();
  const from = new Date(now.getTime() - FEED_HISTORY_DAYS * 86_400_000);
  const tasks = await em.find(
    Task,
    { assignedToId: owner.id, scheduledDate: { $ne: null, $gte: from } },
    { orderBy: { scheduledDate: 'asc', id: 'asc' }, limit: FEED_MAX_EVENTS },
  );
  return calendarText({
    name: `Let work flow: ${[owner.firstName, owner.lastName].filter(Boolean).join(' ') || owner.username}`,
    timeZone: feed.timeZone,
    appOrigin,
    tasks: tasks.map((t) => ({ ...t, scheduledDate: t.scheduledDate! })),
  });
}
