import { useMemo, useRef } from 'react';
import { liveSince } from '../../../lib/live-start';
import { serialRefetch } from '../../../lib/serial-refetch';
import { useApolloClient, useSubscription } from '@apollo/client/react';
import { TaskDetailsEventsSubscription } from '../task.graphql';
import { applyCommentChange } from './useCommentMutations';
import { applySubtaskChange } from './useSubtaskMutations';

/**
 * Keeps an open task live: teammates' subtask and comment changes (and the task itself, which the
 * normalised cache merges) show without a reload. It starts from the last board event applied when
 * the task opened (before its details are read), so the server replays anything in between. Calls
 * `onGone` when the task is deleted or the viewer may no longer read it.
 */
export function useTaskLiveUpdates(taskId: string | null, onGone?: () => void): void {
  const gone = useRef(onGone);
  gone.current = onGone;
  // Read again for each task opened (no task: nothing to follow).
  const since = useMemo(() => (taskId ? liveSince() : null), [taskId]);
  const client = useApolloClient();
  const reloadActivity = useMemo(() => serialRefetch(() => client.refetchQueries({ include: ['TaskActivity', 'TaskAttachments', 'TaskTime'] })), [client]);
  useSubscription(TaskDetailsEventsSubscription, {
    variables: { taskId, since },
    skip: !taskId,
    ignoreResults: true,
    onData: ({ data }) => {
      const event = data.data?.boardEvents;
      if (!event || event.taskId !== taskId) return;
      const { cache } = client;
      switch (event.kind) {
        case 'SUBTASK_CREATED':
        case 'SUBTASK_UPDATED':
          if (event.subtask) applySubtaskChange(cache, event.taskId, { add: event.subtask, count: event.subtaskCount });
          break;
        case 'SUBTASK_DELETED':
          if (event.entityId) applySubtaskChange(cache, event.taskId, { removeId: event.entityId, count: event.subtaskCount });
          break;
        case 'COMMENT_CREATED':
        case 'COMMENT_UPDATED':
          if (event.comment) applyCommentChange(cache, event.taskId, { add: event.comment, count: event.commentCount });
          break;
        case 'COMMENT_DELETED':
          if (event.entityId) applyCommentChange(cache, event.taskId, { removeId: event.entityId, count: event.commentCount });
          break;
        case 'TASK_DELETED':
        case 'TASK_REMOVED':
          gone.current?.();
          return;
        default:
          break;
      }
      reloadActivity();
    },
  });
}
