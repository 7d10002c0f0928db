import type { ServerModule } from '../../common/module.js';
import { CalendarFeed } from './calendar-feed.entity.js';
import { CalendarFeedResolver } from './calendar.resolver.js';
import { calendarRoutes } from './calendar.routes.js';

/** The calendar module's manifest: what it offers the composition root (api/modules/index.ts). */
export const calendarModule: ServerModule = {
  name: 'calendar',
  entities: [CalendarFeed],
  resolvers: [CalendarFeedResolver],
  routes: calendarRoutes,
};
