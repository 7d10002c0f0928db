import { useMutation, useQuery } from '@apollo/client/react';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import { formatMinutes } from '../format';
import { RunningTimerQuery, StartTimerMutation, StopTimerMutation, TIME_REFETCH } from '../time.graphql';

/**
 * The viewer's timer for one task, wherever it is started or stopped (the task's Time section, a card's
 * menu, the command palette): whether it runs on this task, and Start/Stop with their toasts. Starting
 * stops a timer running on another task (one per person, on the server).
 */
export function useTaskTimer(taskId: string | null) {
  const { toast } = useToast();
  const { data } = useQuery(RunningTimerQuery, { fetchPolicy: 'cache-first' });
  const [start, { loading: starting }] = useMutation(StartTimerMutation, TIME_REFETCH);
  const [stop, { loading: stopping }] = useMutation(StopTimerMutation, TIME_REFETCH);
  const running = taskId !== null && data?.runningTimer?.taskId === taskId;

  const toggle = async (): Promise<void> => {
    if (!taskId) return;
    try {
      if (running) {
        const minutes = (await stop()).data?.stopTimer?.minutes;
        toast({ title: 'Timer stopped', description: typeof minutes === 'number' ? `${formatMinutes(minutes)} recorded.` : undefined });
      } else {
        await start({ variables: { taskId } });
        toast({ title: 'Timer started' });
      }
    } catch (err) {
      toast({
        title: running ? 'Could not stop the timer' : 'Could not start the timer',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return { running, busy: starting || stopping, toggle };
}
