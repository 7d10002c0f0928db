import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EmptyState, Loading } from '../../../ui/States';
import { CalendarFeedQuery, RotateCalendarFeedMutation } from '../settings.graphql';
import { CopyField } from './CopyField';
import { SettingsSection } from '../../../ui/SettingsSection';

/** Settings › Calendar feed: the secret iCalendar URL of the viewer's scheduled tasks, copy and rotate. */
export function CalendarFeedSection() {
  const { data, loading, error, refetch } = useQuery(CalendarFeedQuery);
  const [rotate] = useMutation(RotateCalendarFeedMutation, {
    update(cache, result) {
      const feed = result.data?.rotateCalendarFeed;
      if (feed) cache.writeQuery({ query: CalendarFeedQuery, data: { calendarFeed: feed } });
    },
  });
  const { toast } = useToast();
  const [confirming, setConfirming] = useState(false);

  const confirmRotate = async () => {
    try {
      await rotate();
      setConfirming(false);
      toast({ title: 'Feed URL replaced', description: 'Subscribe to the new URL; the old one no longer works.' });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to replace the feed URL'), variant: 'destructive' });
    }
  };

  let body;
  if (loading && !data) body = <Loading label="Loading feed..." />;
  else if (error || !data) {
    body = (
      <EmptyState title="The feed URL could not be loaded" action={<Button variant="outline" size="sm" onClick={() => void refetch()}>Try again</Button>}>
        {errorMessage(error, 'Failed to load the feed URL')}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <CopyField label="Calendar feed URL" value={data.calendarFeed.url} copiedTitle="Feed URL copied" testId="calendar-feed-url" />
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-slate-500">Keep it private: anyone with the URL can read your schedule. Replace it if it leaks.</p>
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
            Replace URL
          </Button>
        </div>
      </>
    );
  }

  return (
    <SettingsSection
      id="calendar-feed"
      title="Calendar feed"
      description="Subscribe to this URL in Google Calendar, Outlook or Apple Calendar to see your scheduled tasks there. Tasks with a time appear at that time in your time zone; the others as all-day events."
    >
      {body}
      <ConfirmDialog
        open={confirming}
        title="Replace the feed URL?"
        description="Calendars subscribed to the current URL stop updating. You will need to subscribe again with the new one."
        confirmLabel="Replace URL"
        onConfirm={confirmRotate}
        onCancel={() => setConfirming(false)}
      />
    </SettingsSection>
  );
}
