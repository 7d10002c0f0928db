import { Ctx, Field, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { ServiceContext } from '../../common/context.js';
import * as calendar from './calendar.service.js';

@ObjectType({ description: 'The viewer’s secret calendar feed (iCalendar): anyone with the URL can read it' })
export class CalendarFeedInfo {
  @Field(() => String, { description: 'Subscribe to it in a calendar app; no sign-in needed' })
  url!: string;
}

/** GraphQL adapter of the calendar feed service. */
@Resolver()
export class CalendarFeedResolver {
  @Query(() => CalendarFeedInfo, { description: 'The viewer’s calendar feed URL (created on first use; timed events in the request’s time zone)' })
  async calendarFeed(@Ctx() ctx: ServiceContext): Promise<CalendarFeedInfo> {
    return { url: await calendar.calendarFeedUrl(ctx) };
  }

  @Mutation(() => CalendarFeedInfo, { description: 'Replaces the viewer’s feed URL; the old one stops working' })
  async rotateCalendarFeed(@Ctx() ctx: ServiceContext): Promise<CalendarFeedInfo> {
    return { url: await calendar.rotateCalendarFeed(ctx) };
  }
}
