import { useMutation, useQuery } from '@apollo/client/react';
import { CalendarFeedQuery, RotateCalendarFeedMutation } from '../settings.graphql';
import { SecretSection, type SecretWords } from './SecretSection';

const WORDS: SecretWords = {
  noun: 'feed URL',
  loading: 'Loading feed...',
  copyLabel: 'Calendar feed URL',
  copied: 'Feed URL copied',
  hint: 'Keep it private: anyone with the URL can read your schedule. Replace it if it leaks.',
  rotate: 'Replace URL',
  confirmTitle: 'Replace the feed URL?',
  confirmDescription: 'Calendars subscribed to the current URL stop updating. You will need to subscribe again with the new one.',
  rotated: { title: 'Feed URL replaced', description: 'Subscribe to the new URL; the old one no longer works.' },
};

/** Settings › Calendar feed: the secret iCalendar URL of the viewer's scheduled tasks, copy and rotate. */
export function CalendarFeedSection() {
  const { data, loading, error, refetch } = useQuery(CalendarFeedQuery);
  const [rotate] = useMutation(RotateCalendarFeedMutation, {
    update(cache, result) {
      const feed = result.data?.rotateCalendarFeed;
      if (feed) cache.writeQuery({ query: CalendarFeedQuery, data: { calendarFeed: feed } });
    },
  });
  return (
    <SecretSection
      id="calendar-feed"
      title="Calendar feed"
      description="Subscribe to this URL in Google Calendar, Outlook or Apple Calendar to see your scheduled tasks there. Tasks with a time appear at that time in your time zone; the others as all-day events."
      words={WORDS}
      testId="calendar-feed-url"
      value={data?.calendarFeed.url}
      loading={loading}
      error={error}
      refetch={refetch}
      rotate={rotate}
    />
  );
}
