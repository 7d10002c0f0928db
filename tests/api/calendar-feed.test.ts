import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { startServer, type TestServer } from './support/server.js';
import { Client, signedIn } from './support/client.js';

/** A calendar day `days` from today (UTC), as yyyy-MM-dd. */
const dayFromNow = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Fetches a feed URL like a calendar app would: no cookie, no session. */
async function fetchFeed(url: string): Promise<{ status: number; type: string | null; text: string }> {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** The feed's events by UID, parsed by ical.js with the feed's own VTIMEZONEs registered. */
function parseEvents(text: string): Map<string, ICAL.Event> {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return new Map(calendar.getAllSubcomponents('vevent').map((v) => [String(v.getFirstPropertyValue('uid')), new ICAL.Event(v)]));
}

describe('calendar feed', () => {
  let server: TestServer;
  let admin: Client;
  let member: Client;
  let ids: Record<string, string>;

  beforeAll(async () => {
    server = await startServer();
    [admin, member] = await Promise.all([signedIn(server.url, 'admin'), signedIn(server.url, 'user')]);
    ids = Object.fromEntries((await admin.get('/api/users')).body.map((u: any) => [u.username, u.id]));
  });
  afterAll(() => server?.close());

  it('gives each user a stable secret URL; anonymous callers get 401', async () => {
    const first = await member.get('/api/calendar/feed');
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(new RegExp(`^${server.url}/api/calendar/feeds/[0-9a-f-]{36}\\.[A-Za-z0-9_-]{43}\\.ics$`));
    expect((await member.get('/api/calendar/feed')).body.url).toBe(first.body.url);
    expect((await member.gql('{ calendarFeed { url } }')).data.calendarFeed.url).toBe(first.body.url);
    expect((await admin.get('/api/calendar/feed')).body.url).not.toBe(first.body.url);
    expect((await new Client(server.url).get('/api/calendar/feed')).status).toBe(401);
    expect((await new Client(server.url).gql('{ calendarFeed { url } }')).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('serves the user’s scheduled tasks as RFC 5545 events, parsed by ical.js', async () => {
    const day = dayFromNow(5);
    const otherDay = dayFromNow(6);
    const post = async (c: Client, fields: Record<string, unknown>) => {
      const res = await c.post('/api/tasks', fields);
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    const timed = await post(member, { title: 'Review, plan; ship', scheduledDate: day, scheduledTime: '09:30', estimatedHours: 2 });
    const short = await post(member, { title: 'Stand-up', scheduledDate: day, scheduledTime: '14:00' });
    const allDay = await post(admin, { title: 'Offsite', scheduledDate: otherDay, assignedToId: ids.user });
    const unscheduled = await post(member, { title: 'Someday' });
    const notTheirs = await post(admin, { title: 'Admin’s own', scheduledDate: day, scheduledTime: '10:00', assignedToId: ids.admin });

    // The zone is the one of the client that reads the URL (the Settings page sends its own).
    const { body } = await member.request('GET', '/api/calendar/feed', undefined, { 'x-time-zone': 'Asia/Tokyo' });
    const feed = await fetchFeed(body.url);
    expect(feed.status).toBe(200);
    expect(feed.type).toMatch(/^text\/calendar/);
    expect(feed.text).toContain('BEGIN:VCALENDAR');

    const events = parseEvents(feed.text);
    const event = (id: string) => events.get(`${id}@let-work-flow`);
    expect(event(unscheduled)).toBeUndefined();
    expect(event(notTheirs)).toBeUndefined();

    const review = event(timed)!;
    expect(review.summary).toBe('Review, plan; ship');
    expect(review.startDate.isDate).toBe(false);
    expect(review.startDate.zone?.tzid).toBe('Asia/Tokyo');
    expect(review.startDate.toString()).toBe(`${day}T09:30:00`);
    // 09:30 in Tokyo (UTC+9, no daylight saving) is 00:30 UTC.
    expect(review.startDate.toJSDate().toISOString()).toBe(`${day}T00:30:00.000Z`);
    expect(review.duration.toSeconds()).toBe(2 * 3600);
    expect(review.component.getFirstPropertyValue('url')).toBe(`${server.url}/?task=${timed}`);

    expect(event(short)!.duration.toSeconds()).toBe(30 * 60);
    expect(event(short)!.startDate.toString()).toBe(`${day}T14:00:00`);

    const offsite = event(allDay)!;
    expect(offsite.startDate.isDate).toBe(true);
    expect(offsite.startDate.toString()).toBe(otherDay);
    expect(offsite.summary).toBe('Offsite');
  });

  it('writes timed events in UTC for a UTC reader', async () => {
    const day = dayFromNow(3);
    const id = (await member.post('/api/tasks', { title: 'UTC call', scheduledDate: day, scheduledTime: '08:15', estimatedHours: 0.5 })).body.id;
    const { body } = await member.request('GET', '/api/calendar/feed', undefined, { 'x-time-zone': 'UTC' });
    const text = (await fetchFeed(body.url)).text;
    expect(text).toContain(`DTSTART:${day.replaceAll('-', '')}T081500Z`);
    expect(parseEvents(text).get(`${id}@let-work-flow`)!.startDate.toJSDate().toISOString()).toBe(`${day}T08:15:00.000Z`);
  });

  it('rotates the URL: the old one answers 404, the new one serves the feed (REST and GraphQL)', async () => {
    const old = (await member.get('/api/calendar/feed')).body.url;
    const rotated = await member.post('/api/calendar/feed/rotate');
    expect(rotated.status).toBe(200);
    expect(rotated.body.url).not.toBe(old);
    expect((await fetchFeed(old)).status).toBe(404);
    expect((await fetchFeed(rotated.body.url)).status).toBe(200);
    expect((await member.get('/api/calendar/feed')).body.url).toBe(rotated.body.url);

    const viaGql = await member.gql('mutation { rotateCalendarFeed { url } }');
    expect(viaGql.errors).toBeUndefined();
    expect((await fetchFeed(rotated.body.url)).status).toBe(404);
    expect((await fetchFeed(viaGql.data.rotateCalendarFeed.url)).status).toBe(200);
    expect((await new Client(server.url).post('/api/calendar/feed/rotate')).status).toBe(401);
  });

  it('refuses forged, malformed and foreign-signed feed URLs with 404', async () => {
    const url: string = (await member.get('/api/calendar/feed')).body.url;
    const [, id, sig] = /\/([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})\.ics$/.exec(url)!;
    const flipped = sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A');
    const adminUrl: string = (await admin.get('/api/calendar/feed')).body.url;
    const adminSig = /\.([A-Za-z0-9_-]{43})\.ics$/.exec(adminUrl)![1];
    for (const path of [`${id}.${flipped}.ics`, `${id}.${adminSig}.ics`, `${id}.ics`, `${id}.${sig}`, 'nonsense.ics', `${id}.${sig}x.ics`]) {
      expect((await fetchFeed(`${server.url}/api/calendar/feeds/${path}`)).status).toBe(404);
    }
    expect((await fetchFeed(url)).status).toBe(200);
  });

  it('works with a personal API token, and a deactivated user’s feed answers 404', async () => {
    const created = await admin.post('/api/users', { username: 'feeduser', email: 'feeduser@example.com', password: 'feeduser123', role: 'member' });
    const person = await signedIn(server.url, 'feeduser', 'feeduser123');
    const { token } = (await person.post('/api/tokens', { name: 'Calendar script' })).body;
    const viaToken = await new Client(server.url, { authorization: `Bearer ${token}` }).get('/api/calendar/feed');
    expect(viaToken.status).toBe(200);
    expect((await fetchFeed(viaToken.body.url)).status).toBe(200);
    expect((await admin.patch(`/api/users/${created.body.id}`, { isActive: false })).status).toBe(200);
    expect((await fetchFeed(viaToken.body.url)).status).toBe(404);
  });
});
