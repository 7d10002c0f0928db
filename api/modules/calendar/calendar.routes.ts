import { Router } from 'express';
import { handle, param, runtimeOf } from '../../rest/http.js';
import * as calendar from './calendar.service.js';

/** REST adapter of the calendar feed: the URL (GET, rotate) and the feed itself (no session). */
export function calendarRoutes(): Router {
  const r = Router();
  r.get(
    '/calendar/feed',
    handle(async (_req, ctx) => ({ url: await calendar.calendarFeedUrl(ctx) })),
  );
  r.post(
    '/calendar/feed/rotate',
    handle(async (_req, ctx) => ({ url: await calendar.rotateCalendarFeed(ctx) })),
  );
  r.get('/calendar/feeds/:file', async (req, res, next) => {
    try {
      const text = await calendar.renderCalendarFeed(runtimeOf(req), param(req, 'file'), `${req.protocol}://${req.get('host') ?? 'localhost'}`);
      res.setHeader('Cache-Control', 'private, no-cache');
      res.type('text/calendar; charset=utf-8').setHeader('Content-Disposition', 'inline; filename="let-work-flow.ics"');
      res.send(text);
    } catch (err) {
      next(err);
    }
  });
  return r;
}
