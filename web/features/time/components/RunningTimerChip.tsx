import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/icons';
import { formatElapsed, formatMinutes } from '../format';
import { RunningTimerQuery, StopTimerMutation, TIME_REFETCH } from '../time.graphql';

/** Now, again every second while `on` (the chip's clock ticks in the browser). */
function useNow(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [on]);
  return now;
}

/**
 * The viewer's running timer in the header: the task's title and the time so far (ticking each second),
 * with Stop. Nothing when no timer runs; read from the server on load, so it survives a reload.
 */
export function RunningTimerChip({ className = '' }: { className?: string }) {
  const { toast } = useToast();
  const { data } = useQuery(RunningTimerQuery, { fetchPolicy: 'cache-and-network' });
  const [stop, { loading }] = useMutation(StopTimerMutation, TIME_REFETCH);
  const timer = data?.runningTimer ?? null;
  const now = useNow(timer !== null);
  if (!timer) return null;
  const title = timer.task?.title ?? 'A task';
  const onStop = async () => {
    try {
      const result = await stop();
      const minutes = result.data?.stopTimer?.minutes;
      toast({
        title: 'Timer stopped',
        description: minutes === null || minutes === undefined ? undefined : `${formatMinutes(minutes)} recorded on "${title}".`,
      });
    } catch (err) {
      toast({ title: 'Could not stop the timer', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    }
  };
  return (
    <div
      role="group"
      aria-label="Running timer"
      data-testid="running-timer"
      className={`flex min-w-0 items-center gap-2 rounded-full border border-brand-200 bg-brand-50 py-0.5 pr-0.5 pl-2.5 text-sm text-brand-900 ${className}`}
    >
      <Icon.Clock width={15} height={15} aria-hidden="true" className="shrink-0" />
      <span className="min-w-0 truncate sm:max-w-[16rem]" title={title}>
        {title}
      </span>
      <time
        className="shrink-0 font-mono tabular-nums"
        aria-label="Time so far"
        dateTime={`PT${Math.max(0, Math.floor((now - Date.parse(timer.startedAt)) / 1000))}S`}
      >
        {formatElapsed(now - Date.parse(timer.startedAt))}
      </time>
      <Button variant="outline" size="sm" className="h-7 shrink-0 rounded-full px-2.5" onClick={() => void onStop()} disabled={loading}>
        Stop
      </Button>
    </div>
  );
}
